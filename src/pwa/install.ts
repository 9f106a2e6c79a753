import { atom } from 'nanostores'

/** Chromium's `beforeinstallprompt` event (not in the DOM typings). */
interface InstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ readonly outcome: 'accepted' | 'dismissed' }>
}

/** The browser's offer to install Roam, kept from the moment it is made until it is used or Roam is installed. */
export const $installOffer = atom<InstallPromptEvent | null>(null)

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Roam shows its own "Install Roam" action instead of the browser's mini bar.
    event.preventDefault()
    $installOffer.set(event as InstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => $installOffer.set(null))
}

/** Shows the browser's install dialog; an offer can be used once. */
export async function installRoam(): Promise<void> {
  const offer = $installOffer.get()
  if (!offer) return
  $installOffer.set(null)
  await offer.prompt()
  await offer.userChoice
}

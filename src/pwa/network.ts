import { atom } from 'nanostores'

/** Whether the browser has a network connection (it says so on `online`/`offline`). */
export const $online = atom(typeof navigator === 'undefined' ? true : navigator.onLine)

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => $online.set(true))
  window.addEventListener('offline', () => $online.set(false))
}

/** The plain explanation next to an action that needs the network while there is none. */
export const NEEDS_NETWORK = 'You are offline: this needs an internet connection.'

import { atom } from 'nanostores'

/** Whether the browser has a network connection (it says so on `online`/`offline`). */
// Node has a `navigator` without `onLine`: pages rendered on the server assume a connection.
export const $online = atom<boolean>(typeof navigator === 'undefined' ? true : (navigator.onLine ?? true))

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => $online.set(true))
  window.addEventListener('offline', () => $online.set(false))
}

/** The plain explanation next to an action that needs the network while there is none. */
export const NEEDS_NETWORK = 'You are offline: this needs an internet connection.'

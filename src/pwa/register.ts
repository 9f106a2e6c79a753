import { TRIP_LIST_PATH } from './trip-urls.ts'

// The session's localStorage items (islands/session/store.ts), named here again so that this script imports
// nothing more and is inlined into the page instead of costing a request.
const USER_KEY = 'roam.user'
const TOKEN_KEY = 'roam.token'

type CacheEntry = string | [string, RequestInit]

/**
 * What this page loaded before the service worker controlled it (the first visit): the worker fetches
 * it again into its caches, so the page and, on My Itineraries, the saved trips open offline from now on.
 */
function loadedBeforeWorker(): CacheEntry[] {
  const entries: CacheEntry[] = [[location.href, { headers: { accept: 'text/html' } }]]
  const token = localStorage.getItem(TOKEN_KEY)
  if (location.pathname === '/my-itineraries' && localStorage.getItem(USER_KEY) && token) {
    entries.push([TRIP_LIST_PATH, { headers: { accept: 'application/json', authorization: `Bearer ${token}` } }])
  }
  return entries
}

/** Registers `/sw.js` once the page has loaded, so its download never slows the page itself. */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}

function register(): void {
  const firstVisit = !navigator.serviceWorker.controller
  navigator.serviceWorker
    .register('/sw.js', { scope: '/' })
    .then(async (registration) => {
      claimWhenActive(registration)
      if (!firstVisit) return
      const ready = await navigator.serviceWorker.ready
      ready.active?.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache: loadedBeforeWorker() } })
    })
    .catch((error: unknown) => console.warn('The service worker could not be registered', error))
}

/**
 * A worker that activates while this page is still loading claims every page but this one (the browser
 * skips a page not yet ready), which would then go on without it: its answers never kept offline, or an
 * update never taking over. So the page asks the active worker to take it, now and after each update.
 */
function claimWhenActive(registration: ServiceWorkerRegistration): void {
  const claim = () => {
    if (registration.active && navigator.serviceWorker.controller !== registration.active) registration.active.postMessage({ type: 'CLAIM' })
  }
  const watch = (worker: ServiceWorker | null) =>
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'activated') claim()
    })
  watch(registration.installing ?? registration.waiting)
  registration.addEventListener('updatefound', () => watch(registration.installing))
  claim()
}

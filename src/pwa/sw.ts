/// <reference lib="webworker" />
/**
 * Roam's service worker (built by service-worker-build.ts into `sw.js`). With Serwist:
 * - the precache holds this version's app shell (scripts, styles, icons, My Itineraries and the itinerary
 *   page); a new version is installed next to the old one and takes over only once all of it is stored;
 * - the runtime caches (cache-names.ts) keep what the traveller has seen: saved itineraries, pages,
 *   Roam Share's feed and photos. Updates leave them alone.
 * Everything is fetched from the network first when there is one, so the newest saved version wins.
 */
import { CacheFirst, CacheableResponsePlugin, ExpirationPlugin, NetworkFirst, Serwist, type PrecacheEntry, type SerwistPlugin } from 'serwist'
import { CACHES } from './cache-names.ts'
import { TRIP_LIST_PATH, isTripPath, tripPath } from './trip-urls.ts'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }
declare const __ROAM_VERSION__: string

/** Network first, but a traveller on a weak connection sees the kept copy after this many seconds. */
const NETWORK_TIMEOUT_SECONDS = 6

/**
 * The list of saved itineraries (what My Itineraries loads) is also kept trip by trip, under the address
 * the itinerary page loads one trip from, so every saved trip opens offline once the list was seen; a trip
 * that is no longer in the list is dropped.
 */
const keepEachTrip: SerwistPlugin = {
  cacheDidUpdate: async ({ cacheName, newResponse }) => {
    const trips = (await newResponse.clone().json()) as Array<{ saved_id: string }>
    if (!Array.isArray(trips)) return
    const cache = await caches.open(cacheName)
    const kept = new Set<string>()
    for (const trip of trips) {
      const url = new URL(tripPath(trip.saved_id), self.location.origin).href
      kept.add(url)
      await cache.put(url, new Response(JSON.stringify(trip), { headers: { 'content-type': 'application/json; charset=utf-8' } }))
    }
    for (const request of await cache.keys()) {
      if (isTripPath(new URL(request.url).pathname) && !kept.has(request.url)) await cache.delete(request)
    }
  },
}

/** A built script or style the precache stores is also kept in the assets cache, which updates do not empty. */
const keepAsset: SerwistPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    const url = new URL(request.url)
    if (!url.pathname.startsWith('/_astro/')) return
    await (await caches.open(CACHES.assets)).put(url.origin + url.pathname, newResponse.clone())
  },
}

const isPage = (request: Request, url: URL) =>
  !url.pathname.startsWith('/api/') && (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html'))

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: {
    cleanupOutdatedCaches: true,
    // `/itinerary?id=…&edit=1` is the one itinerary page shell.
    ignoreURLParametersMatching: [/.*/],
    plugins: [keepAsset],
  },
  skipWaiting: true,
  clientsClaim: true,
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === TRIP_LIST_PATH,
      handler: new NetworkFirst({ cacheName: CACHES.trips, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [keepEachTrip] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && isTripPath(url.pathname),
      handler: new NetworkFirst({ cacheName: CACHES.trips, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/roam-share-posts'),
      handler: new NetworkFirst({
        cacheName: CACHES.share,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [new ExpirationPlugin({ maxEntries: 40 })],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/uploads/') && request.destination === 'image',
      handler: new CacheFirst({
        cacheName: CACHES.media,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/_astro/'),
      handler: new CacheFirst({ cacheName: CACHES.assets, plugins: [new ExpirationPlugin({ maxEntries: 600 })] }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isPage(request, url),
      handler: new NetworkFirst({
        cacheName: CACHES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [new ExpirationPlugin({ maxEntries: 60 })],
      }),
    },
  ],
})

serwist.addEventListeners()

self.addEventListener('message', (event) => {
  if (event.data?.type === 'GET_VERSION') event.ports[0]?.postMessage(__ROAM_VERSION__)
})

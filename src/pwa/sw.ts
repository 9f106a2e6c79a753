/// <reference lib="webworker" />
/**
 * Roam's service worker (built by service-worker-build.ts into `sw.js`). With Serwist:
 * - the precache holds this version's app shell (scripts, styles, icons, My Itineraries and the itinerary
 *   page); a new version is installed next to the old one and takes over only once all of it is stored;
 * - the runtime caches (cache-names.ts) keep what the traveller has seen: saved itineraries, pages,
 *   Roam Share's feed and photos. Updates leave them alone.
 * Everything is fetched from the network first when there is one, so the newest saved version wins.
 */
import {
  CacheFirst,
  CacheableResponsePlugin,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type SerwistPlugin,
} from 'serwist'
import { CACHES, PERSONAL_CACHES, RETIRED_CACHES } from './cache-names.ts'
import { carriesSecret, isCopyOf, keepable, memberOf, personalKey, signedInNow } from './offline-copies.ts'
import { OFFLINE_PAGE, TRIP_LIST_PATH, isTripPath, tripPath } from './trip-urls.ts'

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] }
declare const __ROAM_VERSION__: string

/** Network first, but a traveller on a weak connection sees the kept copy after this many seconds. */
const NETWORK_TIMEOUT_SECONDS = 6

/**
 * A member's own answers (trips, profile, the feed as they see it) are kept under their address and the
 * member's id (offline-copies.ts), so they are only ever given back to that member, whoever used the device
 * before; nothing the server marks `no-store` is kept, and nothing for anyone but the member signed in now.
 * When the server refuses a member's token (the session was revoked, the account blocked), that member's
 * copies go.
 */
const perMember: SerwistPlugin = {
  cacheKeyWillBeUsed: ({ request }) => personalKey(request.url, memberOf(request)),
  cacheWillUpdate: async ({ request, response }) => (keepable(response) && (await signedInNow(memberOf(request))) ? response : null),
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 401 || response.status === 403) await forgetMember(memberOf(request))
    return response
  },
}

/**
 * Last after a member's copy is stored: if someone else signed in meanwhile (after the check before
 * storing), the member's copies go, this one with them.
 */
const stillSignedIn: SerwistPlugin = {
  cacheDidUpdate: async ({ request }) => {
    const member = memberOf(request)
    if (!(await signedInNow(member))) await forgetMember(member)
  },
}

/** Drops every copy kept for a member. */
async function forgetMember(member: string): Promise<void> {
  for (const name of PERSONAL_CACHES) {
    const cache = await caches.open(name)
    for (const key of await cache.keys()) if (isCopyOf(key.url, member)) await cache.delete(key)
  }
}

/**
 * The list of saved itineraries (what My Itineraries loads) is also kept trip by trip, under the address
 * the itinerary page loads one trip from (and the same member), so every saved trip opens offline once the
 * list was seen; a trip that is no longer in the list is dropped.
 */
const keepEachTrip: SerwistPlugin = {
  cacheDidUpdate: async ({ cacheName, request, newResponse }) => {
    const trips = (await newResponse.clone().json()) as Array<{ saved_id: string }>
    if (!Array.isArray(trips)) return
    const member = memberOf(request)
    const cache = await caches.open(cacheName)
    const kept = new Set<string>()
    for (const trip of trips) {
      const key = personalKey(new URL(tripPath(trip.saved_id), self.location.origin).href, member)
      kept.add(key)
      await cache.put(key, new Response(JSON.stringify(trip), { headers: { 'content-type': 'application/json; charset=utf-8' } }))
    }
    for (const key of await cache.keys()) {
      if (isTripPath(new URL(key.url).pathname) && isCopyOf(key.url, member) && !kept.has(key.url)) await cache.delete(key)
    }
  },
}

/** Pages are kept as last rendered, never a `no-store` one; a shared page the server says is gone is dropped. */
const keptPages: SerwistPlugin = {
  cacheWillUpdate: ({ response }) => (keepable(response) ? response : null),
  fetchDidSucceed: async ({ request, response }) => {
    if (response.status === 404 || response.status === 410) await (await caches.open(CACHES.shared)).delete(request.url)
    return response
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
  !url.pathname.startsWith('/api/') && !carriesSecret(url) && (request.mode === 'navigate' || (request.headers.get('accept') ?? '').includes('text/html'))

const isSharedPage = (url: URL) => url.pathname.startsWith('/itinerary/shared/')

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
  // A page never opened on this device, asked for offline: Roam's offline page, not the browser's error.
  fallbacks: { entries: [{ url: OFFLINE_PAGE, matcher: ({ request }) => request.destination === 'document' }] },
  runtimeCaching: [
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === TRIP_LIST_PATH,
      handler: new NetworkFirst({ cacheName: CACHES.trips, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [perMember, keepEachTrip, stillSignedIn] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && isTripPath(url.pathname),
      handler: new NetworkFirst({ cacheName: CACHES.trips, networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS, plugins: [perMember, stillSignedIn] }),
    },
    {
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/roam-share-posts'),
      handler: new NetworkFirst({
        cacheName: CACHES.share,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [perMember, new ExpirationPlugin({ maxEntries: 40 }), stillSignedIn],
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
      // The street map's style and tiles: the page's one cross-origin fetch (its policy allows only the map's
      // host); media from another host are images and videos, not fetches. Shown first from what is kept.
      matcher: ({ request, sameOrigin }) => !sameOrigin && request.method === 'GET' && request.destination === '',
      handler: new StaleWhileRevalidate({
        cacheName: CACHES.map,
        plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 3000, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
    {
      // Shared trips a member opened: kept apart, and dropped at logout with the member's other copies.
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isPage(request, url) && isSharedPage(url),
      handler: new NetworkFirst({
        cacheName: CACHES.shared,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [keptPages, new ExpirationPlugin({ maxEntries: 30 })],
      }),
    },
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && isPage(request, url),
      handler: new NetworkFirst({
        cacheName: CACHES.pages,
        networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
        plugins: [keptPages, new ExpirationPlugin({ maxEntries: 60 })],
      }),
    },
  ],
})

serwist.addEventListeners()

// Copies kept by an earlier version under their address alone (whoever asked): gone with the update.
self.addEventListener('activate', (event) => event.waitUntil(Promise.all(RETIRED_CACHES.map((name) => caches.delete(name)))))

self.addEventListener('message', (event) => {
  if (event.data?.type === 'GET_VERSION') event.ports[0]?.postMessage(__ROAM_VERSION__)
  // A page that loaded while this worker activated asks to be taken too (register.ts).
  if (event.data?.type === 'CLAIM') event.waitUntil(self.clients.claim())
})

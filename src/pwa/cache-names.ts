/**
 * The service worker's runtime caches. They outlive app updates (an update replaces only the precache, and
 * only once the new one is complete); the suffix changes only if what a cache holds changes shape.
 */
export const CACHES = {
  /** Saved itineraries as the API answered them: the list and each trip by id. */
  trips: 'roam-trips-v2',
  /** Pages as last rendered (Roam Share, home, ...), never one whose address carries a secret. */
  pages: 'roam-pages-v2',
  /** Shared itinerary pages the member opened. */
  shared: 'roam-shared-v1',
  /** Roam Share's answers (the feed as last seen, profiles). */
  share: 'roam-share-v2',
  /** Photos and posters from `/uploads/`. */
  media: 'roam-media-v1',
  /** Every built script and style ever precached, so a page kept from an older version still runs. */
  assets: 'roam-assets-v1',
  /** The street map's style and tiles from its host (MAP_STYLE_URL): a saved trip's days keep their map offline. */
  map: 'roam-map-v1',
  /** Who is signed in on this device now, as the page last said it (offline-copies.ts). */
  signedIn: 'roam-signed-in-v1',
} as const

/** What belongs to the signed-in traveller, dropped at logout and whenever the session ends. */
export const PERSONAL_CACHES = [CACHES.trips, CACHES.share, CACHES.media, CACHES.shared] as const

/** Caches of an earlier shape (keyed by address alone, a reset link's page among them): deleted on activation. */
export const RETIRED_CACHES = ['roam-trips-v1', 'roam-share-v1', 'roam-pages-v1'] as const

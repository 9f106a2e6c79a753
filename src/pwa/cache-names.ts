/**
 * The service worker's runtime caches. They outlive app updates (an update replaces only the precache, and
 * only once the new one is complete); the suffix changes only if what a cache holds changes shape.
 */
export const CACHES = {
  /** Saved itineraries as the API answered them: the list and each trip by id. */
  trips: 'roam-trips-v1',
  /** Pages as last rendered (shared itineraries, Roam Share, home, ...). */
  pages: 'roam-pages-v1',
  /** Roam Share's answers (the feed as last seen, profiles). */
  share: 'roam-share-v1',
  /** Photos and posters from `/uploads/`. */
  media: 'roam-media-v1',
  /** Every built script and style ever precached, so a page kept from an older version still runs. */
  assets: 'roam-assets-v1',
} as const

/** What belongs to the signed-in traveller, dropped at logout. */
export const PERSONAL_CACHES = [CACHES.trips, CACHES.share, CACHES.media] as const

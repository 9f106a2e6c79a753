/** Addresses the service worker and the pages share. The list of saved itineraries, kept for offline use: */
export const TRIP_LIST_PATH = '/saved-itineraries/user-full'

/** `GET /api/saved-itineraries/:id` (the itinerary page's load), not its `/share` or `/calendar` sub-paths. */
const ONE_TRIP = /^\/api\/saved-itineraries\/([^/]+)$/
export const tripPath = (savedId: string) => `/api/saved-itineraries/${encodeURIComponent(savedId)}`
export const isTripPath = (pathname: string) => ONE_TRIP.test(pathname) && pathname !== '/api/saved-itineraries/save-full'

/** What a page never opened on this device shows offline (src/pages/offline.astro, precached with the shell). */
export const OFFLINE_PAGE = '/offline'

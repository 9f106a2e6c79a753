import type { APIRequestContext, Page } from '@playwright/test'
import { apiLogIn, verifiedAccount } from './account.ts'
import { expect } from './fixtures.ts'

export interface Session {
  readonly email: string
  readonly user: unknown
  readonly accessToken: string
}

export interface SavedTrip extends Session {
  readonly savedId: string
  readonly title: string
}

/** A verified traveller, logged in through the API. */
export async function signedInTraveller(request: APIRequestContext): Promise<Session> {
  const email = await verifiedAccount(request, 'offline')
  const { user, accessToken } = await apiLogIn(request, email)
  return { email, user, accessToken }
}

/** A day of a planned trip, as far as the tests read it. */
export interface TripDay {
  readonly date: string
  readonly city: string
  readonly places: ReadonlyArray<{ readonly id: string }>
}

/**
 * Plans a four-day Paris and Rome trip and saves it in full for the member whose access token is given,
 * through the API (the planner has its own tests): its saved id and its days as saved.
 */
export async function saveParisRome(request: APIRequestContext, accessToken: string, title: string): Promise<{ savedId: string; itinerary: TripDay[] }> {
  const headers = { authorization: `Bearer ${accessToken}` }
  const trip = {
    origin_city: 'London',
    destinations: ['Paris', 'Rome'],
    trip_types: ['tourist-attractions'],
    pace: 'moderate',
    start_date: '2027-05-03',
    end_date: '2027-05-06',
  }
  const generated = await request.post('/api/itinerary/generate', { headers, data: trip })
  expect(generated.ok()).toBe(true)
  const { itinerary } = (await generated.json()) as { itinerary: TripDay[] }
  const tripData = {
    origin: 'London',
    destinations: ['Paris', 'Rome'],
    startDate: trip.start_date,
    endDate: trip.end_date,
    tripType: ['Tourist Attractions'],
    tripPace: 'moderate',
  }
  const saved = await request.post('/api/saved-itineraries/save-full', { headers, data: { tripData, editableItinerary: itinerary, title } })
  expect(saved.ok()).toBe(true)
  const { saved_id: savedId } = (await saved.json()) as { saved_id: string }
  return { savedId, itinerary }
}

/** A verified traveller with one saved two-city trip, made through the API. */
export async function travellerWithSavedTrip(request: APIRequestContext, title: string): Promise<SavedTrip> {
  const { email, user, accessToken } = await signedInTraveller(request)
  const { savedId } = await saveParisRome(request, accessToken, title)
  return { email, user, accessToken, savedId, title }
}

/** Signs the browser in the way the login page leaves it: the user and the token in localStorage (spec §3). */
export async function storeSession(page: Page, session: Session) {
  await page.evaluate(
    ([user, token]) => {
      localStorage.setItem('roam.user', user)
      localStorage.setItem('roam.token', token)
    },
    [JSON.stringify(session.user), session.accessToken] as const,
  )
}

/** Waits until the service worker controls the page and keeps `savedId` for offline use. */
export async function waitUntilKeptOffline(page: Page, savedId: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // Kept under its address and the member it was fetched for (src/pwa/offline-copies.ts).
  await page.waitForFunction(
    async (id) => (await caches.match(`/api/saved-itineraries/${encodeURIComponent(id)}`, { ignoreSearch: true })) !== undefined,
    savedId,
  )
}

/** The version of the service worker that controls the page. */
export function workerVersion(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = (event) => resolve(event.data as string)
        navigator.serviceWorker.controller!.postMessage({ type: 'GET_VERSION' }, [channel.port2])
      }),
  )
}

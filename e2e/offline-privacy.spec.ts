import type { Page } from '@playwright/test'
import { signIn } from './account.ts'
import { expect, test } from './fixtures.ts'
import { storeSession, travellerWithSavedTrip, waitUntilKeptOffline, type SavedTrip } from './saved-trip.ts'

/**
 * A shared computer: what the service worker keeps for one member offline is never shown to the next one,
 * whether the first logged out, or their session just ended; a reset link is never kept; a shared trip kept
 * offline goes at logout and once it is deleted.
 */
test.use({ serviceWorkers: 'allow' })

let first: SavedTrip
let second: SavedTrip
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
  first = await travellerWithSavedTrip(api, 'First member in Lisbon')
  second = await travellerWithSavedTrip(api, 'Second member in Porto')
  await api.dispose()
})

/** Every address the service worker's caches hold, with the cache's name. */
const keptAddresses = (page: Page) =>
  page.evaluate(async () => {
    const kept: string[] = []
    for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) kept.push(`${name} ${request.url}`)
    return kept
  })

const keptFor = async (page: Page, member: SavedTrip) =>
  (await keptAddresses(page)).filter((entry) => entry.includes(`roam-member=${(member.user as { id: string }).id}`))

test("the next member never sees the last one's trips, offline or on a slow network, though the last never logged out", async ({ page, context }) => {
  test.setTimeout(90_000)
  await page.goto('/')
  await storeSession(page, first)
  await page.goto('/my-itineraries')
  await expect(page.getByText(first.title)).toBeVisible()
  await waitUntilKeptOffline(page, first.savedId)

  // The first member walks away without logging out; the second one's session is put in place (a session
  // restored, no login page): the first member's copies are still on the device.
  await storeSession(page, second)
  await context.setOffline(true)
  await page.goto('/my-itineraries')
  await expect(page.getByText('You are offline.')).toBeVisible()
  await expect(page.getByText(first.title)).toHaveCount(0)
  await page.goto(`/itinerary?id=${first.savedId}`)
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toHaveCount(0)
  await context.setOffline(false)

  // Online, with the network slower than the worker waits for it (6 s): the copy it falls back to is the member's own, or none.
  await context.route('**/saved-itineraries/user-full', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 8000))
    await route.continue()
  })
  await page.goto('/my-itineraries')
  await expect(page.getByText(second.title)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByText(first.title)).toHaveCount(0)
  await context.unroute('**/saved-itineraries/user-full')
})

test('a member logging in on the device drops the last member’s copies, and the server ending a session drops its own', async ({ page, context }) => {
  await signIn(page, first.email)
  await page.goto('/my-itineraries')
  await waitUntilKeptOffline(page, first.savedId)
  // Its copy is tagged with the member as the worker stores it, which may come a moment after the copy is found.
  await expect.poll(() => keptFor(page, first)).not.toEqual([])

  await signIn(page, second.email)
  await expect.poll(() => keptFor(page, first)).toEqual([])
  await page.goto('/my-itineraries')
  await waitUntilKeptOffline(page, second.savedId)

  // The session ends on the server's side (its refresh cookie is gone, its access token past use): at the
  // next page the app finds it over, and the member's copies go with it.
  await context.clearCookies()
  await page.evaluate(() => {
    const [head, , signature] = localStorage.getItem('roam.token')!.split('.')
    const claims = { sub: JSON.parse(localStorage.getItem('roam.user')!).id, exp: Math.floor(Date.now() / 1000) - 60 }
    localStorage.setItem('roam.token', `${head}.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.${signature}`)
  })
  await page.goto('/my-itineraries')
  await expect(page).toHaveURL(/\/login/)
  await expect.poll(() => keptFor(page, second)).toEqual([])
})

test("the last member's answer still on its way when the next one signs in is not kept", async ({ page, context }) => {
  await signIn(page, first.email)
  await page.goto('/my-itineraries')
  await waitUntilKeptOffline(page, first.savedId)

  // The first member's list, asked for in another tab, answers only after the second member has signed in.
  const answered = new Promise<void>((resolve) => {
    void context.route('**/saved-itineraries/user-full', async (route) => {
      await new Promise((wait) => setTimeout(wait, 4000))
      await route.continue()
      resolve()
    })
  })
  const otherTab = await context.newPage()
  await otherTab.goto('/')
  void otherTab.evaluate(() =>
    fetch('/saved-itineraries/user-full', { headers: { authorization: `Bearer ${localStorage.getItem('roam.token')}` } }).then((response) => response.text()),
  )
  await signIn(page, second.email)
  await expect.poll(() => keptFor(page, first)).toEqual([])
  await answered
  // The worker stores what it keeps after the answer reaches the tab: none of it may be the first member's.
  for (let look = 0; look < 6; look++) {
    expect(await keptFor(page, first)).toEqual([])
    await page.waitForTimeout(500)
  }
  await context.unroute('**/saved-itineraries/user-full')
})

test('a reset link is never kept, and a shared trip kept offline goes at logout and once deleted', async ({ page, context, request }) => {
  const owner = await travellerWithSavedTrip(request, 'Shared from Faro')
  await page.goto('/reset-password?token=a-secret-reset-token-0123456789')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.reload()
  expect((await keptAddresses(page)).filter((entry) => entry.includes('token='))).toEqual([])

  const shareOf = async (trip: SavedTrip) => {
    const share = await request.post(`/api/saved-itineraries/${trip.savedId}/share`, { headers: { authorization: `Bearer ${trip.accessToken}` } })
    return new URL(((await share.json()) as { share_url: string }).share_url).pathname
  }
  const sharedPath = await shareOf(owner)
  await signIn(page, owner.email)
  await page.goto(sharedPath)
  await expect(page.getByRole('heading', { name: owner.title })).toBeVisible()
  await expect.poll(async () => (await keptAddresses(page)).some((entry) => entry.endsWith(sharedPath))).toBe(true)
  await page.goto('/profile')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect.poll(async () => (await keptAddresses(page)).some((entry) => entry.endsWith(sharedPath))).toBe(false)

  // Kept again, then deleted by its owner: the next visit online finds it gone, and offline it is gone too.
  await page.goto(sharedPath)
  await expect.poll(async () => (await keptAddresses(page)).some((entry) => entry.endsWith(sharedPath))).toBe(true)
  const deleted = await request.delete(`/saved-itineraries/${owner.savedId}`, { headers: { authorization: `Bearer ${owner.accessToken}` } })
  expect(deleted.ok()).toBe(true)
  await page.goto(sharedPath)
  await expect(page.getByRole('heading', { name: 'Invalid or expired link.' })).toBeVisible()
  await context.setOffline(true)
  await page.goto(sharedPath).catch(() => {})
  await expect(page.getByRole('heading', { name: owner.title })).toHaveCount(0)
  await context.setOffline(false)
})

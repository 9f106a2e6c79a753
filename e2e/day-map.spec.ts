import type { Locator, Page } from '@playwright/test'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { planTwoCityTrip } from './plan-trip.ts'

type Day = { places: Array<{ name: string }> }

const planned = (page: Page) => page.evaluate(() => (JSON.parse(sessionStorage.getItem('roam.itinerary')!) as { itineraryData: Day[] }).itineraryData)

/** The stops of a map region: buttons named "N. Place name" (the map's zoom and credit buttons aside). */
const stops = (region: Locator) => region.getByRole('button', { name: /^\d+\. / })

/** Tiles the test tile server has sent (e2e/map-tiles.ts). */
async function tilesServed(): Promise<number> {
  const answer = await fetch(new URL('/tiles-served', process.env.E2E_MAP_STYLE_URL))
  return Number(await answer.text())
}

/** Waits for the street map to draw over the drawing without tiles. */
async function streetMapShown(region: Locator) {
  await expect(region.locator('canvas')).toBeVisible()
  await expect(region.locator('svg[role="group"]')).toHaveCount(0)
}

test('each day has a map of its stops in order beside the calendar; a stop chosen on the map opens the place and is marked in the calendar; the whole trip too', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  await page.setViewportSize({ width: 1280, height: 800 })
  const before = await tilesServed()
  await planTwoCityTrip(page)
  const days = await planned(page)
  const map = page.getByRole('region', { name: 'Map of Day 1' })
  await streetMapShown(map)
  await expect.poll(tilesServed).toBeGreaterThan(before)
  // The page's policy lets the map reach its host and start its worker, and nothing else.
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([])
  await expect(map.getByText('© OpenStreetMap contributors (test tiles)')).toBeAttached()
  await expect(stops(map)).toHaveCount(days[0]!.places.length)
  await expect(stops(map).first()).toHaveAccessibleName(`1. ${days[0]!.places[0]!.name}`)
  await expectAccessibleAndFitting(page, 'itinerary with its day map at 1280 px')

  // The second stop, by keyboard: its details open, and the calendar marks it.
  const second = days[0]!.places[1]!.name
  await map.getByRole('button', { name: `2. ${second}` }).focus()
  await page.keyboard.press('Enter')
  const details = page.getByRole('dialog', { name: second })
  await expect(details).toBeVisible()
  await details
    .getByRole('button', { name: /^Close/ })
    .first()
    .click()
  await expect(page.locator('.place-card--chosen')).toHaveCount(1)
  await expect(page.locator('.place-card--chosen')).toContainText(second)
  await expect(map.getByRole('button', { name: `2. ${second}` })).toHaveAttribute('aria-pressed', 'true')

  // A place opened in the calendar brings its day onto the map, ringed there.
  const lastDay = days.length - 1
  const lastPlace = days[lastDay]!.places[0]!.name
  await page.locator('.day-column').nth(lastDay).locator('.place-card').first().click()
  await page
    .getByRole('dialog', { name: lastPlace })
    .getByRole('button', { name: /^Close/ })
    .first()
    .click()
  await expect(page.getByRole('region', { name: `Map of Day ${lastDay + 1}` }).getByRole('button', { name: `1. ${lastPlace}` })).toHaveAttribute(
    'aria-pressed',
    'true',
  )

  // The whole trip: every stop of every day.
  await page.getByLabel('Show on the map').selectOption({ label: 'Whole trip' })
  const trip = page.getByRole('region', { name: 'Map of the whole trip' })
  await expect(stops(trip)).toHaveCount(days.reduce((sum, day) => sum + day.places.length, 0))
})

test('without the street map’s host the day map is drawn without tiles: stops, legs and a scale, and no error', async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  await page.route(new URL('/**', process.env.E2E_MAP_STYLE_URL).href, (route) => route.abort())
  await page.setViewportSize({ width: 1280, height: 800 })
  await planTwoCityTrip(page)
  const days = await planned(page)
  const map = page.getByRole('region', { name: 'Map of Day 1' })
  await expect(map.locator('svg[role="group"]')).toBeVisible()
  await expect(stops(map)).toHaveCount(days[0]!.places.length)
  await expect(map.getByText(/^\d+ (m|km)$/)).toBeVisible()
  expect(errors).toEqual([])
})

test('on a phone the map is behind the Map button, and a stop chosen there opens its day', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 })
  await planTwoCityTrip(page)
  const days = await planned(page)
  await expect(page.getByRole('region', { name: /^Map of/ })).toHaveCount(0)
  await page.getByRole('button', { name: 'Map', exact: true }).click()
  await streetMapShown(page.getByRole('region', { name: 'Map of Day 1' }))
  await page.getByLabel('Show on the map').selectOption({ index: 2 })
  const third = days[2]!.places[0]!.name
  await page
    .getByRole('region', { name: 'Map of Day 3' })
    .getByRole('button', { name: `1. ${third}` })
    .click()
  await expect(page.getByRole('dialog', { name: third })).toBeVisible()
  await page
    .getByRole('dialog', { name: third })
    .getByRole('button', { name: /^Close/ })
    .first()
    .click()
  await expect(page.getByRole('list', { name: /visits in order$/ })).toContainText(third)
  // The map follows the day the phone shows.
  await page.getByRole('button', { name: 'Previous day' }).click()
  await expect(page.getByRole('region', { name: 'Map of Day 2' })).toBeVisible()
  await expectAccessibleAndFitting(page, 'itinerary with its day map at 375 px')
})

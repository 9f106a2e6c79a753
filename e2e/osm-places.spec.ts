import type { Page } from '@playwright/test'
import { startApp, type RunningTestApp } from './app-server.ts'
import { expect, test } from './fixtures.ts'
import { startFakeOverpass } from '../src/modules/places/providers/osm/fake-overpass.ts'
import { startFakeWikidata } from '../src/modules/places/providers/osm/fake-wikidata.ts'
import type { FakeService } from '../src/modules/places/providers/fake-server.ts'
import { MORE_PARIS_MUSEUMS, OSM_ELEMENTS, WIKIDATA_SITELINKS } from '../src/modules/places/providers/osm/test-osm-fixture.ts'

/** The app with PLACES_PROVIDER=osm, its Overpass and Wikidata local fakes speaking the documented formats. */
let app: RunningTestApp
let overpass: FakeService
let wikidata: FakeService

test.beforeAll(async () => {
  test.setTimeout(300_000)
  overpass = await startFakeOverpass([...OSM_ELEMENTS, ...MORE_PARIS_MUSEUMS])
  wikidata = await startFakeWikidata(WIKIDATA_SITELINKS)
  app = await startApp({ env: { PLACES_PROVIDER: 'osm', OVERPASS_URL: overpass.baseUrl, WIKIDATA_URL: wikidata.baseUrl, OSM_CONTACT: 'e2e@roam.example' } })
})

test.afterAll(async () => {
  await app?.stop()
  await Promise.all([overpass?.close(), wikidata?.close()])
})

/** The first Monday at least a month ahead, as the date input takes it, and the two days after. */
function mondayAhead(): [string, string, string] {
  const date = new Date(Date.now() + 30 * 86_400_000)
  while (date.getDay() !== 1) date.setDate(date.getDate() + 1)
  return [0, 1, 2].map((k) => {
    const day = new Date(date.getFullYear(), date.getMonth(), date.getDate() + k)
    return `${day.getFullYear()}-${String(day.getMonth() + 1).padStart(2, '0')}-${String(day.getDate()).padStart(2, '0')}`
  }) as [string, string, string]
}

const cardNames = (page: Page, day: number) =>
  page
    .locator('.day-column')
    .nth(day - 1)
    .locator('.place-card')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))

test('a 3-day Paris trip from OpenStreetMap keeps to each place’s hours and shows them', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const [monday, , wednesday] = mondayAhead()
  await page.goto('/')
  for (const [field, typed, suggestion, city] of [
    ['Origin', 'Lond', /^London, City of London/, 'London'],
    ['Destination 1', 'Pari', /^Paris, Île-de-France/, 'Paris'],
  ] as const) {
    await page.getByRole('combobox', { name: field }).fill(typed)
    await page.getByRole('option', { name: suggestion }).click()
    await expect(page.getByRole('combobox', { name: field })).toHaveValue(city)
  }
  await page.getByRole('button', { name: 'Remove destination 2' }).click()
  await page.getByLabel('Start date').fill(monday)
  await page.getByLabel('End date').fill(wednesday)
  await page.getByLabel('Tourist Attractions').check()
  await page.getByLabel('Cultural & Historical').check()
  await page.getByLabel('Moderate').check()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page).toHaveURL(/\/itinerary$/)
  await expect(page.locator('.day-column')).toHaveCount(3)

  const [mondayCards, tuesdayCards, wednesdayCards] = [await cardNames(page, 1), await cardNames(page, 2), await cardNames(page, 3)]
  for (const cards of [mondayCards, tuesdayCards, wednesdayCards]) expect(cards.length).toBeGreaterThan(0)
  // Closed on Tuesdays: the Louvre and the Centre Pompidou; closed on Mondays: the Musée d'Orsay and the municipal museums.
  expect(tuesdayCards.some((label) => /^(Louvre Museum|Centre Pompidou),/.test(label))).toBe(false)
  expect(mondayCards.some((label) => /^(Musée d'Orsay|Musée municipal \d+),/.test(label))).toBe(false)
  // Each card says the place's hours that day.
  const louvre = [...mondayCards, ...wednesdayCards].find((label) => label.startsWith('Louvre Museum,'))
  expect(louvre).toMatch(/Open 09:00–(18:00|21:45)$/)
  await expect(
    page
      .locator('.place-card__hours')
      .filter({ hasText: /^Open \d\d:\d\d–\d\d:\d\d/ })
      .first(),
  ).toBeVisible()
  await expect(page.getByText('Places and opening hours © OpenStreetMap contributors').first()).toBeVisible()
  await context.close()
})

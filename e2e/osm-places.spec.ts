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

/** A moderate 3-day Paris trip from London, tourist and cultural, from `first` to `last`. */
async function planParis(page: Page, first: string, last: string) {
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
  await page.getByLabel('Start date').fill(first)
  await page.getByLabel('End date').fill(last)
  await page.getByLabel('Tourist Attractions').check()
  await page.getByLabel('Cultural & Historical').check()
  await page.getByLabel('Moderate').check()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page).toHaveURL(/\/itinerary$/)
  await expect(page.locator('.day-column')).toHaveCount(3)
}

test('a 3-day Paris trip from OpenStreetMap keeps to each place’s hours and shows them', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const [monday, , wednesday] = mondayAhead()
  await planParis(page, monday, wednesday)

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
  // Its details link to the Wikipedia article OpenStreetMap names for it, in that article's language.
  await page.locator('.place-card', { hasText: 'Louvre Museum' }).first().click()
  const details = page.getByRole('dialog', { name: 'Louvre Museum' })
  await expect(details.getByRole('link', { name: 'Louvre Museum on Wikipedia (in French) (opens in a new tab)' })).toHaveAttribute(
    'href',
    'https://fr.wikipedia.org/wiki/Mus%C3%A9e_du_Louvre',
  )
  await context.close()
})

test('places added from Explore keep to their own hours: each goes where it fits, and once none fits the traveller is asked, in words', async ({ browser }) => {
  test.setTimeout(120_000)
  const context = await browser.newContext({ baseURL: app.baseUrl, viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const [monday, , wednesday] = mondayAhead()
  await planParis(page, monday, wednesday)
  const dayThree = page.locator('.day-column').nth(2).locator('.place-card')
  const minutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const explore = page.getByRole('complementary')
  await explore.getByLabel('Add places to').selectOption({ label: 'Day 3 · Paris' })

  // Add places with their own hours to a full day until one no longer fits: each before that goes inside its
  // hours without a word; that one asks first and goes where the question said.
  let asked = false
  for (let round = 0; round < 8 && !asked; round++) {
    const item = explore
      .getByRole('listitem')
      .filter({ hasText: /Open \d\d:\d\d–\d\d:\d\d/ })
      .filter({ has: page.getByRole('button', { name: /^Add / }) })
      .first()
    const [, opens, closes] = /Open (\d\d:\d\d)–(\d\d:\d\d)/.exec(await item.innerText())!
    // The hours are shown whole, never cut to "Open 09:30–1…".
    const meta = item.getByText(/Open \d\d:\d\d–\d\d:\d\d$/)
    expect(await meta.evaluate((node) => node.scrollWidth <= node.clientWidth)).toBe(true)
    const addButton = item.getByRole('button', { name: /^Add / })
    const name = /^Add (.+) to Day 3/.exec((await addButton.getAttribute('aria-label'))!)![1]!
    await addButton.click()
    const question = page.getByRole('dialog').filter({ hasText: name })
    const added = dayThree.filter({ hasText: new RegExp(`^${escaped(name)}`) })
    await expect(question.or(added)).toBeVisible()
    let offered: string | undefined
    if (await question.isVisible()) {
      asked = true
      const words = await question.innerText()
      expect(words).toMatch(
        new RegExp(
          `^${escaped(name)} (closes at ${closes}; the latest start that fits is \\d\\d:\\d\\d\\. Put it there\\?|is open ${opens}–${closes}, .+ anyway\\?)`,
        ),
      )
      offered = /(?:fits is|Add it at) (\d\d:\d\d)/.exec(words)![1]!
      const outside = words.includes('anyway')
      await question.getByRole('button', { name: 'Put it there' }).click()
      await expect(added).toHaveAttribute('aria-label', new RegExp(`, ${offered} to `))
      if (outside) continue
    }
    const [, start, end] = /, (\d\d:\d\d) to (\d\d:\d\d)/.exec((await added.getAttribute('aria-label'))!)!
    expect(minutes(start!)).toBeGreaterThanOrEqual(minutes(opens!))
    expect(minutes(end!)).toBeLessThanOrEqual(minutes(closes!))
  }
  expect(asked).toBe(true)
  await context.close()
})

import fs from 'node:fs'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { logIn, verifiedAccount } from './account.ts'
import { dateIn, pickCity, planTwoCityTrip } from './plan-trip.ts'

/** Half an hour on the calendar's grid (an hour is 100 px tall, HOUR_PX in DayCalendar.tsx). */
const HALF_HOUR_PX = 50

/** A verified account with a name that is not plain ASCII, shown on the shared page. */
async function account(request: APIRequestContext, name = 'Inès Voyageuse') {
  return { email: await verifiedAccount(request, 'planner', name), name }
}

const column = (page: Page, day: number) => page.locator('.day-column').nth(day - 1)
const cards = (page: Page, day: number) => column(page, day).locator('.place-card')

async function openPlace(card: Locator) {
  await card.click()
  const dialog = card.page().getByRole('dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

test('plan, edit, save while logged out, log in, share, open the link logged out, delete', async ({ page, browser, request }) => {
  test.setTimeout(120_000)
  const traveller = await account(request)
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)

  const calendar = page.getByRole('region', { name: 'Day calendar' })
  await expect(calendar.getByText('Day 1', { exact: true })).toBeVisible()
  await expect(page.locator('.day-column__head').nth(0)).toContainText('Paris')
  await expect(page.locator('.day-column__head').nth(2)).toContainText('Rome')
  expect(await cards(page, 1).count()).toBeGreaterThan(1)
  // The calendar opens at the days' first visit (moderate days start at 09:00), so none is cut off.
  const firstStart = Math.min(
    ...(await page
      .locator('.place-card')
      .evaluateAll((nodes) => nodes.map((node) => Number(/, (\d\d):\d\d to/.exec(node.getAttribute('aria-label') ?? '')?.[1] ?? 24)))),
  )
  expect(firstStart).toBeLessThan(10)
  expect(await page.getByLabel('Day calendar, scrollable').evaluate((node) => node.scrollTop)).toBe(firstStart * 100 - 12)

  // A visitor who is not logged in is offered Log in and Sign up, not the member links.
  const header = page.getByRole('navigation', { name: 'Main' })
  await expect(header.getByRole('link', { name: 'Log in' })).toBeVisible()
  await expect(header.getByRole('link', { name: 'Sign up' })).toBeVisible()
  for (const name of ['Roam Share', 'My Itineraries', 'Notifications', 'Profile']) await expect(header.getByRole('link', { name })).toHaveCount(0)

  // Outside edit mode a place opens its details: when, the leg to it, what it is, its hours, where to see it.
  const second = cards(page, 1).nth(1)
  const secondName = (await second.getAttribute('aria-label'))!.split(',')[0]!
  await second.click()
  const details = page.getByRole('dialog', { name: secondName })
  await expect(details.getByRole('term')).toContainText(['When', 'Getting there', 'Kind'])
  await expect(details.getByRole('definition').first()).toContainText(/^Day 1 · Paris, \d\d:\d\d–\d\d:\d\d \(/)
  await expect(details.getByRole('link', { name: `${secondName} on OpenStreetMap (opens in a new tab)` })).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/\?mlat=4[89]\.\d+&mlon=2\.\d+#map=18\//,
  )
  await expect(details.getByRole('link', { name: `${secondName} in Google Maps (opens in a new tab)` })).toHaveAttribute(
    'href',
    /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=4[89]\.\d+%2C2\.\d+$/,
  )
  await expect(details.getByRole('button', { name: 'Delete' })).toHaveCount(0)
  await details.getByRole('button', { name: 'Close' }).click()

  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  await expect(page.getByRole('button', { name: 'Exit Edit Mode' })).toBeVisible()

  // Saving is blocked in edit mode.
  await page.getByRole('button', { name: 'Save to My Itineraries' }).click()
  await expect(page.getByText('Please exit Edit Mode before saving your itinerary!')).toBeVisible()

  // Move: drag Day 1's last place an hour later, into the free evening, the card at the top of the grid so
  // that the pointer stays clear of the edge where the grid scrolls by itself.
  const last = cards(page, 1).last()
  const before = (await last.getAttribute('aria-label'))!
  const name = before.split(',')[0]!
  const [, startHour, startMinute] = /, (\d\d):(\d\d) to/.exec(before)!
  const scroller = page.getByLabel('Day calendar, scrollable')
  await scroller.evaluate((node, top) => (node.scrollTop = top), (Number(startHour) + Number(startMinute) / 60) * 100 - 20)
  const box = (await last.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 10)
  await page.mouse.down()
  await page.mouse.move(box.x + box.width / 2, box.y + 18, { steps: 3 })
  await page.mouse.move(box.x + box.width / 2, box.y + 110, { steps: 12 })
  await page.mouse.up()
  const moved = cards(page, 1).filter({ hasText: name }).first()
  await expect(moved).toHaveAttribute('aria-label', new RegExp(`, ${String(Number(startHour) + 1).padStart(2, '0')}:${startMinute} to`))

  // Resize: half an hour.
  let dialog = await openPlace(moved)
  await dialog.getByLabel('Duration').selectOption({ label: '0.5 h' })
  await dialog.getByRole('button', { name: 'Change duration' }).click()
  await expect(dialog).toBeHidden()
  await expect(cards(page, 1).filter({ hasText: name }).first()).toHaveAttribute('aria-label', /, 0\.5 h/)

  // One refused move, with its message: another city's day.
  dialog = await openPlace(cards(page, 1).filter({ hasText: name }).first())
  await dialog.getByLabel('Day').selectOption({ label: 'Day 3 · Rome' })
  await dialog.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'You cannot move an attraction to a different city.' })).toBeVisible()
  // Said once, in the dialog: no toast repeats it behind the backdrop. Counted once, not awaited (a toast
  // goes after 8 s, so waiting for a count of one would pass with the toast shown too).
  await page.waitForTimeout(500)
  expect(await page.getByText('You cannot move an attraction to a different city.').count()).toBe(1)
  await dialog.getByRole('button', { name: 'Close' }).click()

  // Delete: the day reflows so that its first place starts at 10:00.
  const dayTwoCount = await cards(page, 2).count()
  dialog = await openPlace(cards(page, 2).first())
  await dialog.getByRole('button', { name: 'Delete' }).click()
  await expect(cards(page, 2)).toHaveCount(dayTwoCount - 1)
  await expect(cards(page, 2).first()).toHaveAttribute('aria-label', /, 10:00 to /)

  // Add from Explore to Day 1, then undo it.
  const dayOneCount = await cards(page, 1).count()
  const explore = page.getByRole('complementary')
  await explore.getByLabel('Add places to').selectOption({ label: 'Day 1 · Paris' })
  // One with its kind's typical hours: it takes the first free time, as the spec says (a place's own hours are below).
  const addButton = explore
    .getByRole('listitem')
    .filter({ hasText: 'Typical hours' })
    .getByRole('button', { name: /^Add .+ to Day 1 · Paris$/ })
    .first()
  const added = /^Add (.+) to Day 1/.exec((await addButton.getAttribute('aria-label'))!)![1]!
  await addButton.click()
  await expect(page.getByText(`${added} added.`)).toBeVisible()
  await expect(cards(page, 1)).toHaveCount(dayOneCount + 1)
  // Day 1 begins with the journey from London: the added place goes after the arrival, not at the spec's 10:00.
  const [, arrivalHour, arrivalMinute] = /Arrive from London around (\d\d):(\d\d)/.exec(await page.locator('.day-column__head').first().innerText())!
  const addedLabel = (await cards(page, 1).filter({ hasText: added }).first().getAttribute('aria-label'))!
  const [, addedHour, addedMinute] = /, (\d\d):(\d\d) to/.exec(addedLabel)!
  expect(Number(addedHour) * 60 + Number(addedMinute)).toBeGreaterThanOrEqual(Number(arrivalHour) * 60 + Number(arrivalMinute))
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(cards(page, 1)).toHaveCount(dayOneCount)

  await page.getByRole('button', { name: 'Exit Edit Mode' }).click()

  // Save while logged out: the name prompt, then the login page.
  await page.getByRole('button', { name: 'Save to My Itineraries' }).click()
  const prompt = page.getByRole('dialog', { name: 'Save to My Itineraries' })
  // A name is proposed: the cities and the month the trip starts.
  await expect(prompt.getByLabel('Trip name')).toHaveValue(/^Paris & Rome, [A-Z][a-z]+ \d{4}$/)
  await prompt.getByLabel('Trip name').fill('')
  await prompt.getByRole('button', { name: 'Save' }).click()
  await expect(prompt.getByText('Trip name is required to save!')).toBeVisible()
  await prompt.getByLabel('Trip name').fill('Paris and Rome in spring')
  await prompt.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('You must be logged in to save your itinerary!')).toBeVisible()
  await expect(page).toHaveURL(/\/login\?from=%2Fitinerary$/)

  // Log in: the pending save is saved, and My Itineraries shows it, opened.
  await logIn(page, traveller.email)
  await expect(page).toHaveURL(/\/my-itineraries\?saved=[\w-]+$/)
  const card = page.getByRole('listitem').filter({ hasText: 'Paris and Rome in spring' })
  await expect(card).toBeVisible()
  await expect(card).toContainText('Paris → Rome')
  // Each action says what it does in words, not only in an icon.
  for (const [name, text] of [
    ['Edit Paris and Rome in spring', 'Edit'],
    ['Share Paris and Rome in spring', 'Share'],
    ['Add Paris and Rome in spring to calendar', 'Calendar'],
    ['Delete Paris and Rome in spring', 'Delete'],
  ] as const)
    await expect(card.getByRole(name.startsWith('Edit') ? 'link' : 'button', { name })).toHaveText(text)

  // The trip just saved is open on its read-only calendar, its card focused; a card's button folds it.
  const toggle = card.getByRole('button', { name: /^Paris and Rome in spring/ })
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(toggle).toBeFocused()
  await expect(card.getByRole('region', { name: 'Paris and Rome in spring: day calendar' })).toBeVisible()
  await expect(card.locator('.day-column').first().locator('.place-card')).toHaveCount(dayOneCount)

  // Share: the read-only link, Copy, Close.
  // The card's thumbnail: the days in Paris, their stops and legs, drawn from the saved plan.
  expect(await card.locator('svg circle').count()).toBeGreaterThan(2)
  await card.getByRole('button', { name: 'Share Paris and Rome in spring' }).click()
  const share = page.getByRole('dialog', { name: 'Share itinerary' })
  const link = await share.getByLabel('Read-only link').inputValue()
  expect(link).toMatch(/\/itinerary\/shared\/[\w-]{22}$/)
  await share.getByRole('button', { name: 'Copy' }).click()
  await expect(share.getByRole('button', { name: 'Copied!' })).toBeVisible()
  await share.getByRole('button', { name: 'Close' }).click()
  await expect(share).toBeHidden()

  // The link, opened logged out in a fresh browser context.
  const visitor = await browser.newContext()
  const open = await visitor.newPage()
  const response = await open.goto(link)
  expect(response!.status()).toBe(200)
  expect(response!.headers()['cache-control']).toContain('public')
  expect(response!.headers()['etag']).toBeTruthy()
  await expect(open.getByRole('heading', { level: 1, name: 'Paris and Rome in spring' })).toBeVisible()
  await expect(open.getByText('Destination', { exact: true })).toBeVisible()
  await expect(open.getByText('Paris, Rome', { exact: true })).toBeVisible()
  await expect(open.getByText('Dates', { exact: true })).toBeVisible()
  await expect(open.getByText('Planned by', { exact: true })).toBeVisible()
  await expect(open.getByText(traveller.name, { exact: true })).toBeVisible()
  await expect(open.getByRole('link', { name: 'Create your own itinerary' })).toHaveAttribute('href', '/')
  await expect(open.getByRole('heading', { name: /^Day 1\s*Paris$/ })).toBeVisible()
  await expect(open.getByRole('heading', { name: /^Day 3\s*Rome$/ })).toBeVisible()
  await expect(open.getByText(/^Start time: \d\d:(00|30)$/).first()).toBeVisible()
  await expect(open.getByText(/^Duration: [\d.]+ h$/).first()).toBeVisible()
  await expect(open.getByText(/^Travel from previous: [1-9]\d* min$/).first()).toBeVisible()
  await expect(open.getByText(/^Shared on \d{1,2} \w{3} \d{4}/)).toBeVisible()
  // The edits made before saving are what the link shows: the moved place's half hour.
  await expect(
    open
      .locator('.shared-place')
      .filter({ has: open.getByRole('heading', { name, exact: true }) })
      .first(),
  ).toContainText('Duration: 0.5 h')
  // Each day's stops on a map drawn by the server, numbered as the day's list.
  const firstDay = open.locator('ol > li.card').first()
  const dayMap = firstDay.getByRole('img', { name: 'Map of Day 1' })
  await expect(dayMap).toBeVisible()
  const stopsOfDay = await firstDay.locator('.shared-place').count()
  expect(await dayMap.locator('circle').count()).toBe(stopsOfDay)
  expect(await dayMap.locator('line').count()).toBeGreaterThanOrEqual(stopsOfDay - 1)
  // None of the app's JavaScript: only the inlined script that registers the service worker.
  expect(await open.locator('script[src], script[type="module"]').count()).toBe(0)
  expect(await open.locator('script').count()).toBe(1)
  await expectAccessibleAndFitting(open, 'shared page')

  // Delete, after the confirmation; the link stops working.
  await card.getByRole('button', { name: 'Delete Paris and Rome in spring' }).click()
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this saved itinerary?' })
  await expect(confirm).toContainText('If you shared it, its link stops working too.')
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText("You haven't saved any itineraries yet.")).toBeVisible()
  const gone = await open.goto(link)
  expect(gone!.status()).toBe(404)
  await expect(open.getByRole('heading', { name: 'Invalid or expired link.' })).toBeVisible()
  await expect(open.getByRole('link', { name: 'Go Home' })).toHaveAttribute('href', '/')
  await visitor.close()
})

test('the home form asks for every field, and its city fields take only picked suggestions', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('combobox', { name: 'Destination 2' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove destination 1' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Remove destination 2' }).click()
  await expect(page.getByRole('combobox', { name: 'Destination 2' })).toHaveCount(0)
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  // The spec's words, then which fields: a city typed but not picked from the list is one of them.
  await expect(page.getByRole('alert')).toContainText('Please fill in all fields before generating the itinerary.')
  await expect(page.getByRole('alert')).toContainText('Still needed: Origin (type a city and pick it from the list), Destination 1')

  await page.getByRole('combobox', { name: 'Origin' }).fill('Lond')
  await expect(page.getByRole('option', { name: /^London, City of London/ })).toBeVisible()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page.getByRole('alert')).toContainText('Still needed: Origin (type a city and pick it from the list)')
  await page.getByRole('combobox', { name: 'Origin' }).fill('Lond')
  await expect(page.getByRole('option', { name: /^London, City of London/ })).toBeVisible()
  await page.getByRole('combobox', { name: 'Origin' }).fill('')
  await expect(page.getByRole('option')).toHaveCount(0)
  await expect(page.getByLabel('Start date')).toHaveAttribute('min', dateIn(0))
  await page.getByLabel('Start date').fill(dateIn(10))
  await expect(page.getByLabel('End date')).toHaveAttribute('min', dateIn(10))
  await expect(page.getByText('Plan with Ease,')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Three steps to your next trip' })).toBeVisible()
})

test('a town with too few places gets a day trip, then free time, and the plan says why above the calendar', async ({ page }) => {
  await page.goto('/')
  await pickCity(page, 'Origin', 'Lond', /^London, City of London/, 'London')
  await pickCity(page, 'Destination 1', 'Sitg', /^Sitges/, 'Sitges')
  await page.getByRole('button', { name: 'Remove destination 2' }).click()
  await page.getByLabel('Start date').fill(dateIn(30))
  await page.getByLabel('End date').fill(dateIn(32))
  await page.getByLabel('Tourist Attractions').check()
  await page.getByLabel('Moderate').check()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page).toHaveURL(/\/itinerary$/)
  const notices = page.getByRole('list', { name: 'About this plan' })
  await expect(notices).toContainText(/^Sitges has \d+ places? to visit: days? .*free time\. Give Sitges fewer days/)
  // The notice is kept with the page: a reload shows it again.
  await page.reload()
  await expect(page.getByRole('list', { name: 'About this plan' })).toContainText('free time')
})

test('the day counts move a day between cities: the trip is planned again around its locks and deletions, compared first, and one Undo takes it back', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)
  const day = (index: number) => column(page, index)

  // A lock on Rome's last day (day 4, a date Rome keeps) and a place deleted from Paris' first day.
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const pin = day(4)
    .getByRole('button', { name: /^Lock / })
    .first()
  const lockedName = (await pin.getAttribute('aria-label'))!.replace(/^Lock /, '')
  await pin.click()
  const lockedCard = day(4).locator('.place-card', { hasText: lockedName })
  const lockedAt = (await lockedCard.getAttribute('aria-label'))!.split(', ').slice(0, 2).join(', ')
  const deleted = day(1).locator('.place-card').first()
  const deletedName = (await deleted.getAttribute('aria-label'))!.split(', ')[0]!
  await (await openPlace(deleted)).getByRole('button', { name: 'Delete' }).click()
  await expect(day(1).locator('.place-card', { hasText: deletedName })).toHaveCount(0)
  const placesOf = (index: number) =>
    day(index)
      .locator('.place-card')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')!.split(', ')[0]!))
  const dayTwo = await placesOf(2)

  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByRole('img', { name: 'Route map: Paris → Rome' })).toBeVisible()
  // The pace is chosen in the app's own select, not the browser's bare one.
  await expect(page.getByLabel('Pace')).toHaveCSS('appearance', 'none')
  await expect(page.getByRole('button', { name: 'Confirm & Update Itinerary' })).toHaveCount(0)
  // The arrows are part of each city's day count, not a way to reorder the cities.
  const parisDays = page.getByRole('group', { name: 'Days in Paris' })
  await expect(parisDays.getByRole('button', { name: 'One more day in Paris' })).toBeVisible()
  await parisDays.getByRole('button', { name: 'One more day in Paris' }).click()
  await expect(parisDays).toHaveText('3 days')
  await expect(page.getByRole('listitem').filter({ hasText: 'Rome' }).getByText('1 day')).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: 'One day moved from Rome to Paris.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'One day fewer in Rome' })).toBeDisabled()
  await page.getByRole('button', { name: 'Confirm & Update Itinerary' }).click()

  // Nothing changes before Accept: the new plan is shown beside the current one.
  const compare = page.getByRole('dialog', { name: 'Update the itinerary' })
  await expect(compare.getByRole('region', { name: /^Day 1, / }).getByRole('heading', { name: 'Updated' })).toBeVisible()
  await compare.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Itinerary updated.')).toBeVisible()
  // It changes as little as it must: Paris's second day, which nothing forced to change, keeps its places.
  expect((await placesOf(2)).sort()).toEqual([...dayTwo].sort())
  await expect(page.getByRole('tab', { name: 'Itinerary', selected: true })).toBeVisible()
  await expect(page.locator('.day-column__head').nth(2)).toContainText('Paris')
  await expect(page.locator('.day-column__head').nth(3)).toContainText('Rome')
  // The lock is on its date and time; the deleted place has not come back.
  await expect(day(4).locator(`.place-card[aria-label^="${lockedAt}"]`)).toHaveCount(1)
  await expect(page.locator('.day-column .place-card', { hasText: deletedName })).toHaveCount(0)

  // One Undo: the days as they were, and the Overview's counts with them.
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(page.locator('.day-column')).toHaveCount(4)
  await expect(page.locator('.day-column__head').nth(2)).toContainText('Rome')
  await expect(day(4).locator(`.place-card[aria-label^="${lockedAt}"]`)).toHaveCount(1)
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByRole('listitem').filter({ hasText: 'Paris' }).getByText('2 days')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Confirm & Update Itinerary' })).toHaveCount(0)
})

test('an Undo of an edit leaves the day counts the traveller is still choosing in the Overview', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  await (await openPlace(cards(page, 1).first())).getByRole('button', { name: 'Delete' }).click()
  await page.getByRole('tab', { name: 'Overview' }).click()
  await page.getByRole('button', { name: 'One more day in Paris' }).click()
  await expect(page.getByRole('group', { name: 'Days in Paris' })).toHaveText('3 days')
  await page.getByRole('tab', { name: 'Itinerary' }).click()
  await page.getByRole('button', { name: 'Undo' }).click()
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByRole('group', { name: 'Days in Paris' })).toHaveText('3 days')
  await expect(page.getByRole('button', { name: 'Confirm & Update Itinerary' })).toBeVisible()
})

test('a trip moves to other dates: re-planned for the new dates, its locks kept on their days, compared first, and Undo takes it back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)
  const subtitle = page.getByRole('main').locator('header p').first()
  const datesBefore = await subtitle.innerText()
  const headsBefore = await page.locator('.day-column__head').allInnerTexts()

  // A lock on day 2 stays on the trip's second day, whatever its date.
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const pin = column(page, 2)
    .getByRole('button', { name: /^Lock / })
    .first()
  const lockedName = (await pin.getAttribute('aria-label'))!.replace(/^Lock /, '')
  await pin.click()

  await page.getByRole('tab', { name: 'Overview' }).click()
  await page.getByLabel('Starts on').fill(dateIn(44))
  await page.getByRole('button', { name: 'Confirm & Update Itinerary' }).click()
  await page.getByRole('dialog', { name: 'Update the itinerary' }).getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Itinerary updated.')).toBeVisible()
  await expect(subtitle).not.toHaveText(datesBefore)
  const headsAfter = await page.locator('.day-column__head').allInnerTexts()
  expect(headsAfter).toHaveLength(headsBefore.length)
  expect(headsAfter[0]).not.toEqual(headsBefore[0])
  await expect(column(page, 2).locator('.place-card', { hasText: lockedName })).toHaveAttribute('aria-label', /\(locked\)/)

  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(subtitle).toHaveText(datesBefore)
  expect(await page.locator('.day-column__head').allInnerTexts()).toEqual(headsBefore)
})

test('on a phone the itinerary reads one day at a time, top to bottom: every visit with its time, length and leg; a moved visit is followed', async ({
  page,
}, testInfo) => {
  await page.setViewportSize({ width: 375, height: 812 })
  await planTwoCityTrip(page)
  const view = page.getByRole('region', { name: 'Day by day' })
  await expect(view.getByRole('heading', { name: /^Day 1 · Paris/ })).toBeVisible()
  await expect(page.locator('.day-calendar__inner')).toHaveCount(0)

  // Every visit shows its time and length, and each after the first the leg before it; nothing only on hover.
  const visits = view.getByRole('list', { name: 'Day 1 · Paris, visits in order' }).getByRole('button', { name: /\d\d:\d\d–\d\d:\d\d/ })
  const count = await visits.count()
  expect(count).toBeGreaterThan(1)
  for (const text of await visits.allInnerTexts()) expect(text).toMatch(/^\d\d:\d\d–\d\d:\d\d · [\d.]+ h/)
  await expect(view.getByText(/min (walk|by transit|by taxi|ride)?.*from the previous place/).first()).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('day-view-375.png'), fullPage: true })
  await expectAccessibleAndFitting(page, 'the day view at 375 px')

  // The next day, by its button; a visit opens its details.
  await view.getByRole('button', { name: 'Next day' }).click()
  await expect(view.getByRole('heading', { name: /^Day 2 · Paris/ })).toBeVisible()
  await view.getByRole('button', { name: 'Previous day' }).click()
  const firstVisit = visits.first()
  const name = (await firstVisit.innerText()).split('\n')[1]!.trim()
  await firstVisit.click()
  await expect(page.getByRole('dialog', { name })).toContainText('See on OpenStreetMap')
  await page.getByRole('dialog', { name }).getByRole('button', { name: 'Close' }).click()

  // In edit mode, moving the visit to day 2 shows day 2 with it; its lock sits beside the card, not over it.
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  await expect(view.getByRole('button', { name: `Lock ${name}` })).toBeVisible()
  await visits.first().click()
  const editor = page.getByRole('dialog', { name })
  await editor.getByLabel('Day', { exact: true }).selectOption({ label: 'Day 2 · Paris' })
  await editor.getByLabel('Start time').selectOption({ label: '20:00' })
  await editor.getByRole('button', { name: 'Move', exact: true }).click()
  await expect(view.getByRole('heading', { name: /^Day 2 · Paris/ })).toBeVisible()
  await expect(view.getByRole('button', { name: new RegExp(`^20:00–.*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })).toBeVisible()
})

test('the planner screens have no serious accessibility violations and fit a phone and a desktop', async ({ page, request }) => {
  test.setTimeout(120_000)
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/')
    await expect(page.getByRole('combobox', { name: 'Origin' })).toBeVisible()
    await expectAccessibleAndFitting(page, `home at ${width} px`)
  }
  await planTwoCityTrip(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(page.getByRole('tab', { name: 'Explore' })).toBeVisible()
  await expectAccessibleAndFitting(page, 'itinerary at 375 px')
  await page.getByRole('tab', { name: 'Explore' }).click()
  await expect(page.getByRole('heading', { name: 'Explore' })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect(page.getByRole('tab', { name: 'Explore' })).toHaveCount(0)
  await expect(page.getByRole('complementary').getByRole('heading', { name: 'Explore' })).toBeVisible()
  await expectAccessibleAndFitting(page, 'itinerary at 1280 px')

  const traveller = await account(request)
  await page.goto('/login?from=%2Fmy-itineraries')
  await logIn(page, traveller.email)
  await expect(page.getByText("You haven't saved any itineraries yet.")).toBeVisible()
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await expectAccessibleAndFitting(page, `my itineraries at ${width} px`)
  }
})

test('a place can be moved with the keyboard alone: Space picks it up, arrows move it by half an hour, Space drops it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const card = cards(page, 1).last()
  const label = (await card.getAttribute('aria-label'))!
  const name = label.split(',')[0]!
  const [, hours, minutes] = /, (\d\d):(\d\d) to/.exec(label)!
  const later = Number(hours) * 60 + Number(minutes) + 60
  // Where the card sits on the hour grid, whatever the calendar has scrolled to keep it in view.
  const gridOffset = async () => {
    const [cardBox, gridBox] = await Promise.all([
      cards(page, 1).filter({ hasText: name }).first().boundingBox(),
      page.locator('.day-calendar__inner').first().boundingBox(),
    ])
    return Math.round(cardBox!.y - gridBox!.y)
  }
  await card.focus()
  const before = await gridOffset()
  await page.keyboard.press('Space')
  await expect(page.getByRole('status').filter({ hasText: `${name} is over Day 1 · Paris.` })).toBeAttached()
  for (const shift of [HALF_HOUR_PX, 2 * HALF_HOUR_PX]) {
    await page.keyboard.press('ArrowDown')
    await expect.poll(gridOffset).toBe(before + shift)
  }
  await page.keyboard.press('Space')
  const expected = `${String(Math.floor(later / 60)).padStart(2, '0')}:${String(later % 60).padStart(2, '0')}`
  await expect(cards(page, 1).filter({ hasText: name }).first()).toHaveAttribute('aria-label', new RegExp(`, ${expected} to`))
  await page.getByRole('button', { name: 'Undo' }).click()
  await expect(cards(page, 1).filter({ hasText: name }).first()).toHaveAttribute('aria-label', label)
})

test('a place dropped on a busy slot goes in there and what follows moves on; while dragged it says when it would start', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 })
  await planTwoCityTrip(page)
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const minutesOf = (text: string) => {
    const [, hours, minutes] = /(\d\d):(\d\d) to/.exec(text)!
    return Number(hours) * 60 + Number(minutes)
  }
  // Two visits of Paris's second day after its breaks: the later one is dropped on the earlier one's start.
  const labels = await cards(page, 2).evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')!))
  const breaks = await column(page, 2)
    .locator('[role="listitem"][aria-label*=" to "]:not(:has(.place-card))')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label')!))
  const afterBreaks = Math.max(0, ...breaks.map((text) => minutesOf(text.replace(/^.*?(\d\d:\d\d) to (\d\d:\d\d)$/, '$2 to'))))
  const later = labels.filter((label) => minutesOf(label) >= afterBreaks)
  expect(later.length).toBeGreaterThanOrEqual(2)
  const [stayed, dropped] = [later.at(-2)!, later.at(-1)!]
  const [stayedName, droppedName] = [stayed.split(',')[0]!, dropped.split(',')[0]!]
  const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

  await cards(page, 2).filter({ hasText: droppedName }).first().focus()
  await page.keyboard.press('Space')
  for (let step = minutesOf(dropped); step > minutesOf(stayed); step -= 30) await page.keyboard.press('ArrowUp')
  await expect(page.getByTestId('drop-marker')).toHaveText(`Starts at ${clock(minutesOf(stayed))}; the next visit moves on`)
  await page.keyboard.press('Space')
  await expect(page.getByTestId('drop-marker')).toHaveCount(0)
  await expect(cards(page, 2).filter({ hasText: droppedName }).first()).toHaveAttribute('aria-label', new RegExp(`, ${clock(minutesOf(stayed))} to`))
  const pushed = (await cards(page, 2).filter({ hasText: stayedName }).first().getAttribute('aria-label'))!
  expect(minutesOf(pushed)).toBeGreaterThan(minutesOf(stayed))
  // It leaves the leg's travel time after the dropped visit, as the planner would.
  expect(pushed).toMatch(/, \d+ min [a-z ]+ from the previous place/)

  // A longer visit pushes what follows on by the same leg, not to the minute it ends.
  const dialog = await openPlace(cards(page, 2).filter({ hasText: droppedName }).first())
  const length = Number(await dialog.getByLabel('Duration').inputValue())
  await dialog.getByLabel('Duration').selectOption(String(length + 1))
  await dialog.getByRole('button', { name: 'Change duration' }).click()
  await expect(dialog).toBeHidden()
  const droppedEnd = minutesOf(stayed) + (length + 1) * 60
  const leg = Number(/, (\d+) min [a-z ]+ from the previous place/.exec(pushed)![1])
  const pushedAgain = (await cards(page, 2).filter({ hasText: stayedName }).first().getAttribute('aria-label'))!
  expect(minutesOf(pushedAgain)).toBeGreaterThanOrEqual(droppedEnd + leg)
})

test('days start where the traveller stays, say the journey there, keep a lunch break and say how each leg is made', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await pickCity(page, 'Origin', 'Lond', /^London, City of London/, 'London')
  await pickCity(page, 'Destination 1', 'Pari', /^Paris, Île-de-France/, 'Paris')
  await page.getByRole('button', { name: 'Remove destination 2' }).click()
  // Where one stays is found by the place search, within the destination.
  await page.getByRole('combobox', { name: 'Where are you staying in Paris?' }).fill('Louv')
  await page.getByRole('option', { name: /^Louvre Museum/ }).click()
  await expect(page.getByText('Each day in Paris starts and ends at Louvre Museum.')).toBeVisible()
  await page.getByLabel('Start date').fill(dateIn(30))
  await page.getByLabel('End date').fill(dateIn(32))
  await page.getByLabel('Tourist Attractions').check()
  await page.getByLabel('Cultural & Historical').check()
  await page.getByLabel('Moderate').check()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page).toHaveURL(/\/itinerary$/)

  // Day 1 begins after the journey from London; day 2 runs through midday and keeps its lunch.
  await expect(page.locator('.day-column__head').nth(0)).toContainText(/Arrive from London around \d\d:\d\d/)
  await expect(column(page, 2).getByRole('listitem', { name: /^Lunch break, 1[2-3]:[03]0 to 1[3-4]:[03]0$/ })).toBeVisible()
  const legs = await page.locator('.place-card').evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? ''))
  expect(legs.some((label) => / min (walk|by transit or taxi) from the previous place/.test(label))).toBe(true)

  // The Overview keeps where one stays, to change it and plan again.
  await page.getByRole('tab', { name: 'Overview' }).click()
  await expect(page.getByRole('combobox', { name: 'Where are you staying in Paris?' })).toHaveValue('Louvre Museum')
})

test('each day goes along as directions in Google Maps and OpenStreetMap, and the trip downloads as GPX and KML', async ({ page }) => {
  test.setTimeout(90_000)
  await planTwoCityTrip(page)
  const along = page.getByRole('region', { name: 'Take the days along' })
  const dayWithStops = await column(page, 2).locator('.place-card').count()

  // Day 2's map: as many numbered stops as the day has visits.
  await expect(along.getByRole('img', { name: 'Map of Day 2' }).locator('circle')).toHaveCount(dayWithStops)

  // Day 2's directions: its stops in order, in one Google Maps address.
  const google = new URL((await along.getByRole('link', { name: 'Directions in Google Maps, day 2' }).getAttribute('href'))!)
  expect(google.origin).toBe('https://www.google.com')
  const stops = [google.searchParams.get('origin'), ...(google.searchParams.get('waypoints')?.split('|') ?? []), google.searchParams.get('destination')]
  expect(stops).toHaveLength(Math.min(dayWithStops, 11))
  await along.getByLabel('Directions for day 2 in OpenStreetMap, leg by leg').click()
  await expect(along.getByRole('link', { name: / → / }).first()).toHaveAttribute(
    'href',
    /^https:\/\/www\.openstreetmap\.org\/directions\?engine=fossgis_osrm_(foot|car)&route=/,
  )

  for (const format of ['GPX', 'KML'] as const) {
    const download = page.waitForEvent('download')
    await along.getByRole('button', { name: `Download ${format}` }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`Paris-Rome-trip.${format.toLowerCase()}`)
    const text = fs.readFileSync(await file.path(), 'utf8')
    expect(text).toContain(format === 'GPX' ? '<gpx version="1.1"' : '<kml xmlns="http://www.opengis.net/kml/2.2">')
    expect(text.match(format === 'GPX' ? /<rte>/g : /<Folder>/g)?.length).toBeGreaterThan(1)
  }
  await expectAccessibleAndFitting(page, 'the itinerary with its directions')
  await page.setViewportSize({ width: 375, height: 800 })
  await expect(along.getByRole('button', { name: 'Download GPX' })).toBeVisible()
  await along.screenshot({ path: test.info().outputPath('take-along-375.png') })
  await expectAccessibleAndFitting(page, 'the itinerary with its directions on a phone')
})

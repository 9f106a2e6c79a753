import type { Page } from '@playwright/test'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { planTwoCityTrip } from './plan-trip.ts'
import { signedInTraveller, storeSession } from './saved-trip.ts'

const column = (page: Page, day: number) => page.locator('.day-column').nth(day - 1)

/** "Louvre (locked), 10:00 to 12:00, 2 h" → "Louvre (locked), 10:00 to 12:00": the place, and when it is. */
const placeAndTime = (label: string) => label.split(', ').slice(0, 2).join(', ')

// A traveller far from UTC: History says its times in the reader's own zone.
test.use({ timezoneId: 'Asia/Tokyo' })

test('lock two places, re-plan at another pace, compare, accept, save; History compares the versions and restores the first', async ({
  page,
  request,
}, testInfo) => {
  // About 40 s on a quiet machine; its five accessibility scans of long pages took over two minutes once while
  // the rest of the browser tests ran beside it on two cores.
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/')
  await storeSession(page, await signedInTraveller(request))
  await planTwoCityTrip(page)

  // The plan as generated is version 1.
  await page.getByRole('button', { name: 'Save to My Itineraries' }).click()
  const prompt = page.getByRole('dialog', { name: 'Save to My Itineraries' })
  await prompt.getByLabel('Trip name').fill('Paris and Rome, my way')
  await prompt.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Saved to My Itineraries.')).toBeVisible()

  // A saved trip is shared from its own page too.
  await page.getByRole('toolbar', { name: 'Itinerary actions' }).getByRole('button', { name: 'Share' }).click()
  const share = page.getByRole('dialog', { name: 'Share itinerary' })
  expect(await share.getByLabel('Read-only link').inputValue()).toMatch(/\/itinerary\/shared\/[\w-]{22}$/)
  await share.getByRole('button', { name: 'Close' }).click()

  // Lock the first place of day 1 and of day 3, by their pin buttons.
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const locked: string[] = []
  for (const day of [1, 3]) {
    const pin = column(page, day)
      .getByRole('button', { name: /^Lock / })
      .first()
    const name = (await pin.getAttribute('aria-label'))!.replace(/^Lock /, '')
    await pin.click()
    await expect(column(page, day).getByRole('button', { name: `Unlock ${name}` })).toHaveAttribute('aria-pressed', 'true')
    const card = column(page, day).locator('.place-card', { hasText: name })
    locked.push(placeAndTime((await card.getAttribute('aria-label'))!))
  }
  expect(locked.every((label) => label.includes('(locked)'))).toBe(true)
  const before = await page.locator('.day-column .place-card').count()

  // Change the pace in the Overview and re-plan: nothing changes before Accept.
  await page.getByRole('tab', { name: 'Overview' }).click()
  await page.getByLabel('Pace').selectOption('fast-paced')
  await expect(page.getByText('2 locked places stay where they are')).toBeVisible()
  await page.getByRole('button', { name: 'Re-plan around my locks' }).click()
  const compare = page.getByRole('dialog', { name: 'Re-plan around my locks' })
  await expect(compare.getByRole('status')).toContainText(/places? added/)
  await expect(compare.getByRole('region', { name: /^Day 1, / }).getByRole('heading', { name: 'Re-planned' })).toBeVisible()
  await page.screenshot({ path: testInfo.outputPath('compare-1280.png') })
  await expectAccessibleAndFitting(page, 'compare view at 1280 px')
  await page.setViewportSize({ width: 375, height: 800 })
  await page.screenshot({ path: testInfo.outputPath('compare-375.png') })
  await expectAccessibleAndFitting(page, 'compare view at 375 px')
  await page.setViewportSize({ width: 1280, height: 900 })
  await compare.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByText('Itinerary re-planned around your locks.')).toBeVisible()

  // The locked places are where they were; the rest is planned at the faster pace.
  await expect(page.getByRole('tab', { name: 'Itinerary', selected: true })).toBeVisible()
  const after = await page.locator('.day-column .place-card').count()
  expect(after).toBeGreaterThan(before)
  for (const label of locked) await expect(page.locator(`.day-column .place-card[aria-label^="${label}"]`)).toHaveCount(1)

  await page.getByRole('button', { name: 'Exit Edit Mode' }).click()
  await page.getByRole('button', { name: 'Save to My Itineraries' }).click()
  await expect(page.getByText('Saved to My Itineraries.')).toBeVisible()

  // History: two versions; compare them, then restore the first.
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: 'History' })
  const versions = history.getByRole('list', { name: 'Versions' }).getByRole('listitem')
  await expect(versions).toHaveCount(2)
  await expect(versions.nth(0)).toContainText('Version 2 · Re-planned')
  await expect(versions.nth(0)).toContainText('Re-planned around 2 locked places')
  await expect(versions.nth(1)).toContainText('Version 1 · Saved')
  await expect(versions.nth(0)).toContainText(/\d\d:\d\d GMT\+9 · /)
  await page.screenshot({ path: testInfo.outputPath('history-1280.png') })
  await expectAccessibleAndFitting(page, 'History at 1280 px')
  await history.getByLabel(/Version 1 · /).check()
  await history.getByLabel(/Version 2 · /).check()
  await history.getByRole('button', { name: 'Compare selected' }).click()
  const side = page.getByRole('dialog', { name: 'Version 1 and version 2' })
  await expect(side.getByRole('region', { name: /^Day 1, / }).getByRole('heading', { name: 'Version 2' })).toBeVisible()
  await side.getByRole('button', { name: 'Close' }).last().click()
  await history.getByRole('button', { name: 'Restore version 1' }).click()
  await expect(page.getByText('Version 1 restored.')).toBeVisible()
  await expect(page.locator('.day-column .place-card')).toHaveCount(before)
  await expect(page.locator('.place-card--locked')).toHaveCount(0)

  await page.getByRole('button', { name: 'History' }).click()
  await expect(versions).toHaveCount(3)
  await expect(versions.nth(0)).toContainText('Version 3 · Restored')
  await expect(versions.nth(0)).toContainText('Restored version 1')
  await page.getByRole('dialog', { name: 'History' }).getByRole('button', { name: 'Close' }).first().click()

  // A visit made longer is a change History names, not "No changes".
  await page.getByRole('button', { name: 'Edit Itinerary' }).click()
  const visit = column(page, 2).locator('.place-card').last()
  const visitName = (await visit.getAttribute('aria-label'))!.split(', ')[0]!.replace(' (locked)', '')
  await visit.click()
  const details = page.getByRole('dialog', { name: visitName })
  const length = await details.getByLabel('Duration').inputValue()
  await details.getByLabel('Duration').selectOption(String(Number(length) + 0.5))
  await details.getByRole('button', { name: 'Change duration' }).click()
  await expect(details).toBeHidden()
  await page.getByRole('button', { name: 'Exit Edit Mode' }).click()
  await page.getByRole('button', { name: 'Save to My Itineraries' }).click()
  await expect(page.getByText('Saved to My Itineraries.')).toBeVisible()
  await page.getByRole('button', { name: 'History' }).click()
  await expect(versions).toHaveCount(4)
  await expect(versions.nth(0)).toContainText(`${visitName} on day 2: `)
})

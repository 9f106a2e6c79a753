import type { Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { logIn, tokenOf, verifiedAccount } from './account.ts'
import { expect, test } from './fixtures.ts'
import { saveParisRome, type TripDay } from './saved-trip.ts'
import { shareUser, uniqueSuffix } from './share-accounts.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-e2e-trips-'))

/** Saves a four-day Paris and Rome trip for the signed-in member of the page: its saved id and days. */
const saveTrip = async (page: Page, title: string) => saveParisRome(page.request, (await tokenOf(page))!, title)

const placesPerDay = (days: readonly TripDay[]) => days.map((day) => day.places.map((place) => place.id))

test('a member attaches a saved trip to a photo post; another finds it under Trips, makes it their own a month later and saves it; the author sees the count and a notification', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const suffix = uniqueSuffix()
  const authorName = `tripper_${suffix}`
  const readerName = `copier_${suffix}`
  const author = await shareUser(browser, baseURL, 'trip-author', authorName)
  const reader = await shareUser(browser, baseURL, 'trip-reader', readerName)
  const title = `Paris and Rome ${suffix}`
  const { itinerary: original } = await saveTrip(author, title)

  // The author shares a photo with the trip attached.
  const file = path.join(work, 'seine.jpg')
  await sharp({ create: { width: 1200, height: 900, channels: 3, background: 'hsl(210, 50%, 50%)' } })
    .jpeg()
    .toFile(file)
  await author.goto('/create-post')
  await author.getByLabel(/^Choose photos/).setInputFiles([file])
  await author.getByRole('combobox', { name: /Location/ }).fill('Paris, France')
  await author.getByRole('button', { name: 'scenic views', exact: true }).click()
  await author.getByLabel('Attach a trip').selectOption({ label: `${title} (4 days)` })
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author).toHaveURL(/\/roam-share$/, { timeout: 20_000 })

  // The reader finds it under Trips, opens it and reads the trip day by day.
  await reader.goto('/roam-share')
  await reader.getByRole('button', { name: 'Trips', exact: true }).click()
  const tile = reader.getByRole('button', { name: `Photo by ${authorName} at Paris, France, with a 4-day trip` })
  await expect(tile).toBeVisible()
  await tile.click()
  const modal = reader.getByRole('dialog', { name: `Post by ${authorName}` })
  const card = modal.getByRole('region', { name: `Trip: ${title}` })
  await expect(card).toContainText('Paris · 2 days, Rome · 2 days')
  await card.getByRole('button', { name: 'View trip' }).click()
  const days = modal.getByRole('list', { name: 'The trip day by day' })
  await expect(days.getByRole('heading', { level: 3 })).toHaveCount(4)
  await expect(days.getByRole('heading', { level: 3 }).first()).toContainText('Day 1')
  for (const width of [375, 1280]) {
    await reader.setViewportSize({ width, height: 800 })
    await expectAccessibleAndFitting(reader, `trip post modal at ${width} px`)
  }

  // A month later: the same cities, days and places per day, credited to the author.
  await modal.getByLabel('Your trip starts on').fill('2027-06-07')
  await modal.getByRole('button', { name: 'Use this trip' }).click()
  await expect(reader).toHaveURL(/\/itinerary$/, { timeout: 60_000 })
  await expect(reader.getByText(`Based on @${authorName}'s trip`)).toBeVisible()
  await expect(reader.getByRole('link', { name: `@${authorName}` })).toHaveAttribute('href', `/u/${authorName}`)
  const copy = await reader.evaluate(() => JSON.parse(sessionStorage.getItem('roam.itinerary')!) as { itineraryData: TripDay[] })
  expect(copy.itineraryData.map((day) => [day.date, day.city])).toEqual([
    ['2027-06-07', 'Paris'],
    ['2027-06-08', 'Paris'],
    ['2027-06-09', 'Rome'],
    ['2027-06-10', 'Rome'],
  ])
  expect(placesPerDay(copy.itineraryData).map((ids) => [...ids].sort())).toEqual(placesPerDay(original).map((ids) => [...ids].sort()))

  await reader.getByRole('button', { name: 'Save to My Itineraries' }).click()
  const prompt = reader.getByRole('dialog', { name: 'Save to My Itineraries' })
  await prompt.getByLabel('Trip name').fill(`My copy ${suffix}`)
  await prompt.getByRole('button', { name: 'Save' }).click()
  await reader.goto('/my-itineraries')
  await expect(reader.getByRole('listitem').filter({ hasText: `My copy ${suffix}` })).toBeVisible()

  // The author sees one copy on the card, and who made it.
  await author.goto('/roam-share')
  await author.getByRole('button', { name: 'Trips', exact: true }).click()
  await author.getByRole('button', { name: `Photo by ${authorName} at Paris, France, with a 4-day trip` }).click()
  await expect(author.getByRole('region', { name: `Trip: ${title}` })).toContainText('1 traveller made it their own')
  await author.goto('/notifications')
  await expect(author.getByText(`@${readerName} made your Paris trip their own`)).toBeVisible()

  // Both profiles list the trip post.
  await author.goto('/profile')
  await expect(author.getByRole('heading', { name: 'My Trips' })).toBeVisible()
  await reader.goto(`/u/${authorName}`)
  await reader
    .getByRole('region', { name: `Trip: ${title}` })
    .getByRole('button', { name: 'View trip' })
    .click()
  await expect(reader.getByRole('dialog', { name: `Post by ${authorName}` })).toBeVisible()

  // The original post deleted, the copy stays as saved.
  const headers = { authorization: `Bearer ${await tokenOf(author)}` }
  const [post] = (await (await author.request.get('/api/roam-share-posts/my-posts', { headers })).json()) as Array<{ post_id: string }>
  expect((await author.request.delete(`/api/roam-share-posts/delete/${post!.post_id}`, { headers })).ok()).toBe(true)
  const saved = (await (
    await reader.request.get('/saved-itineraries/user-full', { headers: { authorization: `Bearer ${await tokenOf(reader)}` } })
  ).json()) as Array<{ title: string; itinerary_data: TripDay[] }>
  const kept = saved.find((trip) => trip.title === `My copy ${suffix}`)!
  expect(placesPerDay(kept.itinerary_data)).toEqual(placesPerDay(copy.itineraryData))
  await reader.goto('/my-itineraries')
  await expect(reader.getByRole('listitem').filter({ hasText: `My copy ${suffix}` })).toBeVisible()
})

test('a visitor copies a shared trip to other dates and saves it through the login page', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const suffix = uniqueSuffix()
  const owner = await shareUser(browser, baseURL, 'shared-owner', `sharer_${suffix}`)
  const { savedId, itinerary: original } = await saveTrip(owner, `Shared ${suffix}`)
  const headers = { authorization: `Bearer ${await tokenOf(owner)}` }
  const shared = (await (await owner.request.post(`/api/saved-itineraries/${savedId}/share`, { headers })).json()) as { share_url: string }

  const visitor = await (await browser.newContext({ baseURL })).newPage()
  const email = await verifiedAccount(visitor.request, 'copier')
  await visitor.goto(new URL(shared.share_url).pathname)
  await visitor.getByRole('link', { name: 'Copy this trip' }).click()
  await expect(visitor.getByRole('heading', { level: 1, name: `Shared ${suffix}` })).toBeVisible()
  await expectAccessibleAndFitting(visitor, 'copy a shared trip')
  await visitor.getByLabel('Your trip starts on').fill('2027-09-06')
  await visitor.getByRole('button', { name: 'Copy this trip' }).click()
  await expect(visitor).toHaveURL(/\/itinerary$/, { timeout: 60_000 })
  const copy = await visitor.evaluate(() => JSON.parse(sessionStorage.getItem('roam.itinerary')!) as { itineraryData: TripDay[] })
  expect(copy.itineraryData[0]!.date).toBe('2027-09-06')
  expect(placesPerDay(copy.itineraryData).map((ids) => [...ids].sort())).toEqual(placesPerDay(original).map((ids) => [...ids].sort()))

  await visitor.getByRole('button', { name: 'Save to My Itineraries' }).click()
  const prompt = visitor.getByRole('dialog', { name: 'Save to My Itineraries' })
  await prompt.getByLabel('Trip name').fill(`Copied ${suffix}`)
  await prompt.getByRole('button', { name: 'Save' }).click()
  await expect(visitor).toHaveURL(/\/login\?from=%2Fitinerary$/)
  await logIn(visitor, email)
  await expect(visitor).toHaveURL(/\/my-itineraries\?saved=[\w-]+$/)
  await expect(visitor.getByRole('listitem').filter({ hasText: `Copied ${suffix}` })).toBeVisible()
})

import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { signIn, verifiedAccount } from './account.ts'
import { expect, test } from './fixtures.ts'
import { shareUser, uniqueSuffix } from './share-accounts.ts'
import { storeSession, travellerWithSavedTrip } from './saved-trip.ts'

async function photo(): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'roam-e2e-messages-')), 'harbour.jpg')
  await sharp({ create: { width: 800, height: 600, channels: 3, background: 'hsl(200, 60%, 50%)' } })
    .jpeg()
    .toFile(file)
  return file
}

test('create-post: the tag message goes once a tag is chosen, and "Post shared" is shown on the feed it moves to', async ({ browser, baseURL }) => {
  test.setTimeout(90_000)
  const poster = `poster_${uniqueSuffix()}`
  const page = await shareUser(browser, baseURL, 'poster', poster)
  await page.goto('/create-post')
  await page.getByLabel(/^Choose photos/).setInputFiles(await photo())
  await page.getByRole('combobox', { name: /Location/ }).fill('Lisbon, Portugal')
  await page.getByRole('button', { name: 'Share Post' }).click()
  await expect(page.getByText('Please select at least one tag before posting.')).toBeVisible()
  await page.getByRole('button', { name: 'beaches', exact: true }).click()
  await expect(page.getByText('Please select at least one tag before posting.')).toHaveCount(0)
  await page.getByRole('button', { name: 'Share Post' }).click()
  await expect(page).toHaveURL(/\/roam-share$/, { timeout: 20_000 })
  await expect(page.getByText('Post shared', { exact: true })).toBeVisible()

  // The Report modal's Other message goes while the reason is typed (another traveller reports: an author
  // is offered Edit and Delete on their own post, not Report).
  const reader = await shareUser(browser, baseURL, 'reporter', `reporter_${uniqueSuffix()}`)
  await reader.goto('/roam-share')
  await reader.getByRole('button', { name: new RegExp(`^Photo by ${poster}`) }).click()
  await reader
    .getByRole('dialog', { name: `Post by ${poster}` })
    .getByRole('button', { name: 'Report Post' })
    .click()
  const report = reader.getByRole('dialog', { name: 'Report Post' })
  await report.getByLabel('Other').check()
  await report.getByRole('button', { name: 'Submit Report' }).click()
  await expect(report.getByText('Please specify your reason for selecting "Other".')).toBeVisible()
  await report.getByLabel('Your reason').fill('Not')
  await expect(report.getByText('Please specify your reason for selecting "Other".')).toHaveCount(0)
})

test('bucket list: "Target dates cannot be in the past." goes once the date is valid', async ({ page, request }) => {
  await signIn(page, await verifiedAccount(request, 'bucket-date'))
  await page.goto('/bucket-list')
  await page.getByRole('button', { name: '+ New Bucket List' }).click()
  const draft = page.getByRole('region', { name: 'New bucket list' })
  await draft.getByLabel('Title').fill('Someday')
  await draft.getByLabel('Activity').fill('Swim with turtles')
  await draft.getByLabel('Target Date').fill('2001-01-01')
  await draft.getByRole('button', { name: 'Save' }).click()
  await expect(draft.getByRole('alert')).toHaveText('Target dates cannot be in the past.')
  await draft.getByLabel('Target Date').fill('2031-06-01')
  await expect(draft.getByText('Target dates cannot be in the past.')).toHaveCount(0)
})

test('Help says how to add a trip to a calendar, and the button it names downloads the trip', async ({ page, request }) => {
  const trip = await travellerWithSavedTrip(request, 'Calendar in Rome')
  await page.goto('/')
  await storeSession(page, trip)
  await page.goto('/help#calendar-export')
  const answer = page.locator('details#calendar-export')
  await expect(answer).toHaveAttribute('open', '')
  await expect(answer).not.toContainText('not available')
  await expect(answer).toContainText('In My Itineraries, the calendar button on a trip (Add to calendar) downloads it as an .ics file')

  await page.goto('/my-itineraries')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: `Add ${trip.title} to calendar` }).click()
  const file = await download
  expect(file.suggestedFilename()).toBe('Calendar-in-Rome.ics')
  const text = fs.readFileSync(await file.path(), 'utf8')
  expect(text).toContain('BEGIN:VCALENDAR')
  expect(text.match(/BEGIN:VEVENT/g)!.length).toBeGreaterThan(1)
})

test('Help lists the 22 questions and the Contact Us address is a word of its own', async ({ page, request }) => {
  await signIn(page, await verifiedAccount(request, 'help'))
  await page.goto('/help')
  await expect(page.locator('details.faq')).toHaveCount(22)
  await expect(page.getByText('22 questions')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Contact Us' })).toContainText('support@roam.local from the e-mail address of your account')
})

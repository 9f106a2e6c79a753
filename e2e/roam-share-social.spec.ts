import type { Locator, Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { signIn, tokenOf } from './account.ts'
import { emailOf, shareUser, uniqueSuffix } from './share-accounts.ts'

const SCREENS = path.resolve(import.meta.dirname, '../test-results/screens')

async function jpeg(hue: number, width = 1600, height = 1200) {
  return sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 55%, 55%)` } })
    .jpeg()
    .toBuffer()
}

/** A photo post made through the API (create-post's screen has its own tests). */
async function post(page: Page, location: string, photos: number, tags = ['beaches']) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    caption: `Evening walk in ${location}`,
    location,
    tags: JSON.stringify(tags),
    post_type: 'photo',
  }
  const form = new FormData()
  for (const [name, value] of Object.entries(multipart)) form.append(name, value as string)
  for (let i = 0; i < photos; i++) form.append('images', new Blob([new Uint8Array(await jpeg(40 * i + 20))], { type: 'image/jpeg' }), `p${i}.jpg`)
  const answer = await page.request.post('/api/roam-share-posts', { multipart: form, headers: { authorization: `Bearer ${await tokenOf(page)}` } })
  expect(answer.status(), await answer.text()).toBe(201)
}

async function screenshot(page: Page, name: string) {
  fs.mkdirSync(SCREENS, { recursive: true })
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`) })
}

const below = (box: { y: number; height: number } | null, viewportHeight: number) => !box || box.y + box.height > viewportHeight

test('the feed, the post modal and notifications at 1280 × 800 and 375 px', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const suffix = uniqueSuffix()
  const author = await shareUser(browser, baseURL, 'author', `lena_${suffix}`)
  const reader = await shareUser(browser, baseURL, 'reader', `omar_${suffix}`)
  await post(author, `Porto ${suffix}`, 1, ['local cuisine'])
  await post(author, `Lisbon ${suffix}`, 3, ['beaches', 'scenic views', 'hidden gems'])

  await reader.setViewportSize({ width: 1280, height: 800 })
  await reader.goto('/roam-share')
  const tile = reader.getByRole('listitem').filter({ has: reader.getByRole('button', { name: `3 photos by lena_${suffix} at Lisbon ${suffix}` }) })
  await expect(tile.getByRole('link', { name: `lena_${suffix}` })).toHaveAttribute('href', `/u/lena_${suffix}`)
  await expect(tile.getByText(`Lisbon ${suffix}`)).toBeVisible()

  // The tag chips are one row, so the posts start right below them.
  const chipTops = await reader
    .getByRole('group', { name: 'Filter by tag' })
    .getByRole('button')
    .evaluateAll((chips) => new Set(chips.map((chip) => chip.getBoundingClientRect().top)).size)
  expect(chipTops).toBe(1)
  expect((await tile.boundingBox())!.y).toBeLessThan(800)
  await expectAccessibleAndFitting(reader, 'feed at 1280')
  await screenshot(reader, 'feed-1280')

  // A like from the tile shows in the modal at once, and one from the modal on the tile.
  await tile.getByRole('button', { name: /^Like post by/ }).click()
  await expect(tile.getByRole('button', { name: /^Like post by/ })).toHaveAttribute('aria-pressed', 'true')
  await tile.getByRole('button', { name: /^3 photos by/ }).click()
  const dialog = reader.getByRole('dialog', { name: `Post by lena_${suffix}` })
  await expect(dialog.getByRole('button', { name: /Liked · 1/ })).toHaveAttribute('aria-pressed', 'true')

  // Side by side: media left, details right, nothing below the fold.
  const media = (await dialog.locator('.post-modal__media').boundingBox())!
  const details = (await dialog.locator('.post-modal__body').boundingBox())!
  expect(details.x).toBeGreaterThan(media.x + media.width - 1)
  for (const control of [
    dialog.getByRole('button', { name: /Liked · 1/ }),
    dialog.getByRole('button', { name: 'Report Post' }),
    dialog.getByRole('list', { name: 'Tags' }),
  ]) {
    expect(below(await control.boundingBox(), 800)).toBe(false)
  }
  await expect(dialog.locator('svg.pin-icon')).toHaveCount(1)
  await expect(dialog).not.toContainText('📍')
  await expectAccessibleAndFitting(reader, 'post modal at 1280')
  await screenshot(reader, 'post-modal-1280')

  // The keyboard goes through the photos, then on to the next post.
  await dialog.getByRole('button', { name: /Liked · 1/ }).click()
  await expect(dialog.getByRole('button', { name: /Like · 0/ })).toBeVisible()
  await reader.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('img', { name: `Photo 2 of 3 at Lisbon ${suffix}` })).toBeVisible()
  await reader.keyboard.press('ArrowRight')
  await reader.keyboard.press('ArrowRight')
  await expect(dialog.getByRole('img', { name: `Photo 1 of 1 at Porto ${suffix}` })).toBeVisible()
  await reader.keyboard.press('ArrowLeft')
  await expect(dialog.getByRole('img', { name: `Photo 1 of 3 at Lisbon ${suffix}` })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close post' }).click()
  await expect(tile.getByRole('button', { name: /^Like post by/ })).toHaveAttribute('aria-pressed', 'false')
  await tile.getByRole('button', { name: /^Like post by/ }).click()
  await expect(tile.getByRole('button', { name: /^Like post by/ })).toHaveAttribute('aria-pressed', 'true')

  // On a phone: stacked, still without serious violations.
  await reader.setViewportSize({ width: 375, height: 800 })
  await reader.goto('/roam-share')
  await expect(tile).toBeVisible()
  await expectAccessibleAndFitting(reader, 'feed at 375')
  await screenshot(reader, 'feed-375')
  await tile.getByRole('button', { name: /^3 photos by/ }).click()
  const phoneMedia = (await dialog.locator('.post-modal__media').boundingBox())!
  expect((await dialog.locator('.post-modal__body').boundingBox())!.y).toBeGreaterThanOrEqual(phoneMedia.y + phoneMedia.height - 1)
  await expectAccessibleAndFitting(reader, 'post modal at 375')
  await screenshot(reader, 'post-modal-375')
  // A swipe goes through the photos too: right to left to the next, left to right back.
  const swipe = (from: number, to: number) =>
    dialog.locator('.post-modal__media').evaluate(
      (media, [start, end]) => {
        media.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', clientX: start, bubbles: true }))
        media.dispatchEvent(new PointerEvent('pointerup', { pointerType: 'touch', clientX: end, bubbles: true }))
      },
      [from, to],
    )
  await swipe(300, 60)
  await expect(dialog.getByRole('img', { name: `Photo 2 of 3 at Lisbon ${suffix}` })).toBeVisible()
  await swipe(60, 300)
  await expect(dialog.getByRole('img', { name: `Photo 1 of 3 at Lisbon ${suffix}` })).toBeVisible()

  // The author's bell counts the like, the notification shows who and links to the post; opening clears it.
  await author.setViewportSize({ width: 1280, height: 800 })
  const bell = author.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ })
  await expect(async () => {
    await author.goto('/roam-share')
    await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  // The author's phone, signed in to the same account, counts the same like.
  const phone = await (await browser.newContext({ baseURL })).newPage()
  await signIn(phone, emailOf(author))
  const phoneBell = phone.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: /^Notifications/ })
  await phone.goto('/roam-share')
  await expect(phoneBell).toHaveAccessibleName('Notifications, 1 unread')
  const markedSeen = author.waitForResponse((response) => response.url().endsWith('/api/notifications/seen') && response.ok())
  await bell.click()
  const note = author.getByRole('link', { name: new RegExp(`omar_${suffix} liked your post\\.`) })
  await expect(note).toHaveAttribute('href', /^\/profile\?post=/)
  await expect(bell).toHaveAccessibleName('Notifications')
  // Seen on one device, seen on the account: the phone's bell is clear too.
  await markedSeen
  await phone.reload()
  await expect(phoneBell).toHaveAccessibleName('Notifications')
  await phone.context().close()
  await expectAccessibleAndFitting(author, 'notifications at 1280')
  await screenshot(author, 'notifications-1280')
  await author.setViewportSize({ width: 375, height: 800 })
  await author.reload()
  await expect(note).toBeVisible()
  await expectAccessibleAndFitting(author, 'notifications at 375')
  await screenshot(author, 'notifications-375')
  await note.click()
  await expect(author.getByRole('dialog', { name: `Post by lena_${suffix}` })).toBeVisible()
})

test('profile, create-post and account info look finished', async ({ browser, baseURL }) => {
  const page = await shareUser(browser, baseURL, 'tidy', `tidy_${uniqueSuffix()}`)
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/profile')
  const card = page.getByRole('region', { name: 'Your profile' })
  await expect(card).toBeVisible()
  const header = (await page.locator('.site-header').boundingBox())!
  expect((await card.boundingBox())!.y - (header.y + header.height)).toBeGreaterThanOrEqual(16)
  const description = card.getByRole('button', { name: 'Add Description' })
  const name = card.getByRole('heading', { level: 1 })
  expect(Math.abs((await description.boundingBox())!.x - (await name.boundingBox())!.x)).toBeLessThanOrEqual(2)
  await expect(card.getByRole('button', { name: /^0 Followers$/ })).toBeVisible()

  await page.goto('/create-post')
  // The tag chips are one row here too, so the Share button is not pushed far down.
  const tagChips = page.getByRole('group', { name: 'Tags (at least one)' }).getByRole('button')
  await expect(tagChips.first()).toBeVisible()
  const tagTops = await tagChips.evaluateAll((chips) => new Set(chips.map((chip) => Math.round(chip.getBoundingClientRect().top))).size)
  expect(tagTops).toBe(1)
  // The chip row scrolls inside the form: the page itself is no wider than the window.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280)
  const photos = page.getByRole('radio', { name: 'Photos' })
  await expect(photos).toBeChecked()
  expect(await photos.evaluate((radio) => getComputedStyle(radio).opacity)).toBe('0')
  await page.getByText('Video', { exact: true }).click()
  await expect(page.getByRole('radio', { name: 'Video' })).toBeChecked()

  await page.goto('/account-info')
  await expect(page.getByRole('heading', { level: 2, name: 'Account details' })).toBeVisible()
  const size = (heading: Locator) => heading.evaluate((node) => parseFloat(getComputedStyle(node).fontSize))
  const main = page.getByRole('main')
  expect(await size(main.getByRole('heading', { level: 2, name: 'Account details' }))).toBeLessThan(await size(main.getByRole('heading', { level: 1 })))
})

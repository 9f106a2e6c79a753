import type { Page } from '@playwright/test'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { testVideo } from '../src/modules/media/test-media.ts'
import { expect, test } from './fixtures.ts'
import { expectAccessible, expectAccessibleAndFitting } from './accessibility.ts'
import { signIn, tokenOf, verifiedAccount } from './account.ts'

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-e2e-media-'))

/**
 * A white disc on a transparent ground, as raw pixels: not an SVG, because the media module blocks sharp's
 * SVG decoder for the whole worker once any spec that starts an app in-process has loaded it.
 */
function whiteDisc(width: number, height: number, radius: number): Buffer {
  const pixels = Buffer.alloc(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if ((x - width / 2) ** 2 + (y - height / 2) ** 2 <= radius ** 2) pixels.fill(255, (y * width + x) * 4, (y * width + x + 1) * 4)
    }
  }
  return pixels
}

/** Test media made here: photos with sharp, a 5 s MP4 with ffmpeg. */
async function photo(name: string, hue: number): Promise<string> {
  const file = path.join(work, name)
  const [width, height] = [1600, 1200]
  await sharp({ create: { width, height, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
    .composite([{ input: whiteDisc(width, height, 400), raw: { width, height, channels: 4 } }])
    .jpeg()
    .toFile(file)
  return file
}

const video = () => testVideo(work, 5, { name: 'clip.mp4' })

async function myPosts(page: Page) {
  const response = await page.request.get('/api/roam-share-posts/my-posts', { headers: { authorization: `Bearer ${await tokenOf(page)}` } })
  return (await response.json()) as { post_id: string; images: string[]; video_status: string; post_type: string }[]
}

test('Roam Share: username, photo post, like, follow, report, edit, video, delete and notifications', async ({ browser, baseURL }) => {
  test.setTimeout(240_000)
  const author = await (await browser.newContext({ baseURL })).newPage()
  const reader = await (await browser.newContext({ baseURL })).newPage()
  const suffix = Date.now().toString(36).slice(-5)
  const anaName = `ana_${suffix}`
  const benName = `ben.${suffix}`
  const anaEmail = await verifiedAccount(author.request, 'ana')
  const benEmail = await verifiedAccount(reader.request, 'ben')

  // Set a username: Roam Share asks for one first.
  await signIn(author, anaEmail)
  await author.goto('/roam-share')
  await expect(author.getByText('Please set up your username in Profile Page to access Roam Share.')).toBeVisible()
  await author.goto('/profile')
  await author.getByRole('button', { name: '+ Set your username' }).click()
  await author.getByLabel('Username').fill('has space')
  await author.getByRole('button', { name: 'Save Username' }).click()
  await expect(author.getByText('Username contains invalid characters.')).toBeVisible()
  await author.getByLabel('Username').fill(anaName)
  await author.getByRole('button', { name: 'Save Username' }).click()
  await expect(author.getByText(`@${anaName}`).first()).toBeVisible()
  // The toast shows over the dialog, not under its backdrop: it is read out and can be dismissed.
  const editProfile = author.getByRole('dialog', { name: 'Edit Profile' })
  await expect(editProfile.getByText('Username saved')).toBeVisible()
  await editProfile.getByRole('button', { name: 'Dismiss' }).click()
  await expect(author.getByText('Username saved')).toBeHidden()
  await author.getByRole('button', { name: 'Done' }).click()
  await expectAccessible(author, 'profile with username set')

  // Create a photo post with two photos.
  await author.getByRole('link', { name: '+ New Post' }).click()
  await expect(author).toHaveURL(/\/create-post$/)
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author.getByText('At least one photo is required to share a post')).toBeVisible()
  await author.getByLabel(/^Choose photos/).setInputFiles([await photo('one.jpg', 10), await photo('two.jpg', 200)])
  await expect(author.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(2)
  await author.getByLabel('Caption').fill('Evening light on the river')
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author.getByText('Location is required to share a post')).toBeVisible()
  await author.getByRole('combobox', { name: /Location/ }).fill('Lisbon, Portugal')
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author.getByText('Please select at least one tag before posting.')).toBeVisible()
  await author.getByRole('button', { name: 'beaches', exact: true }).click()
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author).toHaveURL(/\/roam-share$/, { timeout: 20_000 })
  const photoCard = author.getByRole('button', { name: new RegExp(`2 photos by ${anaName} at Lisbon, Portugal`) })
  await expect(photoCard).toBeVisible()
  const [created] = await myPosts(author)
  expect(created).toMatchObject({ post_type: 'photo', images: [expect.any(String), expect.any(String)] })
  // In the feed, the author's own post offers Edit and Delete, not Report.
  await photoCard.click()
  const own = author.getByRole('dialog', { name: `Post by ${anaName}` })
  await expect(own.getByRole('button', { name: 'Edit Post' })).toBeVisible()
  await expect(own.getByRole('button', { name: 'Delete Post' })).toBeVisible()
  await expect(own.getByRole('button', { name: 'Report Post' })).toHaveCount(0)
  await own.getByRole('button', { name: 'Close' }).first().click()

  // The reader likes and unlikes it, then likes it again.
  await signIn(reader, benEmail)
  const readerToken = await tokenOf(reader)
  await reader.request.post('/api/roam-share-posts/set-username', { data: { username: benName }, headers: { authorization: `Bearer ${readerToken}` } })
  await reader.goto('/roam-share')
  await expect(reader.getByRole('button', { name: new RegExp(`2 photos by ${anaName}`) })).toBeVisible()
  await expectAccessible(reader, 'feed')
  await reader.getByRole('button', { name: new RegExp(`2 photos by ${anaName}`) }).click()
  const dialog = reader.getByRole('dialog', { name: `Post by ${anaName}` })
  await expect(dialog.getByRole('img', { name: 'Photo 1 of 2 at Lisbon, Portugal' })).toBeVisible()
  await expectAccessible(reader, 'post dialog')
  await dialog.getByRole('button', { name: 'Next photo' }).click()
  await expect(dialog.getByRole('img', { name: 'Photo 2 of 2 at Lisbon, Portugal' })).toBeVisible()
  await dialog.getByRole('button', { name: /Like · 0/ }).click()
  await expect(dialog.getByRole('button', { name: /Liked · 1/ })).toHaveAttribute('aria-pressed', 'true')
  await dialog.getByRole('button', { name: /Liked · 1/ }).click()
  await expect(dialog.getByRole('button', { name: /Like · 0/ })).toBeVisible()
  await dialog.getByRole('button', { name: /Like · 0/ }).click()
  await expect(dialog.getByRole('button', { name: /Liked · 1/ })).toBeVisible()

  // Report with Other: the text is required.
  await dialog.getByRole('button', { name: 'Report Post' }).click()
  const report = reader.getByRole('dialog', { name: 'Report Post' })
  await report.getByRole('button', { name: 'Submit Report' }).click()
  await expect(report.getByText('Please select at least one reason.')).toBeVisible()
  await report.getByLabel('Other').check()
  await report.getByRole('button', { name: 'Submit Report' }).click()
  await expect(report.getByText('Please specify your reason for selecting "Other".')).toBeVisible()
  await report.getByLabel('Your reason').fill('Not a travel photo')
  await report.getByRole('button', { name: 'Submit Report' }).click()
  await expect(reader.getByText('Report submitted. Thank you!')).toBeVisible()

  // Follow from the public profile; the Followed filter then shows the post.
  await dialog.getByRole('link', { name: `@${anaName}` }).click()
  await expect(reader).toHaveURL(new RegExp(`/u/${anaName}$`))
  await reader.getByRole('button', { name: 'Follow', exact: true }).click()
  await expect(reader.getByRole('button', { name: 'Unfollow' })).toBeVisible()
  await expect(reader.getByRole('button', { name: '1 Follower', exact: true })).toBeVisible()
  await reader.goto('/roam-share')
  await reader.getByRole('button', { name: 'Followed', exact: true }).click()
  await expect(reader.getByRole('button', { name: new RegExp(`2 photos by ${anaName}`) })).toBeVisible()
  await reader.getByRole('button', { name: 'museums', exact: true }).click()
  await expect(reader.getByText('No posts found.')).toBeVisible()

  // The author sees the like and the follow in their notifications.
  await expect(async () => {
    await author.goto('/notifications')
    await expect(author.getByText(`${benName} liked your post.`)).toBeVisible({ timeout: 1000 })
  }).toPass({ timeout: 15_000 })
  await expect(author.getByText(`${benName} started following you.`)).toBeVisible()
  await expect(author.getByRole('heading', { name: 'Today' })).toBeVisible()

  // Edit the post: remove one photo, add another.
  await author.goto('/profile')
  await author.getByRole('button', { name: 'Edit Post at Lisbon, Portugal' }).click()
  await expect(author).toHaveURL(/\/create-post$/)
  await expect(author.getByRole('button', { name: 'Update Post' })).toBeVisible()
  await author.getByRole('button', { name: 'Remove this photo' }).first().click()
  await author.getByLabel(/^Choose photos/).setInputFiles([await photo('three.jpg', 120)])
  await author.getByRole('button', { name: 'Update Post' }).click()
  await expect(author).toHaveURL(/\/roam-share$/, { timeout: 20_000 })
  await expect(author.getByText('Post updated', { exact: true })).toBeVisible()
  const edited = (await myPosts(author)).find((post) => post.post_id === created!.post_id)!
  expect(edited.images).toHaveLength(2)
  expect(edited.images).not.toContain(created!.images[0])
  expect(edited.images[0]).toBe(created!.images[1])

  // A video post plays with its poster once processed.
  await author.goto('/create-post')
  await author.getByLabel('Video', { exact: true }).check()
  await author.getByLabel(/^Choose a video/).setInputFiles(video())
  await author.getByRole('combobox', { name: /Location/ }).fill('Porto, Portugal')
  await author.getByRole('button', { name: 'tourism', exact: true }).click()
  await author.getByRole('button', { name: 'Share Post' }).click()
  await expect(author).toHaveURL(/\/roam-share$/, { timeout: 30_000 })
  await expect(author.getByText('Post shared: your video appears in the feed once it is processed.')).toBeVisible()
  await expect.poll(async () => (await myPosts(author)).find((post) => post.post_type === 'video')?.video_status, { timeout: 60_000 }).toBe('ready')
  await author.goto('/profile')
  await author.getByRole('button', { name: `Video by ${anaName} at Porto, Portugal` }).click()
  const player = author.getByRole('dialog').locator('video')
  await expect(player).toHaveAttribute('poster', /-poster\.jpg$/)
  const played = await player.evaluate(async (element: HTMLVideoElement) => {
    element.muted = true
    await element.play()
    await new Promise((resolve) => setTimeout(resolve, 1200))
    return element.currentTime
  })
  expect(played).toBeGreaterThan(0.3)
  await author.getByRole('button', { name: 'Close post' }).click()

  // Delete the video post after confirming.
  await author.getByRole('button', { name: 'Delete Post at Porto, Portugal' }).click()
  await expect(author.getByRole('dialog', { name: 'Are you sure you want to delete this post?' })).toBeVisible()
  await author.getByRole('button', { name: 'Delete Post', exact: true }).last().click()
  await expect(author.getByRole('button', { name: `Video by ${anaName} at Porto, Portugal` })).toHaveCount(0)
  expect((await myPosts(author)).some((post) => post.post_type === 'video')).toBe(false)
})

test('Roam Share screens have no serious accessibility violations at 375 px', async ({ page, request }) => {
  test.setTimeout(120_000) // axe on every Roam Share screen: about 20 s on a quiet two-core machine, over a minute on a busy one
  const email = await verifiedAccount(request, 'axe')
  await page.setViewportSize({ width: 375, height: 800 })
  await signIn(page, email)
  for (const path of ['/profile', '/create-post', '/notifications', '/roam-share']) {
    await page.goto(path)
    await expect(page.locator('[data-guarded-content]')).toBeVisible()
    await page.waitForLoadState('networkidle')
    await expectAccessibleAndFitting(page, path)
  }
})

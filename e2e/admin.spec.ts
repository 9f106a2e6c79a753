import type { APIRequestContext, Page } from '@playwright/test'
import sharp from 'sharp'
import { apiLogIn, grantRole, logIn, signIn, tokenOf, verifiedAccount } from './account.ts'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'

async function openUser(page: Page, email: string) {
  await page.goto('/admin#users')
  await page.getByLabel('Search by username or email').fill(email)
  const row = page.getByRole('row').filter({ hasText: email })
  await expect(row).toHaveCount(1)
  return row
}

test('an admin blocks, warns, unblocks and deletes a user, the user is cut off at once, and the Activity tab shows each action', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  test.slow()
  const adminEmail = await verifiedAccount(request, 'moderator')
  const userEmail = await verifiedAccount(request, 'rule-breaker')
  grantRole(adminEmail, 'admin')

  // The user is signed in elsewhere, on their bucket lists.
  const userContext = await browser.newContext({ baseURL })
  const userPage = await userContext.newPage()
  await signIn(userPage, userEmail)
  await userPage.goto('/bucket-list')
  await expect(userPage.getByRole('button', { name: '+ New Bucket List' })).toBeVisible()

  await signIn(page, adminEmail)
  let row = await openUser(page, userEmail)
  await expect(row.getByText('active', { exact: true })).toBeVisible()
  await row.getByRole('button', { name: `Block ${userEmail}` }).click()
  const blockDialog = page.getByRole('dialog', { name: `Are you sure you want to block ${userEmail}?` })
  await blockDialog.getByLabel('Reason').fill('Spamming other travellers')
  await blockDialog.getByRole('button', { name: 'Block' }).click()
  await expect(page.getByText('User blocked')).toBeVisible()
  await expect(row.getByText('banned', { exact: true })).toBeVisible()

  // Cut off at once: the next call signs the user out, and logging in again is refused.
  await userPage.reload()
  await expect(userPage).toHaveURL(/\/login\?from=%2Fbucket-list$/)
  await logIn(userPage, userEmail)
  await expect(userPage.getByRole('alert')).toContainText('Your account has been blocked.')

  await row.getByRole('button', { name: `Warn ${userEmail}` }).click()
  const warnDialog = page.getByRole('dialog', { name: `Warn ${userEmail}` })
  await expect(warnDialog.getByText('Latest warning: none yet')).toBeVisible()
  await warnDialog.getByRole('button', { name: 'Save warning' }).click()
  await expect(warnDialog.getByText('Warning message required.')).toBeVisible()
  await warnDialog.getByLabel('Warning').fill('Please stop posting advertisements.')
  await warnDialog.getByRole('button', { name: 'Save warning' }).click()
  await expect(page.getByText('Warning saved')).toBeVisible()
  await row.getByRole('button', { name: `Warn ${userEmail}` }).click()
  await expect(warnDialog.getByText('Latest warning: Please stop posting advertisements.')).toBeVisible()
  await warnDialog.getByRole('button', { name: 'Cancel' }).click()

  await row.getByRole('button', { name: `Unblock ${userEmail}` }).click()
  await page
    .getByRole('dialog', { name: `Are you sure you want to unblock ${userEmail}?` })
    .getByRole('button', { name: 'Unblock' })
    .click()
  await expect(row.getByText('active', { exact: true })).toBeVisible()
  await userPage.getByRole('button', { name: 'Log in' }).click()
  await expect(userPage).toHaveURL(/\/bucket-list$/)

  // An admin is offered no action on their own row, nor on another admin's.
  const ownRow = await openUser(page, adminEmail)
  await expect(ownRow.getByRole('button')).toHaveCount(0)
  const peerEmail = await verifiedAccount(request, 'peer-moderator')
  grantRole(peerEmail, 'admin')
  await expect(async () => {
    const peerRow = await openUser(page, peerEmail)
    await expect(peerRow.getByRole('cell', { name: 'admin', exact: true })).toBeVisible({ timeout: 1000 })
    await expect(peerRow.getByRole('button')).toHaveCount(0)
  }).toPass()

  row = await openUser(page, userEmail)
  await row.getByRole('button', { name: `Delete ${userEmail}` }).click()
  const deleteDialog = page.getByRole('dialog', { name: new RegExp(`^Are you sure you want to delete ${userEmail.replace(/[.+]/g, '\\$&')}\\?`) })
  await deleteDialog.getByLabel('Reason').fill('Repeated spam after a warning')
  await deleteDialog.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('User and related data deleted successfully')).toBeVisible()
  await expect(page.getByText('No users match.')).toBeVisible()

  await page.getByRole('tab', { name: 'Activity' }).click()
  await page.getByRole('searchbox', { name: 'Admin' }).fill(adminEmail)
  const history = page.getByRole('table', { name: 'Moderation history' })
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(history.getByRole('row')).toHaveCount(5, { timeout: 1000 })
  }).toPass()
  const actions = await history.locator('tbody tr td:nth-child(2)').allTextContents()
  expect(actions).toEqual(['Deleted', 'Unblocked', 'Warned', 'Blocked'])
  const entry = (action: string) => history.getByRole('row').filter({ has: page.getByRole('cell', { name: action, exact: true }) })
  await expect(entry('Blocked')).toContainText('Spamming other travellers')
  await expect(entry('Warned')).toContainText('Please stop posting advertisements.')
  await expect(entry('Deleted')).toContainText('Repeated spam after a warning')
  await expect(entry('Deleted')).toContainText('Deleted account')
  await page.getByLabel('Action').selectOption('warn')
  await expect(history.getByRole('row')).toHaveCount(2)

  // The deleted user's session and password open nothing any more.
  await userPage.reload()
  await expect(userPage).toHaveURL(/\/login/)
  await userContext.close()
})

test('the dashboard shows the stats and charts, and a click on a day fills the active-users lookup', async ({ page, request }) => {
  test.slow()
  const adminEmail = await verifiedAccount(request, 'stats')
  grantRole(adminEmail, 'super-admin')
  await signIn(page, adminEmail)
  await page.goto('/admin')
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true')
  const stats = page.getByRole('list', { name: 'Statistics' })
  for (const label of ['Total users', 'Active today', 'Active this week', 'Active this month', 'Banned users', 'Total posts', 'Reported posts']) {
    await expect(stats.getByText(label)).toBeVisible()
  }
  // The statistics are an async read model: the admin's own login today shows up within moments.
  await expect(async () => {
    await page.reload()
    await expect(stats.getByRole('listitem').filter({ hasText: 'Active today' })).toHaveText(/^[1-9]/, { timeout: 5000 })
  }).toPass({ timeout: 20_000 })

  const daily = page.getByRole('figure').filter({ hasText: 'Daily active users, last 30 days' })
  const plot = daily.locator('.u-over')
  const box = (await plot.boundingBox())!
  await plot.click({ position: { x: box.width - 4, y: box.height / 2 } })
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
  await expect(page.getByText(new RegExp(`^Active users on ${today}: [1-9]\\d*$`))).toBeVisible()

  const monthly = page.getByRole('figure').filter({ hasText: 'Monthly active users, last 12 months' })
  await monthly.getByText('Show the numbers as a table').click()
  const rows = monthly.getByRole('table').getByRole('row')
  await expect(rows).toHaveCount(13)
  await rows.last().getByRole('button').click()
  const month = new Date().toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' })
  await expect(page.getByText(new RegExp(`^Active users in ${month}: [1-9]\\d*$`))).toBeVisible()

  await page.getByRole('tab', { name: 'Dashboard' }).focus()
  await page.keyboard.press('ArrowDown')
  await expect(page.getByRole('tab', { name: 'Users' })).toBeFocused()
  await expect(page).toHaveURL(/#users$/)
  await expect(page.getByLabel('Search by username or email')).toBeVisible()

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 })
    for (const tab of ['dashboard', 'users', 'posts', 'activity']) {
      await page.goto(`/admin#${tab}`)
      await expect(page.getByRole('tabpanel')).toBeVisible()
      await expect(page.getByRole('status').filter({ hasText: 'Loading' })).toHaveCount(0)
      await expectAccessibleAndFitting(page, `/admin#${tab} at ${width} px`)
    }
  }
})

test('on a phone each user of the Users tab is a card: Status and the actions show without a sideways scroll', async ({ page, request }) => {
  test.slow()
  const adminEmail = await verifiedAccount(request, 'cards')
  grantRole(adminEmail, 'admin')
  await verifiedAccount(request, 'carded')
  await page.setViewportSize({ width: 375, height: 800 })
  await signIn(page, adminEmail)
  await page.goto('/admin#users')
  await expect(page.getByRole('table', { name: 'Users' })).toBeVisible({ timeout: 60_000 })
  const first = page.getByRole('table', { name: 'Users' }).getByRole('row').nth(1)
  await expect(first.locator('.badge')).toBeInViewport()
  await expect(first.getByRole('button', { name: /^Delete / })).toBeInViewport()
  expect(
    await page
      .getByRole('table', { name: 'Users' })
      .locator('xpath=..')
      .evaluate((node) => node.scrollWidth - node.clientWidth),
  ).toBe(0)
  expect((await first.boundingBox())!.height).toBeLessThan(400)
  await expectAccessibleAndFitting(page, '/admin#users at 375 px')
})

/** A member with a Roam Share username, signed in through the API; returns their Bearer header. */
async function member(request: APIRequestContext, label: string) {
  const email = await verifiedAccount(request, label)
  const { user, headers } = await apiLogIn(request, email)
  const username = `${label}_${Date.now().toString(36).slice(-5)}`
  expect((await request.post('/api/roam-share-posts/set-username', { headers, data: { username } })).ok()).toBe(true)
  return { email, username, headers, userId: user.id }
}

async function photoPost(request: APIRequestContext, headers: Record<string, string>, caption: string, hue: number) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background: `hsl(${hue}, 60%, 50%)` } })
    .jpeg()
    .toBuffer()
  const response = await request.post('/api/roam-share-posts', {
    headers,
    multipart: {
      caption,
      location: 'Porto, Portugal',
      tags: JSON.stringify(['beaches']),
      post_type: 'photo',
      images: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer },
    },
  })
  expect(response.status()).toBe(201)
  return (await response.json()).post.post_id as string
}

test('an admin clears a report and deletes a post, its author is told why, and the Activity tab shows both, also once the author is deleted', async ({
  page,
  request,
}) => {
  test.slow()
  const adminEmail = await verifiedAccount(request, 'post-moderator')
  grantRole(adminEmail, 'admin')
  const author = await member(request, 'author')
  const reader = await member(request, 'reader')
  const calm = await photoPost(request, author.headers, 'Morning light on the river', 30)
  const spam = await photoPost(request, author.headers, 'Cheap flights, click my profile', 250)
  for (const [postId, reason] of [
    [calm, 'Other: Not sure this is Porto'],
    [spam, 'Spam'],
  ]) {
    expect((await request.post('/api/roam-share-posts/report', { headers: reader.headers, data: { post_id: postId, reason } })).ok()).toBe(true)
  }

  await signIn(page, adminEmail)
  await page.goto('/admin#posts')
  const posts = page.getByRole('list', { name: 'Posts' })
  const card = (caption: string) => posts.getByRole('listitem').filter({ hasText: caption }).filter({ hasText: author.email })
  await expect(card('Morning light on the river')).toContainText('Other: Not sure this is Porto')
  await expect(card('Morning light on the river')).toContainText(`@${reader.username}`)
  await expect(card('Cheap flights, click my profile')).toContainText('Spam')

  await card('Morning light on the river').getByRole('button', { name: 'Clear report' }).click()
  const clearDialog = page.getByRole('dialog', { name: `Are you sure you want to clear the report on the post by ${author.username}?` })
  await clearDialog.getByRole('button', { name: 'Clear report' }).click()
  await expect(page.getByText('Report cleared')).toBeVisible()
  await expect(card('Morning light on the river')).toHaveCount(0)

  await page.getByLabel('Show').selectOption('all')
  await expect(card('Morning light on the river')).toBeVisible()
  await card('Cheap flights, click my profile').getByRole('button', { name: 'Delete post' }).click()
  const deleteDialog = page.getByRole('dialog', { name: new RegExp(`^Are you sure you want to delete the post by ${author.username}\\?`) })
  await deleteDialog.getByLabel('Reason').fill('Advertising is not allowed')
  await deleteDialog.getByRole('button', { name: 'Delete post' }).click()
  await expect(page.getByText('Post deleted')).toBeVisible()
  await expect(card('Cheap flights, click my profile')).toHaveCount(0)
  await expect(card('Morning light on the river')).toBeVisible()

  // The author is told (notifications are written just after the removal commits).
  await expect(async () => {
    const notes = await (await request.get('/api/notifications', { headers: author.headers })).json()
    expect(notes.map((note: { message: string }) => note.message)).toContain('Your post was removed by a moderator. Reason: Advertising is not allowed')
  }).toPass({ timeout: 15_000 })

  await page.getByRole('tab', { name: 'Activity' }).click()
  await page.getByRole('searchbox', { name: 'Admin' }).fill(adminEmail)
  const history = page.getByRole('table', { name: 'Moderation history' })
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(history.getByRole('row')).toHaveCount(3, { timeout: 1000 })
  }).toPass()
  expect(await history.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['Removed post', 'Cleared report'])
  await expect(history.getByRole('row').filter({ hasText: 'Removed post' })).toContainText('Advertising is not allowed')
  await expect(history.getByRole('row').filter({ hasText: 'Removed post' })).toContainText(author.email)

  // Once the author's account is deleted, what was done to their posts is still there, naming nobody.
  const adminToken = await tokenOf(page)
  const deleted = await request.post(`/api/admin/delete/${author.userId}`, { headers: { authorization: `Bearer ${adminToken}` }, data: {} })
  expect(deleted.ok()).toBe(true)
  await expect(async () => {
    await page.getByRole('button', { name: 'Refresh' }).click()
    await expect(history.getByRole('row')).toHaveCount(4, { timeout: 1000 })
  }).toPass()
  expect(await history.locator('tbody tr td:nth-child(2)').allTextContents()).toEqual(['Deleted', 'Removed post', 'Cleared report'])
  for (const action of ['Removed post', 'Cleared report']) {
    await expect(history.getByRole('row').filter({ hasText: action }).locator('td').nth(2)).toContainText('Deleted post of a deleted account')
  }
  await expect(history.getByRole('row').filter({ hasText: 'Removed post' })).toContainText('Advertising is not allowed')
  await expect(history).not.toContainText(author.email)
})

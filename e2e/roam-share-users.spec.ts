import type { Page } from '@playwright/test'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'
import { tokenOf } from './account.ts'
import { shareUser, uniqueSuffix } from './share-accounts.ts'

async function searchUsers(page: Page, text: string) {
  await page.goto('/roam-share')
  // A click before the island has hydrated is lost: click until the switch shows it.
  const users = page.getByRole('button', { name: 'Users', exact: true })
  await expect(async () => {
    await users.click()
    await expect(users).toHaveAttribute('aria-pressed', 'true', { timeout: 1000 })
  }).toPass({ timeout: 20_000 })
  await page.getByRole('combobox', { name: 'Search users' }).fill(text)
}

test('usernames with /, ?, # and % open their profile from user search and through the API', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const suffix = uniqueSuffix()
  const names = ['/', '?', '#', '%'].map((symbol, index) => `sym${index}${symbol}x_${suffix}`)
  const viewer = await shareUser(browser, baseURL, 'viewer', `viewer_${suffix}`)
  for (const name of names) await (await shareUser(browser, baseURL, 'symbol', name)).context().close()

  for (const name of names) {
    const answer = await viewer.request.get(`/api/roam-share-posts/user/${encodeURIComponent(name)}`, {
      headers: { authorization: `Bearer ${await tokenOf(viewer)}` },
    })
    expect(answer.status(), name).toBe(200)
    expect((await answer.json()).profile.username).toBe(name)

    await searchUsers(viewer, name)
    await viewer.getByRole('option', { name: new RegExp(`@${name.replace(/[?%#/]/g, '\\$&')}`) }).click()
    await expect(viewer.getByRole('heading', { level: 1, name: `@${name}` })).toBeVisible()
    await expect(viewer.getByText('User not found.')).toHaveCount(0)
  }
})

test('user search finds a traveller when the text starts with "@"', async ({ browser, baseURL }) => {
  const suffix = uniqueSuffix()
  const viewer = await shareUser(browser, baseURL, 'viewer', `at_viewer_${suffix}`)
  await (await shareUser(browser, baseURL, 'evelyn', `ev_${suffix}`)).context().close()
  await searchUsers(viewer, `@ev_${suffix}`)
  await expect(viewer.getByRole('option', { name: new RegExp(`@ev_${suffix}`) })).toBeVisible()
  const answer = await viewer.request.get(`/api/roam-share-posts/user-search?q=${encodeURIComponent(`@ev_${suffix}`)}`, {
    headers: { authorization: `Bearer ${await tokenOf(viewer)}` },
  })
  expect((await answer.json()).map((user: { username: string }) => user.username)).toContain(`ev_${suffix}`)
})

test('the feed with the user search open has no serious accessibility violations at 375 and 1280 px', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const suffix = uniqueSuffix()
  const viewer = await shareUser(browser, baseURL, 'viewer', `axe_viewer_${suffix}`)
  await (await shareUser(browser, baseURL, 'found', `axe_found_${suffix}`)).context().close()
  for (const width of [375, 1280]) {
    await viewer.setViewportSize({ width, height: 800 })
    await searchUsers(viewer, `axe_found_${suffix}`)
    await expect(viewer.getByRole('option', { name: new RegExp(`@axe_found_${suffix}`) })).toBeVisible()
    await expectAccessibleAndFitting(viewer, `feed with user search at ${width}`)
  }
})

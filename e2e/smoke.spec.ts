import { expect, test } from './fixtures.ts'

test('home renders the tagline and the header links navigate', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Plan with Ease,\s*Explore with Wonder/)
  const nav = page.getByRole('navigation', { name: 'Main' })

  // A visitor is offered Log in and Sign up, not the member links.
  await expect(nav.getByRole('link', { name: 'Roam Share' })).toHaveCount(0)
  await nav.getByRole('link', { name: 'Sign up' }).click()
  await expect(page).toHaveURL(/\/signup$/)
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/login$/)

  await page.goto('/about-us')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click()
  await expect(page).toHaveURL(/\/$/)

  await page.getByRole('link', { name: 'Roam', exact: true }).first().click()
  await expect(page).toHaveURL(/\/$/)
})

test('the menu toggle opens the header menu on a phone and a click outside closes it', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto('/')
  const toggle = page.getByRole('button', { name: 'Menu' })
  const logInLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Log in' })
  await expect(logInLink).toBeHidden()
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  await expect(logInLink).toBeVisible()
  await page.locator('main').click({ position: { x: 10, y: 400 } })
  await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  await expect(logInLink).toBeHidden()
})

test('every response carries the security headers and a request id; health says only whether the database answers', async ({ request }) => {
  for (const path of ['/', '/about-us', '/api/health']) {
    const response = await request.get(path)
    expect(response.status()).toBe(200)
    const headers = response.headers()
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  }
  const health = await request.get('/api/health', { headers: { 'x-request-id': 'smoke-1' } })
  expect(health.headers()['x-request-id']).toBe('smoke-1')
  expect(await health.json()).toEqual({ status: 'ok', database: 'reachable' })
  // Over plain http (PUBLIC_BASE_URL http), no Strict-Transport-Security.
  expect(health.headers()['strict-transport-security']).toBeUndefined()
})

import { logIn, newEmail, signUp, tokenOf, verify } from './account.ts'
import { startApp, type RunningTestApp } from './app-server.ts'
import { expect, test } from './fixtures.ts'
import { startTlsProxy } from './tls-proxy.ts'
import { freePort } from '../src/platform/free-port.ts'

/** The app as an operator deploys it: behind a TLS-terminating proxy, PUBLIC_BASE_URL https, one trusted hop. */
let app: RunningTestApp
let proxy: { stop: () => Promise<void> }
let publicUrl: string

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const port = await freePort()
  publicUrl = `https://localhost:${port}`
  app = await startApp({ env: { PUBLIC_BASE_URL: publicUrl, TRUST_PROXY: '1' } })
  proxy = await startTlsProxy(port, app.port)
})

test.afterAll(async () => {
  await proxy?.stop()
  await app?.stop()
})

test('behind a TLS proxy: login sets a Secure cookie, a silent refresh keeps the session, logout ends it', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true })
  const page = await context.newPage()
  const home = await page.goto('/')
  expect(home!.headers()['strict-transport-security']).toMatch(/^max-age=\d+/)

  const email = newEmail('proxied')
  await signUp(page, email)
  await verify(page, email, app.dataDir)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Welcome back, Mara Lind!')).toBeVisible()
  const refreshCookie = (await context.cookies()).find((cookie) => cookie.name === 'roam_refresh')
  expect(refreshCookie).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' })

  // The access token is gone: the guard refreshes silently (an https Origin, checked against PUBLIC_BASE_URL).
  await page.evaluate(() => localStorage.removeItem('roam.token'))
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible()
  expect(await tokenOf(page)).toBeTruthy()

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible()
  expect((await context.cookies()).find((cookie) => cookie.name === 'roam_refresh')?.value ?? '').toBe('')
  await context.close()
})

test('behind a TLS proxy, a write from another site is refused and one from ours is not', async ({ playwright }) => {
  const request = await playwright.request.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true })
  const logout = (origin: string) => request.post('/api/auth/logout', { headers: { origin } })
  expect((await logout('https://evil.example')).status()).toBe(403)
  expect((await logout(publicUrl.replace('https:', 'http:'))).status()).toBe(403)
  expect((await logout(publicUrl)).status()).toBe(204)
  await request.dispose()
})

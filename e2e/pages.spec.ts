import type { Page } from '@playwright/test'
import { pagePaths } from '../test/routes.ts'
import { logIn, newEmail, signUp, verify } from './account.ts'
import { expect, test } from './fixtures.ts'

/** Console errors and Content-Security-Policy violations of a page, as a browser reports them. */
function watch(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    // The resource's address too: a late answer to the previous page's call is logged after the next navigation.
    if (message.type() === 'error') problems.push(`console: ${message.text()} (${message.location().url})`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  return problems
}

async function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)
}

async function visitEveryPage(page: Page, problems: string[]) {
  await page.addInitScript(() => {
    const seen: string[] = ((window as unknown as { __csp: string[] }).__csp = [])
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.violatedDirective} ${event.blockedURI}`))
  })
  for (const path of pagePaths()) {
    const before = problems.length
    await page.goto(path)
    await page.waitForLoadState('networkidle')
    const violations = await cspViolations(page)
    problems.push(...violations.map((violation) => `CSP: ${violation}`))
    // A missing page's own 404 status (or its call's, for a made-up name) is the one expected error.
    const expected = (problem: string) => /404/.test(problem) && (path.includes('example') || path === '/404' || problem.includes('/example'))
    const found = problems.slice(before).filter((problem) => !expected(problem))
    problems.splice(before, problems.length - before, ...found.map((problem) => `${path} ${problem}`))
  }
}

test('no page logs a console error or a CSP violation, for a visitor or a signed-in user', async ({ page }) => {
  test.setTimeout(120_000)
  const problems = watch(page)
  await visitEveryPage(page, problems)
  const email = newEmail('pages')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await visitEveryPage(page, problems)
  expect(problems).toEqual([])
})

test('a missing address shows Page not found laid out, its map drawing small above the heading', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.goto('/no-such-page')
  const heading = page.getByRole('heading', { level: 1, name: 'Page not found' })
  await expect(heading).toBeInViewport()
  const art = (await page.locator('main svg').first().boundingBox())!
  expect(art.width).toBeCloseTo(144, 0)
  await expect(page.getByRole('link', { name: 'Back to Home' })).toBeInViewport()
})

test("a printed page is its content: the site's header, footer and skip link are left off", async ({ page }) => {
  await page.goto('/about-us')
  await expect(page.locator('header.site-header')).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.locator('header.site-header')).toBeHidden()
  await expect(page.locator('footer.site-footer')).toBeHidden()
  await expect(page.getByRole('link', { name: 'Skip to content' })).toBeHidden()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

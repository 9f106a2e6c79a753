import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** No serious or critical axe violations. */
export async function expectAccessible(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
  expect(serious.map((violation) => `${label}: ${violation.id}`)).toEqual([])
}

/** No serious or critical axe violations, and nothing wider than the viewport. */
export async function expectAccessibleAndFitting(page: Page, label: string) {
  await expectAccessible(page, label)
  const width = page.viewportSize()!.width
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
}

import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** A local date `days` from today, as the date inputs take it. */
export function dateIn(days: number) {
  const date = new Date(Date.now() + days * 86_400_000)
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

export async function pickCity(page: Page, field: string, typed: string, suggestion: RegExp, city: string) {
  await page.getByRole('combobox', { name: field }).fill(typed)
  await page.getByRole('option', { name: suggestion }).click()
  await expect(page.getByRole('combobox', { name: field })).toHaveValue(city)
}

/** Plans London → Paris and Rome, four days from a month ahead, from the home form. */
export async function planTwoCityTrip(page: Page) {
  await page.goto('/')
  await pickCity(page, 'Origin', 'Lond', /^London, City of London/, 'London')
  await pickCity(page, 'Destination 1', 'Pari', /^Paris, Île-de-France/, 'Paris')
  await pickCity(page, 'Destination 2', 'Rom', /^Rome, Lazio/, 'Rome')
  await page.getByLabel('Start date').fill(dateIn(30))
  await page.getByLabel('End date').fill(dateIn(33))
  await page.getByLabel('Tourist Attractions').check()
  await page.getByLabel('Cultural & Historical').check()
  await page.getByLabel('Moderate').check()
  await page.getByRole('button', { name: 'Generate Itinerary' }).click()
  await expect(page).toHaveURL(/\/itinerary$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Paris, Rome trip' })).toBeVisible()
}

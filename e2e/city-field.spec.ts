import { expect, test } from './fixtures.ts'

test('the city field finds cities by their English or local names and says which city was picked', async ({ page }) => {
  await page.goto('/')
  const field = page.getByRole('combobox', { name: 'Destination 1' })

  await field.fill('Seville')
  await expect(page.getByRole('option').first()).toHaveText(/^Sevilla, Andalusia, Spain/)
  await field.fill('Praha')
  await expect(page.getByRole('option').first()).toHaveText(/^Prague, Praha, Czechia/)
  await field.fill('Munchen')
  await expect(page.getByRole('option').first()).toHaveText(/^Munich, Bavaria, Germany/)

  await field.fill('Paris')
  await expect(page.getByRole('option').first()).toHaveText(/^Paris, Île-de-France, France/)
  await page.getByRole('option', { name: /^Paris, Texas, United States/ }).click()
  await expect(field).toHaveValue('Paris')
  await expect(page.getByText('Paris, Texas, United States · No places to plan yet')).toBeVisible()
})

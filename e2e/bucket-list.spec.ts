import { signIn, verifiedAccount } from './account.ts'
import { expectAccessibleAndFitting } from './accessibility.ts'
import { expect, test } from './fixtures.ts'

test('a traveller creates a bucket list, checks an item off, and deletes the list', async ({ page, request }) => {
  const email = await verifiedAccount(request, 'bucket')
  await signIn(page, email)
  await page.goto('/my-bucket-lists')
  await expect(page).toHaveURL(/\/bucket-list$/)
  await expect(page.getByText('You have no bucket lists yet.')).toBeVisible()

  await page.getByRole('button', { name: '+ New Bucket List' }).click()
  const draft = page.getByRole('region', { name: 'New bucket list' })
  await draft.getByRole('button', { name: 'Save' }).click()
  await expect(draft.getByRole('alert')).toHaveText('Please give your bucket list a title.')
  await draft.getByLabel('Title').fill('Far north')
  await expect(draft.getByLabel('Target Date')).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}$/)
  await draft.getByLabel('Activity').fill('See the northern lights')
  await draft.getByLabel('Location').fill('Tromsø')
  await draft.getByLabel('Target Date').fill('2030-12-01')
  await draft.getByRole('button', { name: '+ Add item' }).click()
  await draft.getByLabel('Activity').nth(1).fill('Sleep in an ice hotel')
  await draft.getByRole('button', { name: 'Save' }).click()

  const saved = page.getByRole('region', { name: 'Far north' })
  await expect(saved.getByText('See the northern lights in Tromsø by 1 December 2030')).toBeVisible()
  await expect(saved.getByText('0 of 2 done')).toBeVisible()
  await expect(draft).toHaveCount(0)
  await expectAccessibleAndFitting(page, '/bucket-list')

  const lights = saved.getByRole('checkbox', { name: 'See the northern lights in Tromsø by 1 December 2030' })
  await lights.check()
  await expect(saved.getByText('1 of 2 done')).toBeVisible()
  await page.reload()
  await expect(lights).toBeChecked()
  await expect(saved.locator('.bucket-item--done')).toHaveText('See the northern lights in Tromsø by 1 December 2030')
  expect(await saved.locator('.bucket-item--done span').evaluate((node) => getComputedStyle(node).textDecorationLine)).toBe('line-through')

  await saved.getByRole('button', { name: 'Delete bucket list Far north' }).click()
  const confirm = page.getByRole('dialog', { name: 'Are you sure you want to delete this bucket list?' })
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(saved).toBeVisible()
  await saved.getByRole('button', { name: 'Delete bucket list Far north' }).click()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(saved).toHaveCount(0)
  await page.reload()
  await expect(page.getByText('You have no bucket lists yet.')).toBeVisible()
})

test('the bucket list page fits a phone without serious accessibility violations', async ({ page, request }) => {
  const email = await verifiedAccount(request, 'bucket-phone')
  await page.setViewportSize({ width: 375, height: 740 })
  await signIn(page, email)
  await page.goto('/bucket-list')
  await page.getByRole('button', { name: '+ New Bucket List' }).click()
  await expect(page.getByLabel('Title')).toBeVisible()
  await expectAccessibleAndFitting(page, '/bucket-list at 375 px')
})

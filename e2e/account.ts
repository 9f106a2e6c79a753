import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'
import { verificationCode } from './mail.ts'

/** The account steps the browser tests share: sign up, verify with the mailed code, log in. */

export const PASSWORD = 'Harbour-lights-42'
let counter = 0
export const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup')
  await page.getByLabel('Name').fill('Mara Lind')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByLabel('Confirm Password').fill(password)
  await page.getByLabel('Gender').selectOption('female')
  await page.getByLabel('Date of Birth').fill('1991-07-14')
  await page.getByRole('button', { name: 'Sign Up' }).click()
  await expect(page).toHaveURL(/\/verify-otp$/)
}

/** Enters the mailed code on the verify page (from the outbox of the app at `dataDir`, by default the shared one). */
export async function verify(page: Page, email: string, dataDir?: string) {
  await expect(page.getByLabel('Email')).toHaveValue(email)
  await page.getByLabel('OTP').fill(await verificationCode(email, dataDir))
  await page.getByRole('button', { name: 'Verify Email' }).click()
  await expect(page.getByText('Email verified! Redirecting to login...')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

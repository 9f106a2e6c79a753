import type { APIRequestContext, Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect } from './fixtures.ts'
import { verificationCode } from './mail.ts'

/** The account steps the browser tests share: sign up, verify with the mailed code, log in. */

export const PASSWORD = 'Harbour-lights-42'
let counter = 0
export const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`

export async function signUp(page: Page, email: string, password = PASSWORD) {
  await page.goto('/signup')
  await fillSignUp(page, email, password)
}

/** Fills in and sends the sign-up form of the page open now. */
export async function fillSignUp(page: Page, email: string, password = PASSWORD) {
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
  // The login page says so and has the address filled in.
  await expect(page).toHaveURL(/\/login\?verified=1(&from=[^&]+)?$/)
  await expect(page.getByText('Email verified. Log in to continue.')).toBeVisible()
  await expect(page.getByLabel('Email')).toHaveValue(email)
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
}

/** Logs in through the API: the account's user, its access token and the Bearer header that carries it. */
export async function apiLogIn(request: APIRequestContext, email: string) {
  const login = await request.post('/auth/login', { data: { email, password: PASSWORD, rememberMe: false } })
  expect(login.ok()).toBe(true)
  const { user, accessToken } = (await login.json()) as { user: { id: string }; accessToken: string }
  return { user, accessToken, headers: { authorization: `Bearer ${accessToken}` } }
}

/** The bearer token the signed-in page keeps. */
export const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('roam.token'))

/** Opens the login page and logs in, landing on the home page. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login')
  await logIn(page, email, password)
  await expect(page).toHaveURL(/\/$/)
}

/**
 * Headers that make an API call come from a traveller's own address, as a proxy in front of the app would
 * say it: the suite makes far more accounts than one address may in an hour (the sign-up limit per address).
 */
export function ownAddress(): Record<string, string> {
  const [a, b, c] = crypto.getRandomValues(new Uint8Array(3))
  return { 'X-Forwarded-For': `10.${a}.${b}.${c! % 254 || 1}` }
}

/** A verified account made through the API (quicker than the sign-up screens, which auth.spec.ts covers). */
export async function verifiedAccount(request: APIRequestContext, label: string, name = 'Mara Lind'): Promise<string> {
  const email = newEmail(label)
  const signup = await request.post('/auth/signup', {
    headers: ownAddress(),
    data: { name, email, password: PASSWORD, confirm_password: PASSWORD, gender: 'female', dob: '1991-07-14' },
  })
  expect(signup.status()).toBe(201)
  const verified = await request.post('/auth/verify-otp', { data: { email, otp: await verificationCode(email) } })
  expect(verified.status()).toBe(200)
  return email
}

/** Gives an account a role the way an operator does: `npm run cli -- users:role`, against the running app's database. */
export function grantRole(email: string, role: 'admin' | 'super-admin' | 'user') {
  const root = path.resolve(import.meta.dirname, '..')
  const result = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['src/cli/main.ts', 'users:role', email, role], {
    cwd: root,
    env: { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  })
  expect(result.stdout + result.stderr).toContain(`now has the role ${role}`)
}

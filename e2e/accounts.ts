import type { APIRequestContext, Page } from '@playwright/test'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { expect } from './fixtures.ts'
import { verificationCode } from './mail.ts'

export const PASSWORD = 'Harbour-lights-42'
let counter = 0
export const newEmail = (label: string) => `${label}-${Date.now()}-${counter++}@example.com`

/** A verified account made through the API (quicker than the sign-up screens, which auth.spec.ts covers). */
export async function verifiedAccount(request: APIRequestContext, label: string): Promise<string> {
  const email = newEmail(label)
  const signup = await request.post('/auth/signup', {
    data: { name: 'Mara Lind', email, password: PASSWORD, confirm_password: PASSWORD, gender: 'female', dob: '1991-07-14' },
  })
  expect(signup.status()).toBe(201)
  const verify = await request.post('/auth/verify-otp', { data: { email, otp: await verificationCode(email) } })
  expect(verify.status()).toBe(200)
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

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/$/)
}

import { expectAccessibleAndFitting } from './accessibility.ts'
import { fillSignUp, grantRole, logIn, newEmail, PASSWORD, signUp, tokenOf, verify } from './account.ts'
import { expect, test } from './fixtures.ts'
import { resetLink } from './mail.ts'

test('sign up, verify, log in, open a guarded page, log out, and come back to it after logging in again', async ({ page }) => {
  const email = newEmail('journey')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByText('Welcome back, Mara Lind!')).toBeVisible()

  await page.goto('/account-info')
  await expect(page.getByRole('heading', { name: 'Account Info' })).toBeVisible()
  await expect(page.getByText(email)).toBeVisible()
  await expect(page.getByText('Female')).toBeVisible()

  await page.goto('/profile')
  await page.getByRole('button', { name: 'Logout' }).click()
  await expect(page).toHaveURL(/\/$/)
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toBeVisible()

  await page.goto('/account-info?tab=password')
  await expect(page).toHaveURL(/\/login\?from=%2Faccount-info%3Ftab%3Dpassword$/)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/account-info\?tab=password$/)
  await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible()
})

test('registering from the login page keeps where the traveller was going, through sign-up and verification', async ({ page }) => {
  const email = newEmail('detour')
  await page.goto('/account-info?tab=password')
  await expect(page).toHaveURL(/\/login\?from=/)
  await page.getByRole('link', { name: 'Register' }).click()
  await expect(page).toHaveURL(/\/signup\?from=%2Faccount-info%3Ftab%3Dpassword$/)
  await expect(page.getByRole('main').getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?from=%2Faccount-info%3Ftab%3Dpassword')
  await fillSignUp(page, email)
  await expect(page).toHaveURL(/\/verify-otp$/)
  await verify(page, email)
  await expect(page).toHaveURL(/from=%2Faccount-info%3Ftab%3Dpassword$/)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page).toHaveURL(/\/account-info\?tab=password$/)
})

test('a silent refresh keeps a user signed in when only the token is gone', async ({ page }) => {
  const email = newEmail('refresh')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await page.evaluate(() => localStorage.removeItem('roam.token'))
  await page.goto('/notifications')
  await expect(page.getByRole('heading', { name: 'Notifications' })).toBeVisible()
  expect(await tokenOf(page)).toBeTruthy()
})

test('forgot password, reset from the mailed link, and log in with the new password', async ({ page }) => {
  const email = newEmail('reset')
  await signUp(page, email)
  await verify(page, email)
  await page.getByRole('link', { name: 'Forgot Password?' }).click()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Send Reset Link' }).click()
  await expect(page.getByText('If that email exists, a reset link has been sent.')).toBeVisible()

  await page.goto(await resetLink(email))
  await page.getByLabel('New Password').fill('Quiet-harbour-77')
  await page.getByLabel('Confirm Password').fill('Quiet-harbour-78')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm Password').fill('Quiet-harbour-77')
  await page.getByRole('button', { name: 'Reset Password' }).click()
  await expect(page.getByText('Password reset successful.')).toBeVisible()
  await expect(page).toHaveURL(/\/login$/)
  await logIn(page, email, 'Quiet-harbour-77')
  await expect(page).toHaveURL(/\/$/)
})

test('change password: mismatch, wrong current password, then success keeps the user signed in', async ({ page }) => {
  const email = newEmail('change')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  const tokenBefore = await tokenOf(page)

  await page.goto('/account-info')
  const form = page.locator('form', { has: page.getByLabel('Current Password') })
  await form.getByLabel('Current Password').fill(PASSWORD)
  await form.getByLabel('New Password', { exact: true }).fill('Lantern-bay-9081')
  await form.getByLabel('Confirm New Password').fill('Lantern-bay-9082')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(form.getByRole('alert')).toHaveText('New passwords do not match')

  await form.getByLabel('Current Password').fill('Not-my-password-1')
  await form.getByLabel('Confirm New Password').fill('Lantern-bay-9081')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(form.getByRole('alert')).toHaveText('Password update failed: Current password is incorrect')

  await form.getByLabel('Current Password').fill(PASSWORD)
  await form.getByLabel('Confirm New Password').fill('Lantern-bay-9081')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password updated successfully!')).toBeVisible()
  const tokenAfter = await tokenOf(page)
  expect(tokenAfter).toBeTruthy()
  expect(tokenAfter).not.toBe(tokenBefore)

  await page.reload()
  await expect(page.getByText(email)).toBeVisible()
  await page.evaluate(() => localStorage.clear())
  await page.goto('/login')
  await logIn(page, email, PASSWORD)
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.')
  await logIn(page, email, 'Lantern-bay-9081')
  await expect(page).toHaveURL(/\/$/)
})

test('the account forms take input only once the page is interactive, so nothing typed early is lost', async ({ browser, baseURL, page }) => {
  const withoutScripts = await browser.newContext({ baseURL, javaScriptEnabled: false })
  const staticPage = await withoutScripts.newPage()
  await staticPage.goto('/signup')
  await expect(staticPage.getByLabel('Name')).toBeDisabled()
  await expect(staticPage.getByRole('button', { name: 'Sign Up' })).toBeDisabled()
  await withoutScripts.close()

  await page.goto('/signup')
  await expect(page.getByLabel('Name')).toBeEnabled()
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled()
})

test('a reset page without a token says the link is invalid', async ({ page }) => {
  await page.goto('/reset-password')
  await expect(page.getByText('Invalid reset link')).toBeVisible()
})

test('a wrong password shows the server message under the form', async ({ page }) => {
  await page.goto('/login')
  await logIn(page, 'nobody-here@example.com', 'Not-my-password-1')
  await expect(page.getByRole('alert')).toContainText('Invalid email or password.')
  await expect(page).toHaveURL(/\/login$/)
})

test('resend needs an e-mail, and the server limit shows after three resends', async ({ page }) => {
  const email = newEmail('resend')
  await signUp(page, email)
  await page.getByLabel('Email').fill('')
  await page.getByRole('button', { name: 'Resend OTP' }).click()
  await expect(page.getByRole('alert')).toContainText('Please enter your email to resend OTP.')
  await page.getByLabel('Email').fill(email)
  for (let i = 0; i < 3; i++) {
    await page.getByRole('button', { name: 'Resend OTP' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'a new code has been sent' })).toBeVisible()
  }
  await page.getByRole('button', { name: 'Resend OTP' }).click()
  await expect(page.getByRole('alert')).toContainText(/Too many codes requested/)
})

test('a visitor is sent home from /admin and a user sees Access Denied there', async ({ page }) => {
  await page.goto('/admin')
  await expect(page).toHaveURL(/\/$/)

  const email = newEmail('not-admin')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Access Denied - You do not have access to this page.' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeHidden()

  // Made an admin while signed in: the dashboard opens at the next visit, without logging out.
  grantRole(email, 'admin')
  await page.goto('/admin')
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
})

test('the account screens have no serious accessibility violations and fit a phone', async ({ page }) => {
  test.setTimeout(60_000) // axe on six pages: about 25 s on a busy two-core machine
  await page.setViewportSize({ width: 375, height: 740 })
  for (const path of ['/login', '/signup', '/verify-otp', '/forgot-password', '/reset-password?token=x', '/reset-password']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expectAccessibleAndFitting(page, path)
  }
})

test('account info has no serious accessibility violations on a phone and a desktop', async ({ page }) => {
  const email = newEmail('a11y')
  await signUp(page, email)
  await verify(page, email)
  await logIn(page, email)
  await expect(page).toHaveURL(/\/$/)
  await expectAccessibleAndFitting(page, 'home, logged in')
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 })
    await page.goto('/account-info')
    await expect(page.getByText(email)).toBeVisible()
    await expectAccessibleAndFitting(page, `/account-info at ${width} px`)
  }
})

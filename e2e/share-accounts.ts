import type { Browser, Page } from '@playwright/test'
import { signIn, tokenOf, verifiedAccount } from './account.ts'
import { expect } from './fixtures.ts'

const emails = new WeakMap<Page, string>()

/** The e-mail address of the account a page made by shareUser is signed in to. */
export const emailOf = (page: Page) => emails.get(page)!

/** A signed-in page in its own browser context, with a Roam Share username set through the API. */
export async function shareUser(browser: Browser, baseURL: string | undefined, label: string, username: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage()
  const email = await verifiedAccount(page.request, label)
  await signIn(page, email)
  const answer = await page.request.post('/api/roam-share-posts/set-username', {
    data: { username },
    headers: { authorization: `Bearer ${await tokenOf(page)}` },
  })
  expect(answer.status(), `set-username ${username}`).toBe(200)
  emails.set(page, email)
  return page
}

/** A short name unique to this run, for usernames (at most 30 characters in all). */
export const uniqueSuffix = () => `${Date.now().toString(36).slice(-5)}${Math.floor(Math.random() * 1296).toString(36)}`

import { test as base, expect } from '@playwright/test'

/** Every test runs against the app started by global-setup.ts. */
export const test = base.extend({
  baseURL: async ({}, use) => {
    const url = process.env.E2E_BASE_URL
    if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests with `npm run test:e2e`')
    await use(url)
  },
})

export { expect }

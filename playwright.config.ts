import { defineConfig, devices } from '@playwright/test'

const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium'

/** Browser tests drive Debian's Chromium against the built app, started by e2e/global-setup.ts. */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Each new context would install the service worker and precache the app shell (about 75 files): the
    // offline tests allow it (e2e/offline.spec.ts), the others keep CI time and CPU for what they test.
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
})

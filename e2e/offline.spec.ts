import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { buildServiceWorker } from '../src/pwa/service-worker-build.ts'
import { expect, test } from './fixtures.ts'
import { storeSession, travellerWithSavedTrip, waitUntilKeptOffline, workerVersion, type SavedTrip } from './saved-trip.ts'
import { startVersionProxy } from './version-proxy.ts'

test.use({ serviceWorkers: 'allow' })

// One traveller with a saved trip per worker: sign-ups are limited per address, and the suite shares one.
let traveller: SavedTrip
test.beforeAll(async ({ playwright }) => {
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL })
  traveller = await travellerWithSavedTrip(api, 'Offline in Rome')
  await api.dispose()
})

const CLIENT_DIR = path.resolve(import.meta.dirname, '../dist/client')

// One after the other: run beside another test of this file, the update below never takes over (the second
// version stays waiting however long it is given), while alone or in order it takes over in seconds.
test.describe.configure({ mode: 'default' })

const OFFLINE = 'You are offline.'

test('the service worker registers on localhost and the manifest makes Roam installable', async ({ page, request }) => {
  await page.goto('/')
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)
  expect(new URL(scriptUrl!).pathname).toBe('/sw.js')

  // Online, the offline banner is not there, not even before the page's scripts run.
  await expect(page.locator('#offline-banner')).toBeHidden()
  expect(await (await request.get('/my-itineraries')).text()).toMatch(/<div id="offline-banner"[^>]* hidden/)

  const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href')
  const manifest = (await (await request.get(manifestHref!)).json()) as {
    name: string
    display: string
    start_url: string
    icons: Array<{ src: string; sizes: string; purpose: string }>
  }
  expect(manifest).toMatchObject({ name: 'Roam', short_name: 'Roam', display: 'standalone', start_url: '/my-itineraries' })
  for (const size of ['192x192', '512x512']) {
    const maskable = manifest.icons.find((icon) => icon.sizes === size && icon.purpose === 'maskable')
    const icon = await request.get(maskable!.src)
    expect(icon.headers()['content-type']).toBe('image/png')
  }
})

test('a page that loaded past the service worker (a forced reload, or one loading while the worker activated) is taken by it once loaded', async ({ page }) => {
  await page.goto('/')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  // A forced reload loads the page past the worker, as a page still loading when the worker activates is.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.reload', { ignoreCache: true })
  await page.waitForLoadState('load')
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
})

/** The largest built file of a kind, as the browser asks for it (the React runtime, the main style sheet). */
function largestBuilt(extension: string): string {
  const dir = path.join(CLIENT_DIR, '_astro')
  const [largest] = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith(extension))
    .sort((a, b) => fs.statSync(path.join(dir, b)).size - fs.statSync(path.join(dir, a)).size)
  return `/_astro/${largest}`
}

test('text responses are compressed: Brotli when accepted, else gzip', async ({ request }) => {
  const trip = traveller
  const headers = (encoding: string) => ({ 'accept-encoding': encoding, authorization: `Bearer ${trip.accessToken}` })
  const script = largestBuilt('.js')
  const style = largestBuilt('.css')
  const share = await request.post(`/api/saved-itineraries/${trip.savedId}/share`, { headers: headers('br') })
  const sharedPath = new URL(((await share.json()) as { share_url: string }).share_url).pathname

  const texts = {
    'rendered HTML': '/',
    'prerendered HTML': '/help',
    JavaScript: script,
    CSS: style,
    JSON: '/saved-itineraries/user-full',
    'shared page': sharedPath,
    'calendar file': `${sharedPath}/calendar.ics`,
  }
  for (const [what, url] of Object.entries(texts)) {
    for (const [accepted, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip, deflate', 'gzip'],
    ] as const) {
      const response = await request.get(url, { headers: headers(accepted) })
      expect(response.status(), `${what} ${url}`).toBe(200)
      expect(response.headers()['content-encoding'], `${what} with ${accepted}`).toBe(expected)
      expect(response.headers()['vary'], `${what} varies by encoding`).toMatch(/accept-encoding/i)
    }
  }
  // Built assets keep their long cache lifetime when sent precompressed.
  const asset = await request.get(script, { headers: headers('br') })
  expect(asset.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
  // Without Accept-Encoding the bytes come as they are.
  expect((await request.get('/', { headers: { 'accept-encoding': 'identity' } })).headers()['content-encoding']).toBeUndefined()
})

test('offline after a first visit: My Itineraries, a saved trip (calendar and print view) and a shared page open, with the banner', async ({
  page,
  context,
  request,
}) => {
  const trip = traveller
  const share = await request.post(`/api/saved-itineraries/${trip.savedId}/share`, { headers: { authorization: `Bearer ${trip.accessToken}` } })
  const sharedPath = new URL(((await share.json()) as { share_url: string }).share_url).pathname
  await page.goto('/')
  await storeSession(page, trip)
  await page.goto('/my-itineraries')
  await expect(page.getByText(trip.title)).toBeVisible()
  await waitUntilKeptOffline(page, trip.savedId)
  await page.goto(sharedPath)
  await expect(page.getByRole('heading', { name: trip.title })).toBeVisible()
  // The trip seen once online: its street map's style and tiles are kept.
  await page.goto(`/itinerary?id=${trip.savedId}`)
  await expect(page.getByRole('region', { name: 'Map of Day 1' }).locator('canvas')).toBeVisible()

  await context.setOffline(true)
  await page.goto('/my-itineraries')
  await expect(page.getByText(OFFLINE)).toBeVisible()
  // On a phone the banner keeps to a line or two; what works offline is one tap away.
  await page.setViewportSize({ width: 375, height: 812 })
  expect((await page.locator('#offline-banner').boundingBox())!.height).toBeLessThan(64)
  await page.getByText('What works offline').click()
  await expect(page.getByText('Nothing you have typed is lost.')).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 720 })
  await page.getByRole('button', { name: new RegExp(`^${trip.title}`), expanded: false }).click()
  await expect(page.getByRole('region', { name: `${trip.title}: day calendar` })).toBeVisible()
  // Actions that need the network are turned off, with the reason.
  const shareButton = page.getByRole('button', { name: `Share ${trip.title}` })
  await expect(shareButton).toBeDisabled()
  await expect(shareButton).toHaveAttribute('title', 'You are offline: this needs an internet connection.')

  await page.goto(`/itinerary?id=${trip.savedId}`)
  await expect(page.getByRole('heading', { level: 1, name: trip.title })).toBeVisible()
  await expect(page.getByText(OFFLINE)).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save to My Itineraries' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Add to calendar' })).toBeDisabled()
  // The day's map, on the street map kept from the online visit.
  const map = page.getByRole('region', { name: 'Map of Day 1' })
  await expect(map.locator('canvas')).toBeVisible()
  await expect(map.getByRole('button', { name: /^1\. / })).toBeVisible()
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('region', { name: `${trip.title}, day by day` })).toContainText('Day 1')
  await page.emulateMedia({ media: 'screen' })

  await page.goto(sharedPath)
  await expect(page.getByRole('heading', { name: trip.title })).toBeVisible()

  // A page never opened on this device: Roam's offline page, with the pages that do open.
  await page.goto('/about-us')
  await expect(page.getByRole('heading', { level: 1, name: 'This page is not on this device yet' })).toBeVisible()
  await page.getByRole('main').getByRole('link', { name: 'My Itineraries' }).click()
  await expect(page.getByText(trip.title)).toBeVisible()
})

test('a shared link opened as the first visit to Roam opens offline after a reload', async ({ browser, request }) => {
  const trip = traveller
  const share = await request.post(`/api/saved-itineraries/${trip.savedId}/share`, { headers: { authorization: `Bearer ${trip.accessToken}` } })
  const sharedPath = new URL(((await share.json()) as { share_url: string }).share_url).pathname
  // A browser that has never seen Roam: no worker, no caches, no session.
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, serviceWorkers: 'allow' })
  try {
    const page = await context.newPage()
    await page.goto(sharedPath)
    await expect(page.getByRole('heading', { name: trip.title })).toBeVisible()
    // The worker registered by the page takes it over and keeps it.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
    await page.waitForFunction(async (path) => (await caches.match(path)) !== undefined, sharedPath)

    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { name: trip.title })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('an update never breaks offline: version 1 keeps a trip, version 2 takes over, the trip opens offline', async ({ browser }) => {
  test.setTimeout(120_000)
  const appPort = Number(new URL(process.env.E2E_BASE_URL!).port)
  const deployment = await startVersionProxy(appPort)
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-sw-v2-'))
  const context = await browser.newContext({ baseURL: deployment.baseUrl, serviceWorkers: 'allow' })
  try {
    const trip = traveller
    const page = await context.newPage()

    // Version 1 (the app's build): the traveller opens My Itineraries, which keeps the trip.
    await page.goto('/')
    await storeSession(page, trip)
    await page.goto('/my-itineraries')
    await expect(page.getByText(trip.title)).toBeVisible()
    await waitUntilKeptOffline(page, trip.savedId)
    const version1 = await workerVersion(page)

    // Version 2: the same build with another version, deployed; the traveller opens the home page only.
    const version2 = `${version1}-next`
    const worker = await buildServiceWorker({ clientDir: CLIENT_DIR, version: version2, outFile: path.join(workDir, 'sw.js') })
    deployment.deploy(worker.outFile)
    await page.goto('/')
    await expect.poll(() => workerVersion(page), { timeout: 30_000 }).toBe(version2)

    await context.setOffline(true)
    await page.goto(`/itinerary?id=${trip.savedId}`)
    await expect(page.getByRole('heading', { level: 1, name: trip.title })).toBeVisible()
    await expect(page.getByText(OFFLINE)).toBeVisible()
  } finally {
    await context.close()
    await deployment.stop()
    fs.rmSync(workDir, { recursive: true, force: true })
  }
})

test('"Install Roam" appears where the browser offers installation, on the help page and in the profile menu', async ({ page }) => {
  await page.goto('/')
  await storeSession(page, traveller)
  await page.addInitScript(() => {
    // Chromium offers installation with this event; a test browser never does, so the offer is made here.
    window.addEventListener('load', () => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: async () => {
          ;(window as unknown as { prompted: boolean }).prompted = true
        },
        userChoice: Promise.resolve({ outcome: 'accepted' }),
      })
      setTimeout(() => window.dispatchEvent(offer), 300)
    })
  })
  await page.goto('/help')
  await expect(page.getByText('The Roam mobile app is coming soon.', { exact: false })).toBeAttached()
  // Beside the spec's sentence, how to install Roam from the browser, whatever the browser.
  await expect(page.getByText(/on an iPhone or iPad, tap Share in Safari, then “Add to Home Screen”/)).toBeAttached()
  await page.locator('#mobile-app summary').click()
  const install = page.getByRole('button', { name: 'Install Roam' })
  await expect(install).toBeVisible()
  await install.click()
  await expect.poll(() => page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(true)
  await expect(install).toBeHidden()

  await page.goto('/profile')
  await expect(page.getByRole('navigation', { name: 'Profile menu' }).getByRole('button', { name: 'Install Roam' })).toBeVisible()
})

test('the last Roam Share page viewed shows offline with its photos, and liking waits for the network', async ({ page, context, request }) => {
  const headers = { authorization: `Bearer ${traveller.accessToken}` }
  const username = `offline${Date.now()}`
  expect((await request.post('/api/roam-share-posts/set-username', { headers, data: { username } })).ok()).toBe(true)
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#2a7' } })
    .jpeg()
    .toBuffer()
  const posted = await request.post('/api/roam-share-posts', {
    headers,
    multipart: {
      caption: 'Tram 28 at dusk',
      location: 'Lisbon, Portugal',
      tags: JSON.stringify(['tourism']),
      post_type: 'photo',
      images: { name: 'tram.jpg', mimeType: 'image/jpeg', buffer: photo },
    },
  })
  expect(posted.ok(), await posted.text()).toBe(true)

  await page.goto('/')
  await storeSession(page, traveller)
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.goto('/roam-share')
  const card = page.getByRole('button', { name: `Photo by ${username} at Lisbon, Portugal` })
  await expect(card).toBeVisible()
  // Kept once this card's own thumbnail is in the photo cache (the feed holds other travellers' photos too).
  const thumbnail = card.locator('img').first()
  await expect(thumbnail).toHaveJSProperty('complete', true)
  const thumbnailUrl = await thumbnail.evaluate((img: HTMLImageElement) => img.currentSrc)
  await page.waitForFunction(async (url) => (await (await caches.open('roam-media-v1')).match(url)) !== undefined, thumbnailUrl)

  await context.setOffline(true)
  await page.goto('/roam-share')
  await expect(page.getByText(OFFLINE)).toBeVisible()
  await expect(card).toBeVisible()
  // The thumbnail came from the cache: it has been decoded.
  await expect
    .poll(() =>
      card
        .locator('img')
        .first()
        .evaluate((img: HTMLImageElement) => img.naturalWidth),
    )
    .toBeGreaterThan(0)
  await card.click()
  await expect(page.getByRole('dialog', { name: `Post by ${username}` }).getByRole('button', { name: /Like · 0/ })).toBeDisabled()
})

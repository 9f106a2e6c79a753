/**
 * `npm run bench:first-load [-- --runs N]`: what a first visit costs on a phone. Starts the app (demo
 * catalog, fresh DATA_DIR), makes a shared itinerary through the API as a traveller would, then opens the
 * home page and the shared page in Chromium with an empty cache under a throttled mobile profile (Slow 4G
 * as Lighthouse defines it: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4× slower) and
 * records the bytes transferred (headers and bodies as they came over the wire) and the load time.
 *
 * Prints one line per visit and a JSON summary line last (medians over the runs).
 */
import { chromium, devices, request as apiRequest, type CDPSession } from '@playwright/test'
import { startApp } from '../e2e/app-server.ts'
import { verificationCode } from '../e2e/mail.ts'
import { option, percentile } from './support.ts'

const runs = Number(option(process.argv.slice(2), 'runs') ?? 3)
const SLOW_4G = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 }
const PASSWORD = 'Harbour-lights-42'

/** A shared two-city itinerary, made through the public API; returns the shared page's path. */
async function sharedItineraryPath(baseUrl: string, dataDir: string): Promise<string> {
  const api = await apiRequest.newContext({ baseURL: baseUrl })
  const email = `first-load-${Date.now()}@example.com`
  const ok = async <T = unknown>(response: Awaited<ReturnType<typeof api.post>>): Promise<T> => {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`)
    return (await response.json()) as T
  }
  await ok(
    await api.post('/auth/signup', {
      data: { name: 'Mara Lind', email, password: PASSWORD, confirm_password: PASSWORD, gender: 'female', dob: '1991-07-14' },
    }),
  )
  await ok(await api.post('/auth/verify-otp', { data: { email, otp: await verificationCode(email, dataDir) } }))
  const { accessToken } = await ok<{ accessToken: string }>(await api.post('/auth/login', { data: { email, password: PASSWORD, rememberMe: false } }))
  const headers = { authorization: `Bearer ${accessToken}` }
  const trip = { origin_city: 'Paris', destinations: ['Paris', 'Rome'], trip_types: ['tourist-attractions'], pace: 'moderate' }
  const dates = { start_date: '2027-05-01', end_date: '2027-05-05' }
  const generated = await ok<{ itinerary: unknown[] }>(await api.post('/api/itinerary/generate', { headers, data: { ...trip, ...dates } }))
  const tripData = { origin: 'Paris', destinations: ['Paris', 'Rome'], startDate: dates.start_date, endDate: dates.end_date, tripType: ['Tourist Attractions'] }
  const saved = await ok<{ saved_id: string }>(
    await api.post('/api/saved-itineraries/save-full', { headers, data: { tripData, editableItinerary: generated.itinerary, title: 'Paris and Rome in May' } }),
  )
  const shared = await ok<{ share_url: string }>(await api.post(`/api/saved-itineraries/${saved.saved_id}/share`, { headers }))
  await api.dispose()
  return new URL(shared.share_url).pathname
}

interface Visit {
  readonly bytes: number
  readonly requests: number
  readonly domContentLoadedMs: number
  readonly loadMs: number
}

/** Sums what came over the wire for every request the page made until it was loaded and the network idle. */
function countTransfers(cdp: CDPSession) {
  let bytes = 0
  let requests = 0
  cdp.on('Network.loadingFinished', (event) => {
    bytes += event.encodedDataLength
    requests++
  })
  return () => ({ bytes, requests })
}

async function visit(browser: Awaited<ReturnType<typeof chromium.launch>>, url: string): Promise<Visit> {
  const context = await browser.newContext({ ...devices['Pixel 7'] })
  const page = await context.newPage()
  const cdp = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true })
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  const transfers = countTransfers(cdp)
  await page.goto(url, { waitUntil: 'load' })
  await page.waitForLoadState('networkidle')
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[]
    return { domContentLoadedMs: navigation!.domContentLoadedEventEnd, loadMs: navigation!.loadEventEnd }
  })
  await context.close()
  return { ...transfers(), ...timing }
}

async function main() {
  const app = await startApp()
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
  try {
    const pages = { home: '/', shared: await sharedItineraryPath(app.baseUrl, app.dataDir) }
    const summary: Record<string, unknown> = { profile: 'Slow 4G, CPU 4x, Pixel 7', runs }
    for (const [name, path] of Object.entries(pages)) {
      const visits: Visit[] = []
      for (let run = 1; run <= runs; run++) {
        const result = await visit(browser, `${app.baseUrl}${path}`)
        visits.push(result)
        console.log(
          `${name} run ${run}: ${result.bytes} bytes in ${result.requests} requests, DOMContentLoaded ${Math.round(result.domContentLoadedMs)} ms, load ${Math.round(result.loadMs)} ms`,
        )
      }
      summary[name] = {
        bytes: percentile(
          visits.map((v) => v.bytes),
          50,
        ),
        requests: percentile(
          visits.map((v) => v.requests),
          50,
        ),
        domContentLoadedMs: Math.round(
          percentile(
            visits.map((v) => v.domContentLoadedMs),
            50,
          ),
        ),
        loadMs: Math.round(
          percentile(
            visits.map((v) => v.loadMs),
            50,
          ),
        ),
      }
    }
    console.log(JSON.stringify(summary))
  } finally {
    await browser.close()
    await app.stop()
  }
}

await main()

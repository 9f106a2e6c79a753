import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { encodedCalendar, forgetSharedCalendar, heldCalendar, rememberCalendar } from './shared-calendar-cache.ts'
import { serveSharedCalendarFromMemory, sharedCalendarShareId } from './shared-calendar-memory.ts'

const SHARE_ID = 'CaLeNdArShArEiD0123456'
const PATH = `/itinerary/shared/${SHARE_ID}/calendar.ics`
const ITINERARY_ID = '0b7e4c1a-5f2d-4a3b-9c8d-7e6f5a4b3c2d'
let version: number | undefined = 7
let server: http.Server
let base = ''

/** The server half in front of an "endpoint" that answers 599, so a lookup or build is easy to tell from a memory hit. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveSharedCalendarFromMemory(req, res, { requestId: () => 'memory', currentVersion: async () => version })) return
    res.writeHead(599).end('endpoint')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

/** A GET as it comes over the wire (fetch would decompress it). */
const raw = (headers: Record<string, string> = {}) =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(`${base}${PATH}`, { headers }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
      })
      .on('error', reject)
  })

const ics = `BEGIN:VCALENDAR\r\n${'BEGIN:VEVENT\r\nSUMMARY:Louvre\r\nEND:VEVENT\r\n'.repeat(2000)}END:VCALENDAR\r\n`

describe('shared calendars in memory', () => {
  it('knows a shared calendar’s path', () => {
    expect(sharedCalendarShareId(PATH)).toBe(SHARE_ID)
    expect(sharedCalendarShareId(`/itinerary/shared/${SHARE_ID}`)).toBeUndefined()
    // A query changes nothing: every variant is served the one copy.
    expect(sharedCalendarShareId(`${PATH}?x=1`)).toBe(SHARE_ID)
  })

  it('leaves a calendar it does not hold to the endpoint', async () => {
    forgetSharedCalendar(SHARE_ID)
    expect((await raw()).status).toBe(599)
  })

  it('answers a held calendar before the endpoint, with its ETag, compressed once as the browser accepts it, and 304 to a match', async () => {
    const file = rememberCalendar(SHARE_ID, ITINERARY_ID, 7, 'Paris & Rome!', ics, Date.now())
    await vi.waitFor(() => expect(encodedCalendar(file, 'br') && encodedCalendar(file, 'gzip')).toBeDefined())

    const plain = await raw()
    expect(plain.status).toBe(200)
    expect(plain.body.toString()).toBe(ics)
    expect(plain.headers).toMatchObject({
      'content-type': 'text/calendar; charset=utf-8',
      'content-disposition': 'attachment; filename="Paris-Rome.ics"',
      'cache-control': 'public, max-age=0, must-revalidate, s-maxage=60',
      etag: file.etag,
      vary: 'Accept-Encoding',
      'x-request-id': 'memory',
    })
    expect(plain.headers['content-encoding']).toBeUndefined()

    const brotli = await raw({ 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
    expect(brotli.body.length).toBeLessThan(ics.length / 20)
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(ics)
    expect((await raw({ 'accept-encoding': 'br' })).body.equals(brotli.body)).toBe(true)
    const gzip = await raw({ 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(ics)

    const revalidated = await raw({ 'if-none-match': file.etag })
    expect(revalidated.status).toBe(304)
    expect(revalidated.body.length).toBe(0)
  })

  it('serves the held copy while it confirms the version, once a second, and drops it when the itinerary changed', async () => {
    rememberCalendar(SHARE_ID, ITINERARY_ID, 7, 'Trip', ics, Date.now())
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 1500)
      version = 8
      expect((await raw()).status).toBe(200) // served, and the version check starts
      await vi.waitFor(() => expect(heldCalendar(SHARE_ID, Date.now())).toBeUndefined())
      expect((await raw()).status).toBe(599)
    } finally {
      vi.useRealTimers()
      version = 7
    }
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { forgetSharedPages, renderSharedPage, serveSharedPageFromMemory, sharedPageShareId } from './shared-page-cache.ts'

const SHARE_ID = 'AbCdEfGhIjKlMnOpQrStUv'
const PATH = `/itinerary/shared/${SHARE_ID}`
const ITINERARY_ID = '6f1c2b9e-3d4a-4e5f-8a7b-9c0d1e2f3a4b'
let version: number | undefined = 3
/** What the page reports it rendered: the itinerary and its version, while there is one. */
const shown = () => (version === undefined ? undefined : { itineraryId: ITINERARY_ID, version })
let server: http.Server
let base = ''

/** The server half in front of a "renderer" that answers 599, so a render is easy to tell from a memory hit. */
beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (serveSharedPageFromMemory(req, res, { requestId: () => 'memory', currentVersion: async () => version })) return
    res.writeHead(599).end('rendered')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

const page = (body: string) => async () =>
  new Response(body, { headers: { 'content-type': 'text/html', 'cache-control': 'public, max-age=0, must-revalidate, s-maxage=60' } })

/** How long the compressed copies, made off the event loop, may take on a busy machine (the whole suite on two cores). */
const copying = { timeout: 15_000, interval: 100 }

describe('shared pages in memory', () => {
  it('knows a shared page’s path', () => {
    expect(sharedPageShareId(PATH)).toBe(SHARE_ID)
    expect(sharedPageShareId(`${PATH}/calendar.ics`)).toBeUndefined()
    expect(sharedPageShareId('/itinerary/shared/short')).toBeUndefined()
  })

  it('keeps a rendered page with its ETag, serves it before rendering, and answers a matching If-None-Match with 304', async () => {
    const rendered = await renderSharedPage(new Request(`${base}${PATH}`), PATH, page('<h1>Trip</h1>'), shown)
    const etag = rendered.headers.get('etag')!
    expect(rendered.status).toBe(200)
    expect(etag).toMatch(/^"[\w-]+"$/)

    const hit = await fetch(`${base}${PATH}`)
    expect(hit.status).toBe(200)
    expect(await hit.text()).toBe('<h1>Trip</h1>')
    expect(hit.headers.get('etag')).toBe(etag)
    expect(hit.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate, s-maxage=60')
    expect(hit.headers.get('x-request-id')).toBe('memory')

    const revalidated = await fetch(`${base}${PATH}`, { headers: { 'if-none-match': etag } })
    expect(revalidated.status).toBe(304)
    const notModified = await renderSharedPage(new Request(`${base}${PATH}`, { headers: { 'if-none-match': etag } }), PATH, page('<h1>Trip</h1>'), shown)
    expect(notModified.status).toBe(304)
  })

  it('sends the copy compressed as the browser accepts it (Brotli first, else gzip)', async () => {
    const html = `<h1>Trip</h1>${'<p>Day with sights</p>'.repeat(200)}`
    await renderSharedPage(new Request(`${base}${PATH}`), PATH, page(html), shown)
    const raw = (acceptEncoding: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${base}${PATH}`, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
            const chunks: Buffer[] = []
            response.on('data', (chunk: Buffer) => chunks.push(chunk))
            response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }))
          })
          .on('error', reject)
      })
    // The copies are made off the event loop once the page is rendered; meanwhile it goes as it is.
    await vi.waitFor(async () => expect((await raw('br')).headers['content-encoding']).toBe('br'), copying)
    await vi.waitFor(async () => expect((await raw('gzip')).headers['content-encoding']).toBe('gzip'), copying)
    const brotli = await raw('gzip, deflate, br')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toBe('Accept-Encoding')
    expect(Number(brotli.headers['content-length'])).toBe(brotli.body.length)
    expect(brotli.body.length).toBeLessThan(html.length / 10)
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toBe(html)
    expect((await raw('gzip, deflate, br')).body.equals(brotli.body)).toBe(true)

    const gzip = await raw('gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(html)

    const plain = await raw('identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toBe('Accept-Encoding')
    expect(plain.body.toString()).toBe(html)
  })

  it('compresses a version once, off the event loop, however often it is rendered again, and a new version anew', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress')
    const blocking = vi.spyOn(zlib, 'brotliCompressSync')
    try {
      const get = () =>
        new Promise<string | undefined>((resolve, reject) => {
          http
            .get(`${base}${PATH}`, { headers: { 'accept-encoding': 'br' } }, (response) =>
              response.resume().on('end', () => resolve(response.headers['content-encoding'])),
            )
            .on('error', reject)
        })
      const render = (html: string) => renderSharedPage(new Request(`${base}${PATH}`), PATH, page(html), shown)
      const first = `<h1>Version one</h1>${'<p>Morning at the market</p>'.repeat(100)}`
      await render(first)
      await vi.waitFor(async () => expect(await get()).toBe('br'), copying)
      await get()
      expect(brotli).toHaveBeenCalledTimes(1)
      // Rendered again a minute later, same bytes: the compressed copy is kept.
      await render(first)
      expect(await get()).toBe('br')
      expect(brotli).toHaveBeenCalledTimes(1)
      await render(`<h1>Version two</h1>${'<p>Evening by the river</p>'.repeat(100)}`)
      await vi.waitFor(async () => expect(await get()).toBe('br'), copying)
      expect(brotli).toHaveBeenCalledTimes(2)
      expect(blocking).not.toHaveBeenCalled()
    } finally {
      brotli.mockRestore()
      blocking.mockRestore()
    }
  })

  it('serves every address of a page from one copy: a query is left out, a trailing slash redirected', async () => {
    await renderSharedPage(new Request(`${base}${PATH}`), PATH, page('<h1>Trip</h1>'), shown)
    const queried = await fetch(`${base}${PATH}?x=1&utm_source=chat`)
    expect(queried.status).toBe(200)
    expect(queried.headers.get('x-request-id')).toBe('memory')
    const slashed = await fetch(`${base}${PATH}/`, { redirect: 'manual' })
    expect(slashed.status).toBe(301)
    expect(slashed.headers.get('location')).toBe(PATH)
  })

  it('renders again once this process changes the itinerary, and only that itinerary', async () => {
    await renderSharedPage(new Request(`${base}${PATH}`), PATH, page('<h1>Trip</h1>'), shown)
    forgetSharedPages(new Set(['another-itinerary']))
    expect((await fetch(`${base}${PATH}`)).status).toBe(200)
    forgetSharedPages(new Set([ITINERARY_ID]))
    expect((await fetch(`${base}${PATH}`)).status).toBe(599)
  })

  it('drops a copy whose itinerary changed elsewhere, found by the version check after a second', async () => {
    const now = Date.now
    try {
      await renderSharedPage(new Request(`${base}${PATH}`), PATH, page('<h1>Trip</h1>'), shown)
      version = 4
      Date.now = () => now() + 1500
      // Served while the version is looked up, then dropped.
      expect((await fetch(`${base}${PATH}`)).status).toBe(200)
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect((await fetch(`${base}${PATH}`)).status).toBe(599)
    } finally {
      Date.now = now
    }
  })

  it('keeps nothing for a failed render or another method', async () => {
    version = 5
    await renderSharedPage(new Request(`${base}${PATH}`), PATH, async () => new Response('gone', { status: 404 }), shown)
    expect((await fetch(`${base}${PATH}`)).status).toBe(599)
    await renderSharedPage(new Request(`${base}${PATH}`, { method: 'POST', body: 'x' }), PATH, page('posted'), shown)
    expect((await fetch(`${base}${PATH}`)).status).toBe(599)
  })
})

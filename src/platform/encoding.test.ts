import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'
import { describe, expect, it, vi } from 'vitest'
import { EncodedCopies, encodeInBackground, preferredEncoding } from './encoding.ts'

describe('content encoding', () => {
  it('prefers Brotli, falls back to gzip, and respects what the client refuses', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })

  it('compresses bytes that decompress to the same page', async () => {
    const body = Buffer.from('<p>Rome, day 2</p>'.repeat(500))
    const brotli = await encodeInBackground(body, 'br')
    expect(zlib.brotliDecompressSync(brotli).equals(body)).toBe(true)
    expect(zlib.gunzipSync(await encodeInBackground(body, 'gzip')).equals(body)).toBe(true)
    expect(brotli.length).toBeLessThan(body.length / 20)
  })

  it('keeps one copy per body and encoding, made off the event loop once, and within its size', async () => {
    const brotli = vi.spyOn(zlib, 'brotliCompress')
    const blocking = [vi.spyOn(zlib, 'brotliCompressSync'), vi.spyOn(zlib, 'gzipSync')]
    try {
      const copies = new EncodedCopies(100 * 1024)
      const body = Buffer.from('<p>Lisbon, day 1</p>'.repeat(2000))
      expect(copies.get('"one"', body, 'br')).toBeUndefined()
      await vi.waitFor(() => expect(copies.get('"one"', body, 'br')).toBeDefined())
      expect(zlib.brotliDecompressSync(copies.get('"one"', body, 'br')!).equals(body)).toBe(true)
      expect(brotli).toHaveBeenCalledTimes(1)
      // Two bodies that do not compress (40 KB each, twice): the second's copies push the first's out.
      const [first, second] = [randomBytes(40 * 1024), randomBytes(40 * 1024)]
      copies.prepare('"first"', first)
      await vi.waitFor(() => expect(copies.get('"first"', first, 'gzip') && copies.get('"first"', first, 'br')).toBeDefined())
      copies.prepare('"second"', second)
      await vi.waitFor(() => expect(copies.get('"second"', second, 'gzip') && copies.get('"second"', second, 'br')).toBeDefined())
      expect(copies.get('"first"', first, 'br')).toBeUndefined()
      for (const spy of blocking) expect(spy).not.toHaveBeenCalled()
    } finally {
      brotli.mockRestore()
      for (const spy of blocking) spy.mockRestore()
    }
  })
})

import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { encodeOnce, preferredEncoding } from './encoding.ts'

describe('content encoding', () => {
  it('prefers Brotli, falls back to gzip, and respects what the client refuses', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(preferredEncoding('gzip, deflate')).toBe('gzip')
    expect(preferredEncoding('br;q=0, gzip')).toBe('gzip')
    expect(preferredEncoding('gzip;q=1, br;q=0.5')).toBe('gzip')
    expect(preferredEncoding('identity')).toBeUndefined()
    expect(preferredEncoding(undefined)).toBeUndefined()
  })

  it('compresses bytes that decompress to the same page', () => {
    const body = Buffer.from('<p>Rome, day 2</p>'.repeat(500))
    expect(zlib.brotliDecompressSync(encodeOnce(body, 'br')).equals(body)).toBe(true)
    expect(zlib.gunzipSync(encodeOnce(body, 'gzip')).equals(body)).toBe(true)
    expect(encodeOnce(body, 'br').length).toBeLessThan(body.length / 20)
  })
})

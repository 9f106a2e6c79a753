import Negotiator from 'negotiator'
import zlib from 'node:zlib'

export type Encoding = 'br' | 'gzip'

interface WithPreference {
  encoding(available: readonly string[], options: { readonly preferred: readonly string[] }): string | undefined
}

/** Browsers send a handful of distinct Accept-Encoding values: each is negotiated once. */
const negotiated = new Map<string, Encoding | undefined>()
const MAX_REMEMBERED = 64

/** The encoding a request's Accept-Encoding prefers among Brotli and gzip (Brotli first on a tie), if any. */
export function preferredEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined
  const key = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding
  if (negotiated.has(key)) return negotiated.get(key)
  const chosen = negotiate(acceptEncoding)
  if (negotiated.size >= MAX_REMEMBERED) negotiated.clear()
  negotiated.set(key, chosen)
  return chosen
}

function negotiate(acceptEncoding: string | string[]): Encoding | undefined {
  // negotiator 1.x takes the server's preference for ties; its type declarations predate that argument.
  const negotiator = new Negotiator({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as WithPreference
  const chosen = negotiator.encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip'] })
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined
}

/** Bytes compressed once, as hard as each format goes: for bodies kept in memory and sent many times. */
export function encodeOnce(body: Uint8Array, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
    : zlib.gzipSync(body, { level: 9 })
}

/**
 * Bytes compressed once on libuv's thread pool, off the event loop: for large bodies kept in memory (a
 * long trip's calendar is about 1 MB). Brotli at quality 5 compresses such a file in about a tenth of a
 * second and nearly as small as quality 9 (quality 11, as `encodeOnce` uses, takes seconds per megabyte).
 */
export function encodeInBackground(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result))
    if (encoding === 'br') {
      zlib.brotliCompress(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }, done)
    } else {
      zlib.gzip(body, { level: 6 }, done)
    }
  })
}

import Negotiator from 'negotiator'
import type { ServerResponse } from 'node:http'
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

/** Bodies up to this size are compressed as hard as each format goes; larger ones at a quick level. */
const SMALL_BODY = 128 * 1024

/**
 * Bytes compressed on libuv's thread pool, off the event loop. A small body (a shared page) gets Brotli's
 * best quality, worth it for a copy sent many times; a large one (a long trip's calendar, about 1 MB) gets
 * quality 5, about a tenth of a second and nearly as small as quality 9 (quality 11 takes seconds a megabyte).
 */
export function encodeInBackground(body: Uint8Array, encoding: Encoding): Promise<Buffer> {
  const small = body.length <= SMALL_BODY
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, result: Buffer) => (error ? reject(error) : resolve(result))
    if (encoding === 'br') {
      zlib.brotliCompress(
        body,
        { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: small ? 11 : 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } },
        done,
      )
    } else {
      zlib.gzip(body, { level: small ? 9 : 6 }, done)
    }
  })
}

const ENCODINGS: readonly Encoding[] = ['br', 'gzip']
/** Bodies with copies kept, whatever their size. */
const MAX_BODIES = 1000

interface Copies {
  readonly encoded: Map<Encoding, Buffer>
  readonly started: Set<Encoding>
}

/**
 * Compressed copies of bodies kept in memory (shared pages, shared calendars), keyed by their ETag, so a body
 * rendered again with the same bytes keeps them. Each is made once, in the background; until it is ready the
 * body goes as it is. At most `maxBytes` of copies are kept, the least recently made dropped first.
 */
export class EncodedCopies {
  private readonly copies = new Map<string, Copies>()
  private bytes = 0

  constructor(private readonly maxBytes: number) {}

  /** Starts every encoding of a body just made, so the next requests find them ready. */
  prepare(etag: string, body: Uint8Array): void {
    for (const encoding of ENCODINGS) this.get(etag, body, encoding)
  }

  /** The body in this encoding when its copy is ready, else undefined (and the copy is started once). */
  get(etag: string, body: Uint8Array, encoding: Encoding): Buffer | undefined {
    let copies = this.copies.get(etag)
    if (!copies) {
      copies = { encoded: new Map(), started: new Set() }
      this.copies.set(etag, copies)
    }
    const ready = copies.encoded.get(encoding)
    if (ready || copies.started.has(encoding)) return ready
    copies.started.add(encoding)
    const kept = copies
    encodeInBackground(body, encoding).then(
      (bytes) => {
        if (this.copies.get(etag) !== kept) return
        kept.encoded.set(encoding, bytes)
        this.bytes += bytes.length
        this.evict()
      },
      () => {}, // served uncompressed instead
    )
    return undefined
  }

  private evict(): void {
    for (const [etag, copies] of this.copies) {
      if (this.bytes <= this.maxBytes && this.copies.size <= MAX_BODIES) return
      this.copies.delete(etag)
      for (const bytes of copies.encoded.values()) this.bytes -= bytes.length
    }
  }
}

/**
 * Answers 200 with a body kept in memory: its compressed copy when that is ready, meanwhile the body
 * compressed as it streams (a quick level, on libuv's pool), as it is to a client that accepts neither
 * encoding. The caller has set the other headers.
 */
export function sendKept(res: ServerResponse, head: boolean, body: Uint8Array, encoding: Encoding | undefined, copy: Buffer | undefined): void {
  if (!encoding) {
    res.setHeader('content-length', body.length)
    res.writeHead(200).end(head ? undefined : body)
    return
  }
  res.setHeader('content-encoding', encoding)
  if (copy) {
    res.setHeader('content-length', copy.length)
    res.writeHead(200).end(head ? undefined : copy)
    return
  }
  res.writeHead(200)
  if (head) return void res.end()
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
      : zlib.createGzip({ level: 6 })
  compressor.pipe(res)
  compressor.end(body)
}

import { Effect } from 'effect'
import { Readable } from 'node:stream'
import parseRange from 'range-parser'
import { NotFound } from '../../platform/errors.ts'
import type { ApiRequest } from '../../platform/http.ts'
import { contentTypeOf, isServedName, keyOf } from './names.ts'
import { withStorage } from './storage.ts'
import type { ApiRoutes } from '../../platform/api-route.ts'

const ONE_YEAR = 31_536_000

/**
 * A published photo, thumbnail, poster, video or profile picture,
 * from whichever storage holds media. Names are ours and never reused, so answers are cacheable for
 * a year; videos seek with Range requests. A name outside the strict pattern (`..`, slashes, other
 * extensions) is a 404 before storage is asked.
 */
export const handleUpload = Effect.fn(function* ({ request, params }: ApiRequest) {
  const folder = params.folder ?? ''
  const file = params.file ?? ''
  if (!isServedName(folder, file)) return yield* new NotFound({ message: 'File not found' })
  const key = keyOf(folder, file)
  const size = yield* withStorage((storage) => storage.size(key))
  if (size === undefined) return yield* new NotFound({ message: 'File not found' })
  const etag = `"${file}"`
  const headers: Record<string, string> = {
    'cache-control': `public, max-age=${ONE_YEAR}, immutable`,
    'accept-ranges': 'bytes',
    etag,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  }
  if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers })

  const rangeHeader = request.headers.get('range')
  const ranges = rangeHeader ? parseRange(size, rangeHeader, { combine: true }) : -2
  if (ranges === -1) return new Response(null, { status: 416, headers: { ...headers, 'content-range': `bytes */${size}` } })
  // A malformed header or several ranges: the whole file, as RFC 9110 allows.
  const range = Array.isArray(ranges) && ranges.length === 1 ? ranges[0]! : undefined
  headers['content-type'] = contentTypeOf(key)
  headers['content-length'] = String(range ? range.end - range.start + 1 : size)
  if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`
  const status = range ? 206 : 200
  if (request.method === 'HEAD') return new Response(null, { status, headers })
  const object = yield* withStorage((storage) => storage.read(key, range))
  if (!object) return yield* new NotFound({ message: 'File not found' })
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { status, headers })
})

export const mediaRoutes = [{ method: 'GET', path: '/uploads/{folder}/{file}', handler: handleUpload, body: 'none', auth: 'public' }] satisfies ApiRoutes

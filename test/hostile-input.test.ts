import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { handleLogin, handleSignup, handleVerifyOtp } from '../src/modules/auth/http.ts'
import { setRole } from '../src/modules/auth/roles.ts'
import { lastCode } from '../src/modules/auth/test-support.ts'
import { runHandler, type ApiRequest } from '../src/platform/http.ts'
import { createLogger } from '../src/platform/logging.ts'
import { testApp, BASE_URL } from './app.ts'
import { apiRouter } from '../src/app/api-router.ts'
import { apiRoutes } from '../src/app/api-routes.ts'
import type { AppServices } from '../src/app/layer.ts'
import type { ApiRoute } from '../src/platform/api-route.ts'
import { pageEndpoints } from './routes.ts'

/**
 * No 5xx for bad input, anywhere: every route of the API route table (src/app/api-routes.ts) gets random and hostile bodies,
 * query strings, headers, cookies and route parameters (wrong JSON types, NUL bytes, huge strings, broken
 * UTF-8, unknown content types, forged tokens), and must answer each with a status below 500. The app
 * must still answer its health check afterwards.
 */

const app = await testApp()
let validToken = ''
beforeAll(async () => {
  const email = 'fuzz-owner@example.com'
  const password = 'Sturdy-fuzz-pass-1'
  const body = { name: 'Fuzz', email, password, confirm_password: password, gender: 'other', dob: '1990-01-01' }
  await app.call(handleSignup, '/auth/signup', { body })
  await app.call(handleVerifyOtp, '/auth/verify-otp', { body: { email, otp: lastCode(app.mailer, email) } })
  validToken = (await app.call(handleLogin, '/auth/login', { body: { email, password } })).body.accessToken
  // A super-admin's token gets past the admin endpoints' role check too.
  await app.run(setRole(email, 'super-admin', 'cli'))
})

/** Field names the endpoints read, so that hostile values reach the checks behind the decoding. */
const FIELDS = [
  'email',
  'password',
  'rememberMe',
  'name',
  'confirm_password',
  'gender',
  'dob',
  'phone_number',
  'otp',
  'token',
  'currentPassword',
  'newPassword',
  'origin_city',
  'destinations',
  'trip_types',
  'pace',
  'start_date',
  'end_date',
  'daysPerCity',
  'editableItinerary',
  'removedPlaces',
  'onlyCurrentPlaces',
  'replanned',
  'username',
  'bio',
  'userId',
  'post_id',
  'reason',
  'upTo',
]
const QUERY_NAMES = ['query', 'city', 'q', 'date', 'month', 'limit', 'cursor', 'tag', 'liked', 'followed', 'trips', 'location', 'before']

const NASTY = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\uffff',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%E0',
  '2026-02-30',
  '-1',
  '1e400',
  'NaN',
  'ana@example.com',
  'x'.repeat(5000),
  'é'.repeat(3000),
]
const printable = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 80 })
const hostileString = fc.oneof(
  fc.constantFrom(...NASTY),
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ minLength: 2000, maxLength: 6000 }),
)
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(hostileString, { maxLength: 4 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.jsonValue({ maxDepth: 3 }),
)
const encoder = new TextEncoder()
const json = (value: unknown) => encoder.encode(JSON.stringify(value))
const hugeBody = json({ email: 'x'.repeat(300_000) })
// Each known field present about half the time, so hostile values meet the checks behind the decoding.
const knownFields = fc.record(Object.fromEntries(FIELDS.map((field) => [field, hostileValue])), { requiredKeys: [] })
const body: fc.Arbitrary<Uint8Array> = fc.oneof(
  { arbitrary: knownFields.map(json), weight: 4 },
  fc.dictionary(hostileString, hostileValue, { maxKeys: 4 }).map(json),
  fc.jsonValue({ maxDepth: 4 }).map(json),
  hostileString.map((text) => encoder.encode(text)),
  fc.uint8Array({ maxLength: 600 }),
  fc.constant(hugeBody),
  fc.constant(new Uint8Array([0x7b, 0x22, 0x65, 0x6d, 0x61, 0x69, 0x6c, 0x22, 0x3a, 0x22, 0xe0, 0x80, 0x22, 0x7d])),
)
const contentType = fc.option(
  fc.oneof(
    fc.constantFrom(
      'application/json',
      'application/json; charset=utf-8',
      'application/json; charset=latin1',
      'text/plain',
      'multipart/form-data; boundary=----x',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      '*/*',
    ),
    printable,
  ),
  { nil: undefined },
)
const queryValue = fc.oneof(
  { arbitrary: fc.constantFrom('%00', 'a%00b', '%E0', '%', '%zz', '%FF%FE', '%C0%AF', '+', '%2F..%2F', 'x'.repeat(3000)), weight: 2 },
  hostileString.map((text) => (text.isWellFormed() ? encodeURIComponent(text) : '%ED%A0%80')),
)
const query = fc
  .tuple(
    fc.record(Object.fromEntries(QUERY_NAMES.map((name) => [name, queryValue])), { requiredKeys: [] }),
    fc.dictionary(printable.map(encodeURIComponent), queryValue, { maxKeys: 2 }),
  )
  .map(([known, other]) => ({ ...other, ...known }) as Record<string, string>)
const jwtPart = fc.oneof(
  fc.jsonValue().map((value) => Buffer.from(JSON.stringify(value)).toString('base64url')),
  printable,
)
const authorization = fc.option(
  fc.oneof(
    fc.constant('valid'),
    printable.map((text) => `Bearer ${text}`),
    fc.tuple(jwtPart, jwtPart, jwtPart).map((parts) => `Bearer ${parts.join('.')}`),
    printable,
  ),
  { nil: undefined },
)
const cookie = fc.option(
  fc.oneof(
    fc.constantFrom('roam_refresh=%E0', 'roam_refresh=%', 'roam_refresh=', 'roam_refresh', '=; ;=', 'roam_refresh=a; roam_refresh=b'),
    printable.map((text) => `roam_refresh=${text}`),
    printable,
  ),
  { nil: undefined },
)
const otherHeaders = fc.record(
  {
    origin: fc.oneof(fc.constant(BASE_URL), fc.constant('https://evil.example'), printable),
    'sec-fetch-site': fc.constantFrom('same-origin', 'cross-site', 'none', 'same-site'),
    'x-forwarded-for': printable,
    accept: printable,
  },
  { requiredKeys: [] },
)
const params = fc.dictionary(fc.constantFrom('id', 'saved_id', 'shareId', 'username', 'post_id', 'postId', 'userId', 'user_id'), hostileString, { maxKeys: 3 })

const hostileRequest = fc.record({ body, contentType, query, authorization, cookie, otherHeaders, params })

const logger = createLogger('silent')

type HostileRequest = typeof hostileRequest extends fc.Arbitrary<infer T> ? T : never
type EndpointRow = ApiRoute<AppServices>

const ENDPOINTS = apiRoutes
const findRoute = apiRouter(apiRoutes)

async function send(endpoint: EndpointRow, input: HostileRequest): Promise<number> {
  const search = Object.entries(input.query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&')
  const url = new URL(
    `${endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(input.params[name] ?? name).toWellFormed()))}?${search}`,
    BASE_URL,
  )
  const headers = new Headers(input.otherHeaders)
  if (input.contentType !== undefined) headers.set('content-type', input.contentType)
  if (input.authorization !== undefined) headers.set('authorization', input.authorization === 'valid' ? `Bearer ${validToken}` : input.authorization)
  if (input.cookie !== undefined) headers.set('cookie', input.cookie)
  const withBody = endpoint.method !== 'GET' && endpoint.method !== 'DELETE'
  // The route's parameters as the server reads them from the path; a path the table does not know (an empty
  // parameter) never reaches a handler.
  const found = findRoute(endpoint.method, url.pathname)
  if (found?.route !== endpoint) return 404
  const request: ApiRequest = {
    request: new Request(url, { method: endpoint.method, headers, body: withBody ? (input.body as Uint8Array<ArrayBuffer>) : undefined }),
    url,
    params: found.params,
    clientAddress: `198.18.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}`,
  }
  const response = await runHandler(app.runtime, endpoint.handler, request, { requestId: 'fuzz', logger })
  await response.arrayBuffer()
  return response.status
}

describe('hostile input', () => {
  it('fuzzes every API route: the route table is the only router, no page under src/pages answers a method', () => {
    expect(pageEndpoints()).toEqual([])
    expect(ENDPOINTS.length).toBeGreaterThan(60)
  })

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))('%s never answers 5xx', async (_, endpoint) => {
    await fc.assert(
      fc.asyncProperty(hostileRequest, async (input) => {
        const status = await send(endpoint, input)
        expect(status, `${endpoint.method} ${endpoint.path} answered ${status}`).toBeLessThan(500)
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 100) },
    )
  })

  it('answers the inputs that once caused a 500 with a 4xx', async () => {
    const row = (path: string) => ENDPOINTS.find((endpoint) => endpoint.path === path)!
    const none = { body: new Uint8Array(0), contentType: undefined, query: {}, authorization: undefined, cookie: undefined, otherHeaders: {}, params: {} }
    expect(await send(row('/api/places/search-attraction'), { ...none, query: { query: '%00' } })).toBe(400)
    expect(await send(row('/api/auth/refresh'), { ...none, cookie: 'roam_refresh=%E0' })).toBe(401)
    const longEmail = json({ email: `${'x'.repeat(4000)}@example.com`, password: 'Some-password-1' })
    expect(await send(row('/auth/login'), { ...none, body: longEmail, contentType: 'application/json' })).toBe(401)
    expect(await send(row('/api/roam-share-posts/user/{username}'), { ...none, params: { username: '\u0000' } })).toBe(404)
  })

  it('answers the upload limits with a 4xx before reading what is over them', async () => {
    const none = { query: {}, cookie: undefined, otherHeaders: {}, params: { postId: '00000000-0000-4000-8000-000000000000' } }
    const multipart = 'multipart/form-data; boundary=x'
    for (const path of ['/api/roam-share-posts', '/api/roam-share-posts/upload-profile-picture']) {
      const row = ENDPOINTS.find((endpoint) => endpoint.path === path && endpoint.body === 'multipart')!
      const declared = { ...none, authorization: 'valid', contentType: multipart, body: new Uint8Array(0), otherHeaders: { 'content-length': String(2 ** 40) } }
      expect(await send(row, declared as HostileRequest), path).toBe(413)
    }
    const mixed = [
      '--x\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\nnot really a photo\r\n',
      '--x\r\nContent-Disposition: form-data; name="video"; filename="b.mp4"\r\nContent-Type: video/mp4\r\n\r\nnot really a video\r\n--x--\r\n',
    ].join('')
    const post = ENDPOINTS.find((endpoint) => endpoint.path === '/api/roam-share-posts' && endpoint.method === 'POST')!
    const body = new TextEncoder().encode(mixed)
    expect(await send(post, { ...none, authorization: 'valid', contentType: multipart, body } as HostileRequest)).toBe(400)
  })

  it('leaves the app answering its health check', async () => {
    const health = ENDPOINTS.find((endpoint) => endpoint.path === '/api/health')!
    const response = await runHandler(
      app.runtime,
      health.handler,
      { request: new Request(`${BASE_URL}/api/health`), url: new URL(`${BASE_URL}/api/health`), params: {}, clientAddress: '198.18.0.1' },
      { requestId: 'fuzz', logger },
    )
    expect(response.status).toBe(200)
  })
})

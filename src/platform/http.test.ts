import { Effect, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { HttpHeaders, HttpStatus } from './errors.ts'
import { decodeJsonBody, respond } from './http.ts'
import { createLogger } from './logging.ts'

const run = async (program: Effect.Effect<Response, unknown>) => respond(await Effect.runPromiseExit(program), createLogger('silent'))

class Blocked extends Schema.TaggedError<Blocked>()('Blocked', {}) {
  readonly [HttpStatus] = 403
  readonly [HttpHeaders] = { 'Retry-After': '60' }
  override get message() {
    return 'Your account is blocked.'
  }
}

const Body = Schema.Struct({ email: Schema.String, days: Schema.Number })

const post = (body: string) => new Request('http://test/api', { method: 'POST', body, headers: { 'content-type': 'application/json' } })

async function answer(request: Request) {
  const response = await run(Effect.map(decodeJsonBody(Body, request), (value) => Response.json(value)))
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

describe('HTTP platform', () => {
  it('decodes a body, ignoring unknown fields', async () => {
    expect(await answer(post('{"email":"a@b.c","days":3,"extra":true}'))).toEqual({ status: 200, body: { email: 'a@b.c', days: 3 } })
  })

  it('answers bad input with 400 and a message naming the field, in both error and message', async () => {
    const missing = await answer(post('{"days":3}'))
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('email is required')
    expect(missing.body.message).toBe(missing.body.error)
    const wrongType = await answer(post('{"email":"a@b.c","days":"three"}'))
    expect(wrongType).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^days: Expected/) } })
    expect(await answer(post('{not json'))).toMatchObject({ status: 400, body: { error: 'Request body must be valid JSON' } })
    expect(await answer(post('[1,2]'))).toMatchObject({ status: 400 })
  })

  it('refuses oversized bodies with 413', async () => {
    const huge = JSON.stringify({ email: 'x'.repeat(300_000), days: 1 })
    expect((await answer(post(huge))).status).toBe(413)
  })

  it('stops reading a chunked body without Content-Length as soon as it passes 256 KiB', async () => {
    let pulled = 0
    const chunk = new Uint8Array(64 * 1024).fill(0x20)
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += chunk.byteLength
        if (pulled > 200 * 1024 * 1024) controller.close()
        else controller.enqueue(chunk)
      },
    })
    const request = new Request('http://test/api', {
      method: 'POST',
      body: endless,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit)
    expect((await answer(request)).status).toBe(413)
    expect(pulled).toBeLessThan(2 * 1024 * 1024)
  })

  it('answers 415 to a body of another media type, and 400 to broken UTF-8, NUL characters and lone surrogates', async () => {
    const typed = (type: string | undefined, body: BodyInit) =>
      new Request('http://test/api', { method: 'POST', body, headers: type ? { 'content-type': type } : {} })
    expect((await answer(typed('text/plain', '{"email":"a@b.c","days":1}'))).status).toBe(415)
    expect((await answer(typed('application/x-www-form-urlencoded', 'email=a'))).status).toBe(415)
    expect((await answer(typed('application/json; charset=utf-8', '{"email":"a@b.c","days":1}'))).status).toBe(200)
    expect((await answer(typed('application/json', new Uint8Array([0x7b, 0x22, 0xe0, 0x22, 0x3a, 0x31, 0x7d])))).status).toBe(400)
    expect((await answer(post('{"email":"a\\u0000b","days":1}'))).body.error).toBe('Request contains characters that are not allowed')
    expect((await answer(post('{"email":"\\ud800","days":1}'))).status).toBe(400)
    expect((await answer(post('{"email\\u0000":"a","days":1}'))).status).toBe(400)
  })

  it('maps errors that declare a status to it, with their headers, and hides unexpected errors behind a bare 500', async () => {
    const forbidden = await run(Effect.fail(new Blocked()))
    expect(forbidden.status).toBe(403)
    expect(forbidden.headers.get('retry-after')).toBe('60')
    expect(await forbidden.json()).toEqual({ error: 'Your account is blocked.', message: 'Your account is blocked.' })
    expect((await run(Effect.fail(new Error('a failure without a status')))).status).toBe(500)
    const crash = await run(Effect.die(new Error('secret stack detail')))
    expect(crash.status).toBe(500)
    expect(await crash.text()).not.toContain('secret')
  })
})

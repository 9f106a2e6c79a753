import { Effect, Schema } from 'effect'
import { describe, expect, it } from 'vitest'
import { decodeJsonBody, httpError, respond } from './http.ts'

const Body = Schema.Struct({ email: Schema.String, days: Schema.Number })

const post = (body: string) => new Request('http://test/api', { method: 'POST', body, headers: { 'content-type': 'application/json' } })

async function answer(request: Request) {
  const response = await respond(Effect.map(decodeJsonBody(Body, request), (value) => Response.json(value)))
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

  it('maps typed failures to their status and hides unexpected errors behind a bare 500', async () => {
    const forbidden = await respond(Effect.fail(httpError(403, 'Your account is blocked.')))
    expect(forbidden.status).toBe(403)
    expect(await forbidden.json()).toEqual({ error: 'Your account is blocked.', message: 'Your account is blocked.' })
    const crash = await respond(Effect.die(new Error('secret stack detail')))
    expect(crash.status).toBe(500)
    expect(await crash.text()).not.toContain('secret')
  })
})

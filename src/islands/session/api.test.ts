import { describe, expect, it } from 'vitest'
import { fakeBrowser, fakeFetch, isolateEachTest, jsonResponse, tokenExpiringIn, USER } from './test-browser.ts'

const loadApi = async () => ({ ...(await import('./api.ts')), ...(await import('./errors.ts')) })
const signedIn = (token: string) => ({ 'roam.user': JSON.stringify(USER), 'roam.token': token })
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).authorization

isolateEachTest()

describe('API client', () => {
  it('sends JSON with cookies, and the Bearer token only when asked', async () => {
    const token = tokenExpiringIn(900)
    fakeBrowser(signedIn(token))
    const server = fakeFetch(() => jsonResponse(200, { ok: true }))
    const { api } = await loadApi()
    expect(await api('/auth/login', { body: { email: 'a@b.c' } })).toEqual({ ok: true })
    await api('/api/users/me', { auth: true })
    const [login, me] = server.calls
    expect(login!.init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.c"}' })
    expect(login!.init.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' })
    expect(bearer(login!.init)).toBeUndefined()
    expect(me!.init).toMatchObject({ method: 'GET', credentials: 'include' })
    expect(bearer(me!.init)).toBe(`Bearer ${token}`)
  })

  it('raises the body error, else its message, else the status line, with status and data', async () => {
    fakeBrowser()
    const answers = [
      jsonResponse(401, { error: 'Invalid email or password.', message: 'ignored' }),
      jsonResponse(429, { message: 'Too many codes requested. Please try again in 15 minutes.' }),
      new Response('<h1>bad gateway</h1>', { status: 502, statusText: 'Bad Gateway' }),
    ]
    fakeFetch(() => answers.shift()!)
    const { api, ApiError } = await loadApi()
    const failure = (path: string) => api(path, { body: {} }).catch((error: unknown) => error)
    const first = await failure('/auth/login')
    expect(first).toBeInstanceOf(ApiError)
    expect(first).toMatchObject({ message: 'Invalid email or password.', status: 401, data: { error: 'Invalid email or password.' } })
    expect(await failure('/auth/resend-otp')).toMatchObject({ message: 'Too many codes requested. Please try again in 15 minutes.', status: 429 })
    expect(await failure('/auth/signup')).toMatchObject({ message: 'HTTP 502 Bad Gateway', status: 502, data: '<h1>bad gateway</h1>' })
  })

  it('gives "Request timeout" when the server does not answer in time', async () => {
    fakeBrowser()
    fakeFetch(
      (_path, init) =>
        new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new DOMException('The operation timed out.', 'TimeoutError')))),
    )
    const { api } = await loadApi()
    await expect(api('/api/auth/forgot-password', { body: { email: 'a@b.c' }, timeoutMs: 50 })).rejects.toMatchObject({ message: 'Request timeout', status: 0 })
  })

  it('refreshes a token that is about to expire before the call', async () => {
    fakeBrowser(signedIn(tokenExpiringIn(5)))
    const fresh = tokenExpiringIn(900)
    const server = fakeFetch((path) => (path === '/api/auth/refresh' ? jsonResponse(200, { accessToken: fresh }) : jsonResponse(200, {})))
    const { api } = await loadApi()
    await api('/api/users/me', { auth: true })
    expect(server.calls.map((call) => call.path)).toEqual(['/api/auth/refresh', '/api/users/me'])
    expect(bearer(server.calls[1]!.init)).toBe(`Bearer ${fresh}`)
  })

  it('retries a call once after a refresh when the server says the token is no longer good', async () => {
    const old = tokenExpiringIn(900)
    const fresh = tokenExpiringIn(960)
    fakeBrowser(signedIn(old))
    const server = fakeFetch((path, init) => {
      if (path === '/api/auth/refresh') return jsonResponse(200, { accessToken: fresh })
      return bearer(init) === `Bearer ${fresh}` ? jsonResponse(200, { name: 'Mara Lind' }) : jsonResponse(401, { error: 'Session expired.' })
    })
    const { api } = await loadApi()
    expect(await api('/api/users/me', { auth: true })).toEqual({ name: 'Mara Lind' })
    expect(server.calls.map((call) => call.path)).toEqual(['/api/users/me', '/api/auth/refresh', '/api/users/me'])
  })

  it('gives up after one retry', async () => {
    fakeBrowser(signedIn(tokenExpiringIn(900)))
    const server = fakeFetch((path) =>
      path === '/api/auth/refresh' ? jsonResponse(200, { accessToken: tokenExpiringIn(900) }) : jsonResponse(401, { error: 'Session expired.' }),
    )
    const { api } = await loadApi()
    await expect(api('/api/users/me', { auth: true })).rejects.toMatchObject({ status: 401, message: 'Session expired.' })
    expect(server.callsTo('/api/users/me')).toHaveLength(2)
  })

  it('forgets the session at once when the server says the account has been blocked', async () => {
    const browser = fakeBrowser(signedIn(tokenExpiringIn(900)))
    fakeFetch(() => jsonResponse(403, { error: 'Your account has been blocked.' }))
    const { api } = await loadApi()
    const { $loggedIn } = await import('./store.ts')
    await expect(api('/api/bucketlist/all', { auth: true })).rejects.toMatchObject({ status: 403, message: 'Your account has been blocked.' })
    expect($loggedIn.get()).toBe(false)
    expect(browser.localStorage.getItem('roam.token')).toBeNull()
  })

  it('keeps the session on any other refusal', async () => {
    const browser = fakeBrowser(signedIn(tokenExpiringIn(900)))
    fakeFetch(() => jsonResponse(403, { error: 'You do not have permission to do this.' }))
    const { api } = await loadApi()
    await expect(api('/api/admin/dashboard', { auth: true })).rejects.toMatchObject({ status: 403 })
    expect(browser.localStorage.getItem('roam.token')).not.toBeNull()
  })

  it('sends no call that needs a login for a visitor, and tries no refresh', async () => {
    fakeBrowser()
    const server = fakeFetch(() => jsonResponse(200, {}))
    const { api } = await loadApi()
    await expect(api('/api/users/me', { auth: true })).rejects.toMatchObject({ status: 401, message: 'Authentication required' })
    expect(server.calls).toEqual([])
    expect(console.warn).not.toHaveBeenCalled()
  })
})

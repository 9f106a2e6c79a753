import { describe, expect, it, vi } from 'vitest'
import { fakeBrowser, fakeFetch, isolateEachTest, jsonResponse, tokenExpiringIn, USER } from './test-browser.ts'

const loadStore = () => import('./store.ts')
const stored = (token?: string) => ({ 'roam.user': JSON.stringify(USER), ...(token ? { 'roam.token': token } : {}) })

isolateEachTest()

describe('session store', () => {
  it('is logged in only with both entries and a token whose exp has not passed', async () => {
    for (const [entries, loggedIn] of [
      [stored(tokenExpiringIn(600)), true],
      [stored(tokenExpiringIn(-5)), false],
      [stored('not-a-token'), false],
      [stored(), false],
      [{ 'roam.token': tokenExpiringIn(600) }, false],
    ] as const) {
      vi.resetModules()
      fakeBrowser(entries)
      const { $loggedIn } = await loadStore()
      expect($loggedIn.get()).toBe(loggedIn)
    }
  })

  it('keeps the user and the token as two local storage entries', async () => {
    const browser = fakeBrowser()
    const { setSession, $loggedIn } = await loadStore()
    const token = tokenExpiringIn(900)
    setSession(USER, token)
    expect(JSON.parse(browser.localStorage.getItem('roam.user') ?? 'null')).toEqual(USER)
    expect(browser.localStorage.getItem('roam.token')).toBe(token)
    expect($loggedIn.get()).toBe(true)
  })

  it('signing in asks for no refresh, even from an island that wakes on the new user', async () => {
    fakeBrowser()
    const server = fakeFetch(() => jsonResponse(200, { accessToken: tokenExpiringIn(900), user: USER }))
    // The login page settles no session before it signs one in: the first island to ask does.
    const { setSession, freshAccessToken, $user } = await loadStore()
    const tokens: Array<Promise<string | null>> = []
    $user.listen((user) => {
      if (user) tokens.push(freshAccessToken())
    })
    const token = tokenExpiringIn(900)
    await setSession(USER, token)
    expect(await Promise.all(tokens)).toEqual([token])
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(0)
  })

  it('silently refreshes at start when a user is stored without a token, and stores the new token', async () => {
    const browser = fakeBrowser(stored())
    const fresh = tokenExpiringIn(900)
    const server = fakeFetch(() => jsonResponse(200, { accessToken: fresh, user: USER }))
    const { initSession, $sessionStatus, $loggedIn } = await loadStore()
    expect($sessionStatus.get()).toBe('checking')
    await initSession()
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1)
    expect(server.calls[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' })
    expect(browser.localStorage.getItem('roam.token')).toBe(fresh)
    expect($sessionStatus.get()).toBe('ready')
    expect($loggedIn.get()).toBe(true)
  })

  it('keeps the session when the refresh cannot reach the server, and offline hands out the last token', async () => {
    const expired = tokenExpiringIn(-60)
    const browser = fakeBrowser(stored(expired))
    fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const { initSession, freshAccessToken, $signedIn, $loggedIn, $user } = await loadStore()
    const { $online } = await import('../../pwa/network.ts')
    $online.set(false)
    await initSession()
    expect(browser.localStorage.getItem('roam.user')).not.toBeNull()
    expect($user.get()).toEqual(USER)
    expect($loggedIn.get()).toBe(false)
    expect($signedIn.get()).toBe(true)
    // Only the service worker's copies answer offline: the expired token is good enough for them.
    expect(await freshAccessToken()).toBe(expired)
  })

  it('logs out when the start-up refresh fails, saying why in the console', async () => {
    const browser = fakeBrowser(stored(tokenExpiringIn(-60)))
    fakeFetch(() => jsonResponse(401, { error: 'Session expired.' }))
    const { initSession, $loggedIn, $user } = await loadStore()
    await initSession()
    expect(console.warn).toHaveBeenCalledWith('No valid refresh token or session expired')
    expect(browser.localStorage.getItem('roam.user')).toBeNull()
    expect(browser.localStorage.getItem('roam.token')).toBeNull()
    expect($user.get()).toBeNull()
    expect($loggedIn.get()).toBe(false)
  })

  it('does not call the server at start for a fresh session or a visitor', async () => {
    fakeBrowser(stored(tokenExpiringIn(900)))
    const server = fakeFetch(() => jsonResponse(500, {}))
    await (await loadStore()).initSession()
    vi.resetModules()
    fakeBrowser()
    await (await loadStore()).initSession()
    expect(server.calls).toHaveLength(0)
  })

  it('refreshes a token about to expire once, however many calls ask for it at the same time', async () => {
    fakeBrowser(stored(tokenExpiringIn(10)))
    const fresh = tokenExpiringIn(900)
    let answer!: () => void
    const server = fakeFetch(() => new Promise((resolve) => (answer = () => resolve(jsonResponse(200, { accessToken: fresh })))))
    const { freshAccessToken } = await loadStore()
    const waiting = Promise.all([freshAccessToken(), freshAccessToken(), freshAccessToken()])
    await vi.waitFor(() => expect(server.calls).toHaveLength(1))
    answer()
    expect(await waiting).toEqual([fresh, fresh, fresh])
    expect(server.callsTo('/api/auth/refresh')).toHaveLength(1)
  })

  it('clears both entries on logout even when the server call fails, and only logs the failure', async () => {
    const browser = fakeBrowser(stored(tokenExpiringIn(900)))
    const server = fakeFetch(() => Promise.reject(new TypeError('Failed to fetch')))
    const { logout, $loggedIn } = await loadStore()
    await expect(logout()).resolves.toBeUndefined()
    expect(server.callsTo('/api/auth/logout')[0]!.init).toMatchObject({ method: 'POST', credentials: 'include' })
    expect(console.warn).toHaveBeenCalled()
    expect(browser.localStorage.getItem('roam.user')).toBeNull()
    expect(browser.localStorage.getItem('roam.token')).toBeNull()
    expect($loggedIn.get()).toBe(false)
  })

  it('follows a logout and a login made in another tab', async () => {
    const browser = fakeBrowser(stored(tokenExpiringIn(900)))
    const { $loggedIn } = await loadStore()
    browser.localStorage.clear()
    browser.otherTabWrote('roam.user')
    expect($loggedIn.get()).toBe(false)
    browser.localStorage.setItem('roam.user', JSON.stringify(USER))
    browser.localStorage.setItem('roam.token', tokenExpiringIn(900))
    browser.otherTabWrote('roam.token')
    expect($loggedIn.get()).toBe(true)
  })
})

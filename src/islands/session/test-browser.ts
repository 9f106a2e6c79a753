import { afterEach, beforeEach, vi } from 'vitest'

/** A Storage backed by a Map, enough for the session store. */
class MemoryStorage implements Storage {
  readonly #items = new Map<string, string>()
  get length() {
    return this.#items.size
  }
  clear() {
    this.#items.clear()
  }
  getItem(key: string) {
    return this.#items.get(key) ?? null
  }
  key(index: number) {
    return [...this.#items.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.#items.delete(key)
  }
  setItem(key: string, value: string) {
    this.#items.set(key, String(value))
  }
}

/** Fresh session modules for every test (they hold module state), quiet warnings, and no stubs left behind. */
export function isolateEachTest() {
  beforeEach(() => {
    vi.resetModules()
    vi.spyOn(console, 'warn').mockImplementation(() => {})
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
}

export interface FakeBrowser {
  readonly localStorage: Storage
  /** What another tab writing `key` looks like to this one. */
  readonly otherTabWrote: (key: string | null) => void
}

/**
 * Gives the session modules the browser globals they use (window, localStorage, events), with
 * `stored` already in local storage. Call before importing the modules, after `vi.resetModules()`.
 */
export function fakeBrowser(stored: Record<string, string> = {}): FakeBrowser {
  const localStorage = new MemoryStorage()
  for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value)
  const window = Object.assign(new EventTarget(), { localStorage })
  vi.stubGlobal('window', window)
  vi.stubGlobal('localStorage', localStorage)
  return {
    localStorage,
    otherTabWrote: (key) => window.dispatchEvent(Object.assign(new Event('storage'), { key })),
  }
}

/** A signed token whose payload carries `exp` (seconds); the signature is not checked in the browser. */
export const tokenExpiringIn = (seconds: number) =>
  `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(JSON.stringify({ sub: 'u1', role: 'user', exp: Math.floor(Date.now() / 1000) + seconds })).toString('base64url')}.sig`

export const USER = { id: 'u1', user_id: 'u1', name: 'Mara Lind', email: 'mara@example.com', role: 'user', username: null }

export const jsonResponse = (status: number, body: unknown, statusText = '') =>
  new Response(body === undefined ? null : JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } })

/** A stubbed fetch answering by path; every call is recorded with its init. */
export function fakeFetch(answer: (path: string, init: RequestInit) => Response | Promise<Response>) {
  const calls: Array<{ path: string; init: RequestInit }> = []
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const path = String(input)
    calls.push({ path, init })
    return answer(path, init)
  })
  vi.stubGlobal('fetch', fetch)
  return { calls, callsTo: (path: string) => calls.filter((call) => call.path === path) }
}

/**
 * Requests to a shared public service (Overpass, Wikidata) as their usage policies ask: an identifying
 * User-Agent with a contact, at most one request in flight from this process, a timeout, and each answer
 * kept in the PostgreSQL response cache so that every app process asks once per city and age.
 */
import type { Logger } from '../../../platform/logging.ts'
import type { ResponseCache } from './response-cache.ts'
import { PlacesUnavailable } from '../provider.ts'

export interface PoliteFetchOptions {
  /** "OpenStreetMap (Overpass)": named in log lines and errors. */
  readonly service: string
  readonly userAgent: string
  readonly timeoutMs: number
  readonly cache?: ResponseCache | undefined
  readonly logger?: Logger | undefined
  readonly fetch?: typeof fetch
}

/** `(key, request)` → the JSON answer, cached under `key`; failures and timeouts are PlacesUnavailable (502/504). */
export type PoliteFetch = (key: string, url: string, init?: { method?: string; body?: string; contentType?: string }) => Promise<unknown>

export function politeFetch(options: PoliteFetchOptions): PoliteFetch {
  const doFetch = options.fetch ?? fetch
  // One request in flight: each waits for the one before it, whether that succeeded or not.
  let queue: Promise<unknown> = Promise.resolve()
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const turn = queue.then(work, work)
    queue = turn.catch(() => undefined)
    return turn
  }

  const upstream = async (url: string, init: { method?: string; body?: string; contentType?: string }) => {
    try {
      const response = await doFetch(url, {
        method: init.method ?? 'GET',
        headers: {
          'user-agent': options.userAgent,
          accept: 'application/json',
          ...(init.contentType ? { 'content-type': init.contentType } : {}),
        },
        ...(init.body === undefined ? {} : { body: init.body }),
        signal: AbortSignal.timeout(options.timeoutMs),
      })
      if (!response.ok) {
        const detail = await response.text().catch(() => '')
        options.logger?.warn('places service request failed', { service: options.service, status: response.status, detail: detail.slice(0, 300) })
        throw new PlacesUnavailable({ status: 502, message: `${options.service} answered with HTTP ${response.status}` })
      }
      return (await response.json()) as unknown
    } catch (error) {
      if (error instanceof PlacesUnavailable) throw error
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        options.logger?.warn('places service request timed out', { service: options.service, timeoutMs: options.timeoutMs })
        throw new PlacesUnavailable({ status: 504, message: `${options.service} did not answer within ${options.timeoutMs} ms` })
      }
      options.logger?.warn('places service request failed', { service: options.service, error: String(error) })
      throw new PlacesUnavailable({ status: 502, message: `${options.service} could not be reached` })
    }
  }

  return async (key, url, init = {}) => {
    const cached = await options.cache?.get(key)
    if (cached !== undefined) return cached
    return oneAtATime(async () => {
      // Another request may have fetched the same answer while this one waited its turn.
      const again = await options.cache?.get(key)
      if (again !== undefined) return again
      const fresh = await upstream(url, init)
      await options.cache?.put(key, options.service, fresh)
      return fresh
    })
  }
}

/** "Roam/0.1 (+https://roam.example; ops@roam.example)": who is asking and how to reach them. */
export const roamUserAgent = (contact: string) => `Roam/0.1 (${contact})`

import { Effect } from 'effect'
import { createHash } from 'node:crypto'
import type { Logger } from '../../../../platform/logging.ts'
import { PlacesUnavailable } from '../../provider.ts'
import type { ResponseCache } from '../response-cache.ts'

export const GOOGLE_PLACES_BASE_URL = 'https://places.googleapis.com/v1'

export type GoogleEndpoint = 'places:autocomplete' | 'places:searchText' | 'places:searchNearby'

export interface GoogleClientOptions {
  readonly apiKey: string
  /** `https://places.googleapis.com/v1` in production; a local fake server in tests. */
  readonly baseUrl?: string
  readonly timeoutMs?: number
  readonly cache?: ResponseCache
  readonly logger?: Logger
  readonly fetch?: typeof fetch
}

export type GoogleCall = <T>(endpoint: GoogleEndpoint, body: object, fieldMask: string) => Effect.Effect<T, PlacesUnavailable>

export const cacheKey = (endpoint: string, fieldMask: string, body: object) =>
  createHash('sha256')
    .update(`${endpoint}\n${fieldMask}\n${JSON.stringify(body)}`)
    .digest('hex')

/**
 * POSTs to a Places API (New) method with the key and field mask headers, a timeout, and the response
 * cache in front. Failures become PlacesUnavailable (502, or 504 on timeout); details go to the log.
 */
export function googlePlacesClient(options: GoogleClientOptions): GoogleCall {
  const baseUrl = (options.baseUrl ?? GOOGLE_PLACES_BASE_URL).replace(/\/$/, '')
  const timeoutMs = options.timeoutMs ?? 5000
  const doFetch = options.fetch ?? fetch

  const upstream = async (endpoint: GoogleEndpoint, body: object, fieldMask: string): Promise<unknown> => {
    let response: Response
    try {
      response = await doFetch(`${baseUrl}/${endpoint}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Goog-Api-Key': options.apiKey, 'X-Goog-FieldMask': fieldMask },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) {
        const detail = await response.text().catch(() => '')
        options.logger?.warn('google places request failed', { endpoint, status: response.status, detail: detail.slice(0, 500) })
        throw new PlacesUnavailable({ status: 502, message: `Google Places answered ${endpoint} with HTTP ${response.status}` })
      }
      return await response.json()
    } catch (error) {
      if (error instanceof PlacesUnavailable) throw error
      if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
        options.logger?.warn('google places request timed out', { endpoint, timeoutMs })
        throw new PlacesUnavailable({ status: 504, message: `Google Places did not answer ${endpoint} within ${timeoutMs} ms` })
      }
      options.logger?.warn('google places request failed', { endpoint, error: String(error) })
      throw new PlacesUnavailable({ status: 502, message: `Google Places could not be reached for ${endpoint}` })
    }
  }

  return <T>(endpoint: GoogleEndpoint, body: object, fieldMask: string) =>
    Effect.tryPromise({
      try: async () => {
        const key = cacheKey(endpoint, fieldMask, body)
        const cached = await options.cache?.get(key)
        if (cached !== undefined) return cached as T
        const fresh = await upstream(endpoint, body, fieldMask)
        await options.cache?.put(key, endpoint, fresh)
        return fresh as T
      },
      catch: (error) => (error instanceof PlacesUnavailable ? error : new PlacesUnavailable({ status: 502, message: `Google Places ${endpoint} failed` })),
    })
}

/**
 * A local stand-in for the Google Places API (New), for tests: `places:autocomplete`, `places:searchText`
 * and `places:searchNearby` over a fixed list of places, answering in the documented JSON format, with the
 * response cut down to the requested field mask (as Google does) and the key checked.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { distanceKm, foldText } from '../../domain.ts'
import type { GooglePlace } from './google-mapping.ts'

export interface FakePlace extends GooglePlace {
  readonly id: string
  readonly displayName: { readonly text: string; readonly languageCode?: string }
  readonly formattedAddress: string
  readonly location: { readonly latitude: number; readonly longitude: number }
  readonly types: readonly string[]
}

export interface RecordedRequest {
  readonly endpoint: string
  readonly apiKey: string | undefined
  readonly fieldMask: string | undefined
  readonly body: Record<string, any>
}

export interface FakeGooglePlaces {
  readonly baseUrl: string
  readonly requests: RecordedRequest[]
  /** Delays every answer (to test timeouts). */
  delayMs: number
  readonly close: () => Promise<void>
}

/** Keeps only the fields a mask names ("places.displayName", "suggestions.placePrediction.text.text"). */
export function applyFieldMask(value: unknown, mask: string): unknown {
  const paths = mask.split(',').map((path) => path.trim().split('.'))
  if (paths.some((path) => path[0] === '*')) return value
  const pick = (node: unknown, wanted: string[][]): unknown => {
    if (Array.isArray(node)) return node.map((item) => pick(item, wanted))
    if (typeof node !== 'object' || node === null) return node
    const result: Record<string, unknown> = {}
    for (const [key, child] of Object.entries(node)) {
      const below = wanted.filter((path) => path[0] === key)
      if (below.length === 0) continue
      result[key] = below.some((path) => path.length === 1)
        ? child
        : pick(
            child,
            below.map((path) => path.slice(1)),
          )
    }
    return result
  }
  return pick(value, paths)
}

const error = (code: number, status: string, message: string) => ({ error: { code, message, status } })

export async function startFakeGooglePlaces(options: {
  apiKey: string
  places: readonly FakePlace[]
  cities: ReadonlyArray<{ description: string; types: readonly string[] }>
}): Promise<FakeGooglePlaces> {
  const requests: RecordedRequest[] = []
  const byPopularity = (a: FakePlace, b: FakePlace) => (b.userRatingCount ?? 0) - (a.userRatingCount ?? 0)

  const answer = (endpoint: string, body: Record<string, any>): [number, unknown] => {
    if (endpoint === 'places:autocomplete') {
      if (typeof body.input !== 'string') return [400, error(400, 'INVALID_ARGUMENT', 'input is required')]
      const input = foldText(body.input)
      const cities = options.cities.filter((city) => foldText(city.description).startsWith(input))
      const citiesOnly = Array.isArray(body.includedPrimaryTypes) && body.includedPrimaryTypes.includes('(cities)')
      const places = citiesOnly ? [] : options.places.filter((place) => foldText(place.displayName.text).includes(input))
      const predictions = [
        ...cities.map((city, i) => ({ place: `places/city${i}`, placeId: `city${i}`, text: { text: city.description, matches: [] }, types: city.types })),
        ...places.map((place) => ({
          place: `places/${place.id}`,
          placeId: place.id,
          text: { text: `${place.displayName.text}, ${place.formattedAddress}`, matches: [] },
          types: place.types,
        })),
      ]
      return [200, { suggestions: predictions.slice(0, 5).map((placePrediction) => ({ placePrediction })) }]
    }
    if (endpoint === 'places:searchNearby') {
      const circle = body.locationRestriction?.circle
      if (!circle?.center || typeof circle.radius !== 'number') return [400, error(400, 'INVALID_ARGUMENT', 'locationRestriction.circle is required')]
      if (circle.radius > 50_000) return [400, error(400, 'INVALID_ARGUMENT', 'radius must be at most 50000')]
      const max = body.maxResultCount ?? 20
      if (max > 20) return [400, error(400, 'INVALID_ARGUMENT', 'maxResultCount must be at most 20')]
      const types: string[] = body.includedTypes ?? []
      const found = options.places
        .filter((place) => distanceKm(place.location, circle.center) * 1000 <= circle.radius)
        .filter((place) => types.length === 0 || place.types.some((type) => types.includes(type)))
        .sort(body.rankPreference === 'DISTANCE' ? (a, b) => distanceKm(a.location, circle.center) - distanceKm(b.location, circle.center) : byPopularity)
      return [200, found.length ? { places: found.slice(0, max) } : {}]
    }
    if (endpoint === 'places:searchText') {
      if (typeof body.textQuery !== 'string' || !body.textQuery) return [400, error(400, 'INVALID_ARGUMENT', 'textQuery is required')]
      const words = foldText(body.textQuery).split(' ')
      const found = options.places
        .filter((place) => words.every((word) => foldText(`${place.displayName.text} ${place.formattedAddress}`).includes(word)))
        .sort(byPopularity)
      return [200, found.length ? { places: found.slice(0, body.pageSize ?? 20) } : {}]
    }
    return [404, error(404, 'NOT_FOUND', `Method not found: ${endpoint}`)]
  }

  const server = http.createServer((req, res) => {
    let raw = ''
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const endpoint = (req.url ?? '').replace(/^\/v1\//, '')
      const apiKey = req.headers['x-goog-api-key'] as string | undefined
      const fieldMask = req.headers['x-goog-fieldmask'] as string | undefined
      let body: Record<string, any> = {}
      try {
        body = JSON.parse(raw || '{}')
      } catch {
        body = {}
      }
      requests.push({ endpoint, apiKey, fieldMask, body })
      const send = () => {
        if (res.destroyed) return
        let status: number
        let payload: unknown
        if (req.method !== 'POST') [status, payload] = [405, error(405, 'METHOD_NOT_ALLOWED', 'POST only')]
        else if (apiKey !== options.apiKey) [status, payload] = [403, error(403, 'PERMISSION_DENIED', 'API key not valid. Please pass a valid API key.')]
        else if (!fieldMask && endpoint !== 'places:autocomplete')
          [status, payload] = [400, error(400, 'INVALID_ARGUMENT', 'FieldMask is a required parameter.')]
        else {
          ;[status, payload] = answer(endpoint, body)
          if (status === 200 && fieldMask) payload = applyFieldMask(payload, fieldMask)
        }
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' })
        res.end(JSON.stringify(payload))
      }
      if (fake.delayMs > 0) setTimeout(send, fake.delayMs)
      else send()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeGooglePlaces = {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    delayMs: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
  return fake
}

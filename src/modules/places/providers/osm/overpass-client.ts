import { createHash } from 'node:crypto'
import type { City } from '../../domain.ts'
import { cityRadiusMeters } from '../../cities/city-reach.ts'
import { overpassQuery, type OverpassResponse } from './osm-mapping.ts'
import type { PoliteFetch } from '../polite-fetch.ts'

/** The public instance; a deployment may run its own (OVERPASS_URL). */
export const OVERPASS_URL = 'https://overpass-api.de/api/interpreter'

/** The elements of the kind table around a city: one POST of Overpass QL, cached per city and query. */
export function overpassAttractions(fetchJson: PoliteFetch, baseUrl: string, city: City): Promise<OverpassResponse> {
  const query = overpassQuery(city.latitude, city.longitude, cityRadiusMeters(city))
  // The query names the kind set: a changed table is a new cache entry.
  const key = `overpass:${city.id}:${createHash('sha256').update(query).digest('hex').slice(0, 16)}`
  return fetchJson(key, baseUrl, {
    method: 'POST',
    body: new URLSearchParams({ data: query }).toString(),
    contentType: 'application/x-www-form-urlencoded',
  }) as Promise<OverpassResponse>
}

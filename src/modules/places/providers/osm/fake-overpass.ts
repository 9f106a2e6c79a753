/**
 * A local stand-in for an Overpass API endpoint, for tests and benchmarks: takes the Overpass QL that
 * `overpassQuery` writes (POST `data=`), reads its `nwr[...](around:r,lat,lon);` statements (tag filters
 * `["k"]`, `["k"="v"]`, `["k"~"^(a|b)$"]`) and answers in Overpass's JSON format with the elements that
 * match, ways and relations with their `center`, as `out tags center` does.
 */
import { distanceKm } from '../../domain.ts'
import { startFakeService, type FakeService } from '../fake-server.ts'
import type { OsmElement } from './osm-mapping.ts'

interface Statement {
  readonly filters: ReadonlyArray<{ key: string; op?: '=' | '~'; value?: string }>
  readonly radius: number
  readonly latitude: number
  readonly longitude: number
}

export function parseStatements(query: string): Statement[] {
  const statements: Statement[] = []
  for (const match of query.matchAll(/nwr((?:\[[^\]]+\])+)\(around:(\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)\);/g)) {
    const filters = [...match[1]!.matchAll(/\["([^"]+)"(?:(=|~)"([^"]+)")?\]/g)].map((filter) => ({
      key: filter[1]!,
      ...(filter[2] ? { op: filter[2] as '=' | '~', value: filter[3]! } : {}),
    }))
    statements.push({ filters, radius: Number(match[2]), latitude: Number(match[3]), longitude: Number(match[4]) })
  }
  return statements
}

const positionOf = (element: OsmElement) =>
  element.lat !== undefined && element.lon !== undefined
    ? { latitude: element.lat, longitude: element.lon }
    : element.center && { latitude: element.center.lat, longitude: element.center.lon }

function matches(element: OsmElement, statement: Statement): boolean {
  const tags = element.tags ?? {}
  for (const { key, op, value } of statement.filters) {
    const actual = tags[key]
    if (actual === undefined) return false
    if (op === '=' && actual !== value) return false
    if (op === '~' && !new RegExp(value!).test(actual)) return false
  }
  const at = positionOf(element)
  return at !== undefined && distanceKm(at, statement) * 1000 <= statement.radius
}

/** `elements`: a fixed list, or a function giving the elements near a point (generated data). */
export async function startFakeOverpass(
  elements: readonly OsmElement[] | ((latitude: number, longitude: number, radiusMeters: number) => readonly OsmElement[]),
): Promise<FakeService> {
  return startFakeService('/api/interpreter', (request) => {
    const query = request.method === 'POST' ? new URLSearchParams(request.body).get('data') : new URL(request.url, 'http://x').searchParams.get('data')
    if (!query) return [400, { remark: 'runtime error: no query given' }]
    const statements = parseStatements(query)
    if (statements.length === 0) return [400, { remark: 'static error: the fake understands only nwr[...](around:...) statements' }]
    const pool = typeof elements === 'function' ? elements(statements[0]!.latitude, statements[0]!.longitude, statements[0]!.radius) : elements
    const found = pool.filter((element) => statements.some((statement) => matches(element, statement)))
    return [
      200,
      {
        version: 0.6,
        generator: 'Overpass API (Roam test fake)',
        osm3s: { copyright: 'The data included in this document is from www.openstreetmap.org. The data is made available under ODbL.' },
        elements: found,
      },
    ]
  })
}

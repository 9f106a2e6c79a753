/**
 * `PLACES_PROVIDER=osm` for the plan benchmarks, without the internet: local fakes of Overpass and Wikidata
 * whose answers are generated from the shipped catalog (world catalog and famous sights) as OpenStreetMap
 * would hold them: nodes, ways and relations with centres, `name:en` and the other names, Wikidata items
 * whose sitelinks follow the place's popularity, and plausible `opening_hours`: the place's own window,
 * its weekly closing days, a shorter Saturday or a lunch break for some, public holidays off, `24/7` for
 * monuments open all day, and a few malformed values.
 */
import { createHash } from 'node:crypto'
import { END_OF_DAY, formatClock, type Kind } from '../src/modules/places/domain.ts'
import { startFakeOverpass } from '../src/modules/places/providers/osm/fake-overpass.ts'
import { startFakeWikidata } from '../src/modules/places/providers/osm/fake-wikidata.ts'
import { osmPlaces } from '../src/modules/places/providers/osm/osm-adapter.ts'
import type { OsmElement } from '../src/modules/places/providers/osm/osm-mapping.ts'
import type { PlacesProviderShape } from '../src/modules/places/provider.ts'
import type { Db } from '../src/platform/database.ts'

const TAGS_OF_KIND: Readonly<Record<Kind, Record<string, string>>> = {
  museum: { tourism: 'museum' },
  gallery: { tourism: 'gallery' },
  monument: { historic: 'monument' },
  historic_site: { historic: 'archaeological_site' },
  castle_palace: { historic: 'castle' },
  religious_site: { amenity: 'place_of_worship' },
  park_garden: { leisure: 'park' },
  viewpoint: { tourism: 'viewpoint' },
  nature: { leisure: 'nature_reserve' },
  beach: { natural: 'beach' },
  zoo_aquarium: { tourism: 'zoo' },
  theme_park: { tourism: 'theme_park' },
  market_shopping: { amenity: 'marketplace' },
  nightlife: { amenity: 'nightclub' },
  entertainment: { amenity: 'theatre' },
  spa_wellness: { amenity: 'public_bath' },
  sport_adventure: { tourism: 'attraction' },
  landmark: { tourism: 'attraction' },
}

const DAY_CODES: Readonly<Record<string, string>> = { Mon: 'Mo', Tue: 'Tu', Wed: 'We', Thu: 'Th', Fri: 'Fr', Sat: 'Sa', Sun: 'Su' }

/** A number 0..n-1 fixed by the text: the same record always gets the same made-up facts. */
const pick = (text: string, n: number) => createHash('sha256').update(text).digest().readUInt32BE(0) % n

const clock = (minutes: number) => (minutes >= END_OF_DAY ? '24:00' : formatClock(minutes))

/** Plausible OpenStreetMap hours for a catalog record. */
export function plausibleHours(id: string, opensAt: number, closesAt: number, closedDays: readonly string[]): string {
  if (opensAt === 0 && closesAt >= END_OF_DAY && closedDays.length === 0) return pick(`${id}:always`, 3) === 0 ? 'Mo-Su 00:00-24:00' : '24/7'
  const window = `${clock(opensAt)}-${clock(closesAt)}`
  const closed = [...closedDays]
  const variant = pick(`${id}:hours`, 20)
  // One in five places without a closing day of their own is closed on Mondays, as many museums are.
  if (closed.length === 0 && variant < 4) closed.push('Mon')
  const open = Object.keys(DAY_CODES).filter((day) => !closed.includes(day))
  if (open.length === 0) return 'off'
  const days = open.map((day) => DAY_CODES[day]).join(',')
  const off = closed.length > 0 ? `; ${closed.map((day) => DAY_CODES[day]).join(',')} off` : ''
  if (variant === 4) return '9am to 5pm, closed on holidays' // malformed: the kind's typical window
  if (variant === 5 && closesAt - opensAt >= 6 * 60 && open.includes('Sat'))
    return `${days} ${window}; Sa ${clock(opensAt)}-${clock(Math.min(closesAt, opensAt + 4 * 60))}${off}`
  if (variant === 6 && closesAt - opensAt >= 6 * 60 && opensAt <= 12 * 60 && closesAt >= 14 * 60)
    return `${days} ${clock(opensAt)}-12:00,14:00-${clock(closesAt)}${off}`
  if (variant === 7) return `${days} ${window}${off}; PH off`
  if (variant === 8) return `${days} ${window}${off} "last entry one hour before closing"`
  return `${days} ${window}${off}`
}

interface Row {
  id: string
  name: string
  shown_name: string | null
  aliases: string[]
  latitude: number
  longitude: number
  kind: string
  popularity: number
  opens_at: number
  closes_at: number
  closed_days: string[] | null
}

/** The OSM provider against fakes made from the catalog in `db`, with the catalog record behind each OSM id. */
export async function osmBenchPlaces(db: Db): Promise<{ places: PlacesProviderShape; catalogIdOf: (id: string) => string; close: () => Promise<void> }> {
  const rows = (await db
    .selectFrom('attractions')
    .select(['id', 'name', 'shown_name', 'aliases', 'latitude', 'longitude', 'kind', 'popularity', 'opens_at', 'closes_at', 'closed_days'])
    .where('merged_into', 'is', null)
    .execute()) as Row[]
  const elements: OsmElement[] = []
  const sitelinks = new Map<string, number>()
  const catalogId = new Map<string, string>()
  const types = ['node', 'way', 'relation'] as const
  for (const row of rows) {
    const osmId = 1 + pick(`${row.id}:osm`, 2_000_000_000)
    const type = types[pick(`${row.id}:type`, 3)]!
    const wikidata = `Q${osmId}`
    // Sitelinks as popularity reads them back: 0.9 ≈ 170 articles, 0.5 ≈ 20, 0.2 ≈ 3.
    sitelinks.set(wikidata, Math.max(0, Math.round(301 ** Math.min(1, row.popularity) - 1)))
    const shown = row.shown_name ?? row.name
    const tags: Record<string, string> = {
      ...TAGS_OF_KIND[row.kind as Kind],
      name: row.aliases[0] ?? shown,
      'name:en': shown,
      wikidata,
      opening_hours: plausibleHours(row.id, row.opens_at, row.closes_at, row.closed_days ?? []),
    }
    row.aliases.slice(1, 4).forEach((alias, k) => (tags[`alt_name${k === 0 ? '' : `_${k}`}`] = alias))
    const at = { lat: row.latitude, lon: row.longitude }
    elements.push(type === 'node' ? { type, id: osmId, ...at, tags } : { type, id: osmId, center: at, tags })
    catalogId.set(`osm-${type}-${osmId}`, row.id)
  }
  const near = (latitude: number, longitude: number, radius: number) => {
    const span = radius / 111_000 + 0.01
    const lonSpan = span / Math.max(0.05, Math.cos((latitude * Math.PI) / 180))
    return elements.filter((element) => {
      const lat = element.lat ?? element.center!.lat
      const lon = element.lon ?? element.center!.lon
      return Math.abs(lat - latitude) <= span && Math.abs(lon - longitude) <= lonSpan
    })
  }
  const overpass = await startFakeOverpass(near)
  const wikidata = await startFakeWikidata(sitelinks)
  const places = osmPlaces({ db, overpassUrl: overpass.baseUrl, wikidataUrl: wikidata.baseUrl, contact: 'roam-bench@localhost' })
  console.log(`osm provider against local fakes: ${elements.length} elements made from the catalog`)
  return {
    places,
    catalogIdOf: (id) => catalogId.get(id) ?? id,
    close: async () => {
      await Promise.all([overpass.close(), wikidata.close()])
    },
  }
}

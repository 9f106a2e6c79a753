/**
 * OpenStreetMap elements (Overpass API JSON) → our places. Pure.
 *
 * The one table of what Roam plans from OpenStreetMap, first matching row wins. "link" rows take only
 * elements with a `wikidata` or `wikipedia` tag: a city has thousands of memorial plaques, parks, churches
 * and bars, and the ones worth a traveller's day have an encyclopaedia article.
 *
 * | OSM tag                                   | link | kind            |
 * |-------------------------------------------|------|-----------------|
 * | tourism=museum                            |      | museum          |
 * | tourism=gallery                           |      | gallery         |
 * | tourism=zoo, tourism=aquarium             |      | zoo_aquarium    |
 * | tourism=theme_park, leisure=water_park    |      | theme_park      |
 * | historic=castle, historic=palace          |      | castle_palace   |
 * | historic=fort                             |      | castle_palace   |
 * | historic=monument, historic=city_gate     |      | monument        |
 * | historic=memorial                         | yes  | monument        |
 * | historic=archaeological_site              |      | historic_site   |
 * | historic=ruins                            | yes  | historic_site   |
 * | amenity=place_of_worship                  | yes  | religious_site  |
 * | leisure=park, leisure=garden              | yes  | park_garden     |
 * | leisure=nature_reserve                    | yes  | nature          |
 * | natural=beach                             |      | beach           |
 * | amenity=marketplace                       |      | market_shopping |
 * | amenity=nightclub                         |      | nightlife       |
 * | amenity=bar, amenity=pub                  | yes  | nightlife       |
 * | amenity=theatre, amenity=casino           | yes  | entertainment   |
 * | amenity=public_bath, leisure=sauna        |      | spa_wellness    |
 * | tourism=viewpoint                         |      | viewpoint       |
 * | tourism=attraction                        |      | landmark        |
 *
 * Themes and typical visit lengths are the kind's (`KIND_PROFILES`). Every element needs a `name`.
 */
import { byPopularity, END_OF_DAY, KIND_PROFILES, type Attraction, type City, type Kind } from '../../domain.ts'
import { parseOpeningHours, windowsOn } from '../../opening-hours.ts'
import { chooseShownName, type NameSource } from '../../names/shown-name.ts'
import { typicalVisitMinutes } from '../../visiting.ts'

export interface OsmElement {
  readonly type: 'node' | 'way' | 'relation'
  readonly id: number
  /** Nodes carry their own position... */
  readonly lat?: number
  readonly lon?: number
  /** ...ways and relations the centre Overpass adds with `out center`. */
  readonly center?: { readonly lat: number; readonly lon: number }
  readonly tags?: Readonly<Record<string, string>>
}

export interface OverpassResponse {
  readonly version?: number
  readonly generator?: string
  readonly elements?: readonly OsmElement[]
  readonly remark?: string
}

export interface KindRule {
  readonly key: string
  readonly values: readonly string[]
  readonly kind: Kind
  /** Only elements with a `wikidata` or `wikipedia` tag. */
  readonly link: boolean
}

export const KIND_RULES: readonly KindRule[] = [
  { key: 'tourism', values: ['museum'], kind: 'museum', link: false },
  { key: 'tourism', values: ['gallery'], kind: 'gallery', link: false },
  { key: 'tourism', values: ['zoo', 'aquarium'], kind: 'zoo_aquarium', link: false },
  { key: 'tourism', values: ['theme_park'], kind: 'theme_park', link: false },
  { key: 'leisure', values: ['water_park'], kind: 'theme_park', link: false },
  { key: 'historic', values: ['castle', 'palace', 'fort'], kind: 'castle_palace', link: false },
  { key: 'historic', values: ['monument', 'city_gate'], kind: 'monument', link: false },
  { key: 'historic', values: ['memorial'], kind: 'monument', link: true },
  { key: 'historic', values: ['archaeological_site'], kind: 'historic_site', link: false },
  { key: 'historic', values: ['ruins'], kind: 'historic_site', link: true },
  { key: 'amenity', values: ['place_of_worship'], kind: 'religious_site', link: true },
  { key: 'leisure', values: ['park', 'garden'], kind: 'park_garden', link: true },
  { key: 'leisure', values: ['nature_reserve'], kind: 'nature', link: true },
  { key: 'natural', values: ['beach'], kind: 'beach', link: false },
  { key: 'amenity', values: ['marketplace'], kind: 'market_shopping', link: false },
  { key: 'amenity', values: ['nightclub'], kind: 'nightlife', link: false },
  { key: 'amenity', values: ['bar', 'pub'], kind: 'nightlife', link: true },
  { key: 'amenity', values: ['theatre', 'casino'], kind: 'entertainment', link: true },
  { key: 'amenity', values: ['public_bath'], kind: 'spa_wellness', link: false },
  { key: 'leisure', values: ['sauna'], kind: 'spa_wellness', link: false },
  { key: 'tourism', values: ['viewpoint'], kind: 'viewpoint', link: false },
  { key: 'tourism', values: ['attraction'], kind: 'landmark', link: false },
]

const hasLink = (tags: Readonly<Record<string, string>>) => Boolean(tags.wikidata || tags.wikipedia)

/** The kind of an element by the table above, or undefined when Roam does not plan it. */
export function kindOf(tags: Readonly<Record<string, string>>): Kind | undefined {
  for (const rule of KIND_RULES) {
    const value = tags[rule.key]
    if (value && rule.values.includes(value) && (!rule.link || hasLink(tags))) return rule.kind
  }
  return undefined
}

/** The Overpass QL query for the table's elements within `radius` metres of a point, with centres of ways and relations. */
export function overpassQuery(latitude: number, longitude: number, radius: number): string {
  const around = `(around:${radius},${latitude.toFixed(5)},${longitude.toFixed(5)})`
  const statements: string[] = []
  for (const rule of KIND_RULES) {
    const value = rule.values.length === 1 ? `="${rule.values[0]}"` : `~"^(${rule.values.join('|')})$"`
    const filter = `["${rule.key}"${value}]["name"]`
    if (rule.link) statements.push(`nwr${filter}["wikidata"]${around};`, `nwr${filter}["wikipedia"]${around};`)
    else statements.push(`nwr${filter}${around};`)
  }
  return `[out:json][timeout:25];\n(\n${statements.join('\n')}\n);\nout tags center qt;`
}

/** "node/123" style id, prefixed so it never meets a catalog id. */
export const osmPlaceId = (element: Pick<OsmElement, 'type' | 'id'>) => `osm-${element.type}-${element.id}`

/** The element's names: `name:en` as English, every `name:xx` in its language, the local `name` unlabelled. */
export function namesOf(tags: Readonly<Record<string, string>>): NameSource[] {
  const names: NameSource[] = []
  if (tags['name:en']) names.push({ text: tags['name:en'], language: 'en' })
  for (const [key, text] of Object.entries(tags)) {
    const language = /^name:([a-z]{2,3})$/.exec(key)?.[1]
    if (language && language !== 'en') names.push({ text, language })
  }
  if (tags.name) names.push({ text: tags.name })
  for (const key of ['int_name', 'alt_name', 'official_name']) if (tags[key]) names.push({ text: tags[key]! })
  return names
}

/** Wikidata's sitelink count (articles in every language) and the element's own Wikipedia link → 0..1. */
export function popularityFrom(sitelinks: number | undefined, tags: Readonly<Record<string, string>>): number {
  const articles = Math.min(1, Math.log10(1 + (sitelinks ?? 0)) / Math.log10(301))
  const wikipedia = tags.wikipedia || (sitelinks ?? 0) > 0 ? 0.1 : 0
  return Math.round((0.05 + 0.85 * articles + wikipedia) * 1000) / 1000
}

/** A fixed week (Monday 5 January 2026 on) on which to read a place's usual daily window. */
const REFERENCE_WEEK = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11']

/**
 * The usual daily window of real hours: the most common first-to-last window over a reference week (what a
 * listing shows without a date), or undefined when the text does not parse or the place is never open then.
 */
export function usualWindow(text: string, where: { latitude: number; longitude: number; countryCode?: string }) {
  const hours = parseOpeningHours(text, where)
  if (!hours) return undefined
  const counts = new Map<string, { opensAt: number; closesAt: number; count: number }>()
  for (const date of REFERENCE_WEEK) {
    const windows = windowsOn(hours, date)
    if (windows.length === 0) continue
    const opensAt = windows[0]![0]
    const closesAt = windows[windows.length - 1]![1]
    const entry = counts.get(`${opensAt}-${closesAt}`) ?? { opensAt, closesAt, count: 0 }
    entry.count++
    counts.set(`${opensAt}-${closesAt}`, entry)
  }
  let best: { opensAt: number; closesAt: number; count: number } | undefined
  for (const entry of counts.values()) if (!best || entry.count > best.count) best = entry
  return best && { opensAt: best.opensAt, closesAt: Math.min(best.closesAt, END_OF_DAY) }
}

const addressOf = (tags: Readonly<Record<string, string>>) => {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ')
  const parts = [street, tags['addr:postcode'] && tags['addr:city'] ? `${tags['addr:postcode']} ${tags['addr:city']}` : tags['addr:city']].filter(Boolean)
  return parts.length > 0 ? parts.join(', ') : null
}

/** OpenStreetMap's `wikipedia` tag ("fr:Musée du Louvre") as the article's address; undefined when it is not one. */
export function wikipediaUrl(tag: string | undefined): string | undefined {
  const match = /^([a-z]{2,3}(?:-[a-z]{2,8})?):(.{1,200})$/.exec(tag?.trim() ?? '')
  if (!match) return undefined
  return `https://${match[1]}.wikipedia.org/wiki/${encodeURIComponent(match[2]!.trim().replace(/ /g, '_'))}`
}

/** An element as an attraction of `city`; undefined when it has no name, no position or no kind Roam plans. */
export function toAttraction(element: OsmElement, city: City, sitelinks: ReadonlyMap<string, number>): Attraction | undefined {
  const tags = element.tags ?? {}
  const latitude = element.lat ?? element.center?.lat
  const longitude = element.lon ?? element.center?.lon
  const kind = kindOf(tags)
  if (!kind || !tags.name || typeof latitude !== 'number' || typeof longitude !== 'number') return undefined
  const shown = chooseShownName(namesOf(tags), city.countryCode)
  const profile = KIND_PROFILES[kind]
  const where = { latitude, longitude, countryCode: city.countryCode }
  const text = tags.opening_hours?.trim()
  const usual = text ? usualWindow(text, where) : undefined
  const named = { name: shown.name, aliases: shown.aliases, kind }
  return {
    id: osmPlaceId(element),
    name: shown.name,
    aliases: shown.aliases,
    address: addressOf(tags),
    city: city.name,
    cityId: city.id,
    latitude,
    longitude,
    kind,
    themes: profile.themes,
    popularity: popularityFrom(tags.wikidata ? sitelinks.get(tags.wikidata) : undefined, tags),
    visitMinutes: typicalVisitMinutes({ ...named, visitMinutes: profile.visitMinutes }),
    opensAt: usual?.opensAt ?? profile.opensAt,
    closesAt: usual?.closesAt ?? profile.closesAt,
    ...(usual && text ? { openingHours: text, countryCode: city.countryCode } : {}),
    ...(wikipediaUrl(tags.wikipedia) ? { wikipedia: wikipediaUrl(tags.wikipedia)! } : {}),
    rating: null,
    reviewsCount: null,
  }
}

/** An answer's elements as attractions of `city`, one per element, best first. */
export function toAttractions(response: OverpassResponse, city: City, sitelinks: ReadonlyMap<string, number>): Attraction[] {
  const unique = new Map<string, Attraction>()
  for (const element of response.elements ?? []) {
    const attraction = toAttraction(element, city, sitelinks)
    if (attraction) unique.set(attraction.id, attraction)
  }
  return [...unique.values()].sort(byPopularity)
}

/** The Wikidata ids (Q…) an answer links to. */
export const wikidataIds = (response: OverpassResponse) =>
  [...new Set((response.elements ?? []).map((element) => element.tags?.wikidata).filter((id): id is string => Boolean(id && /^Q\d+$/.test(id))))].sort()

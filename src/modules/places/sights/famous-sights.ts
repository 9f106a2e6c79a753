/**
 * The famous-sights supplement (data/places/famous-sights/*.ndjson, see its README): the best-known sights
 * of the most visited city destinations, reviewed by hand, with English and local names, a visit length,
 * typical hours, weekly closing days, a fame rank within the city and the ids of the catalog records that
 * are the same sight. Each line becomes a catalog record of source `roam-sights` that outranks the
 * Wikivoyage-derived records and takes them in (sight-groups.ts). Pure: parsing and checking only.
 */
import { END_OF_DAY, foldText, isKind, isTheme, KIND_PROFILES, type City, type Kind, type Theme } from '../domain.ts'

export const FAMOUS_SOURCE = 'roam-sights'
export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** How far from its city's centre a sight may lie: its own sights and headline sights within an easy trip. */
export const SIGHT_REACH_KM = 40

/** One line of a supplement file, as written. */
export interface FamousSight {
  readonly city: string
  readonly country: string
  readonly fame: number
  readonly name: string
  readonly local?: string
  readonly also?: readonly string[]
  readonly lat: number
  readonly lon: number
  readonly kind: Kind
  readonly themes?: readonly Theme[]
  readonly minutes: number
  readonly hours: string
  readonly closed?: readonly string[]
  readonly last_entry?: string
  readonly same?: readonly string[]
  readonly walk?: boolean
  readonly stop?: boolean
  /** The name of the sight of the same city this one is inside or part of: planned the same day. */
  readonly part_of?: string
  /** The names of the sights of the same city seen on the same outing: planned the same day. */
  readonly with?: readonly string[]
}

export type ParsedSight = { readonly ok: true; readonly sight: FamousSight } | { readonly ok: false; readonly reason: string }

const CLOCK = /^([01]\d|2[0-4]):([0-5]\d)$/
const minutesOf = (clock: string) => {
  const match = CLOCK.exec(clock)!
  return Math.min(END_OF_DAY, Number(match[1]) * 60 + Number(match[2]))
}

/** Checks one line of a supplement file: fields, kind, themes, hours, visit length. */
export function parseFamousSight(line: string): ParsedSight {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'not a JSON object' }
  const sight = value as Record<string, unknown>
  const text = (field: string) => typeof sight[field] === 'string' && (sight[field] as string).trim() !== ''
  for (const field of ['city', 'country', 'name', 'kind', 'hours']) if (!text(field)) return { ok: false, reason: `${field} must be a non-empty string` }
  if (/[<>]/.test(sight.name as string)) return { ok: false, reason: 'name must be plain text' }
  if (!/^[\P{L}\p{Script=Latin}\p{Script=Common}]*$/u.test(sight.name as string)) return { ok: false, reason: 'name must be written in Latin letters' }
  if (!isKind(sight.kind as string)) return { ok: false, reason: `kind "${String(sight.kind)}" is not one of the catalog's kinds` }
  if (!Number.isInteger(sight.fame) || (sight.fame as number) < 1) return { ok: false, reason: 'fame must be a whole number from 1' }
  for (const field of ['lat', 'lon'])
    if (typeof sight[field] !== 'number' || !Number.isFinite(sight[field])) return { ok: false, reason: `${field} must be a number` }
  const minutes = sight.minutes
  if (!Number.isInteger(minutes) || (minutes as number) < 30 || (minutes as number) > 360 || (minutes as number) % 30 !== 0)
    return { ok: false, reason: 'minutes must be 30 to 360 in steps of 30' }
  const hours = /^(\d\d:\d\d)-(\d\d:\d\d)$/.exec(sight.hours as string)
  if (!hours || !CLOCK.test(hours[1]!) || !CLOCK.test(hours[2]!) || minutesOf(hours[2]!) <= minutesOf(hours[1]!))
    return { ok: false, reason: `hours must be "HH:MM-HH:MM", closing after opening: ${String(sight.hours)}` }
  if (sight.last_entry !== undefined && (typeof sight.last_entry !== 'string' || !CLOCK.test(sight.last_entry)))
    return { ok: false, reason: 'last_entry must be a time "HH:MM"' }
  const list = (field: string) =>
    sight[field] === undefined || (Array.isArray(sight[field]) && (sight[field] as unknown[]).every((item) => typeof item === 'string'))
  for (const field of ['also', 'themes', 'closed', 'same', 'with']) if (!list(field)) return { ok: false, reason: `${field} must be a list of strings` }
  if (sight.part_of !== undefined && !text('part_of')) return { ok: false, reason: 'part_of must be the name of a sight' }
  if (sight.themes && !(sight.themes as string[]).every(isTheme)) return { ok: false, reason: 'themes must be trip theme slugs' }
  if (sight.closed && !(sight.closed as string[]).every((day) => (WEEKDAYS as readonly string[]).includes(day)))
    return { ok: false, reason: `closed must list days as ${WEEKDAYS.join(' ')}` }
  return { ok: true, sight: sight as unknown as FamousSight }
}

const slug = (text: string) =>
  foldText(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

/** A stable id: the city and the English name. */
export const famousSightId = (sight: Pick<FamousSight, 'country' | 'city' | 'name'>) =>
  `fs-${sight.country.toLowerCase()}-${slug(sight.city)}-${slug(sight.name)}`

/**
 * Popularity from the fame rank: the city's first sight 1, then down by 0.02 a rank to a floor of 0.5, so
 * every reviewed sight ranks above the catalog's unreviewed ones of the same city, most famous first.
 */
export const famePopularity = (fame: number) => Math.max(0.5, 1 - 0.02 * (fame - 1))

/** The sight as a line of the catalog's schema (data/places/README.md), with its links and closing days. */
export function famousSightRecord(sight: FamousSight, city: City) {
  const [open, close] = sight.hours.split('-') as [string, string]
  const closesAt = minutesOf(close)
  // What planning needs is the latest start: a visit begins by the last entry (the last ferry, the ticket desk).
  const lastStart = sight.last_entry ? Math.min(closesAt, minutesOf(sight.last_entry) + sight.minutes) : closesAt
  const also = Object.fromEntries((sight.also ?? []).map((name, i) => [`also${i + 1}`, name]))
  return {
    id: famousSightId(sight),
    name: sight.name,
    names: { en: sight.name, ...(sight.local && sight.local !== sight.name ? { local: sight.local } : {}), ...also },
    city: city.asciiName,
    city_id: city.id,
    country: city.countryCode,
    region: city.region || null,
    lat: Math.round(sight.lat * 1e5) / 1e5,
    lon: Math.round(sight.lon * 1e5) / 1e5,
    kind: sight.kind,
    // A city's best-known sights are what its tourist attractions are, whatever their kind (Central Park, Park Güell).
    themes: [...new Set<Theme>(['tourist-attractions', ...KIND_PROFILES[sight.kind].themes, ...(sight.themes ?? [])])],
    popularity: famePopularity(sight.fame),
    unesco: false,
    visit_minutes: sight.minutes,
    hours: { open, close: clockOf(Math.max(minutesOf(open) + 30, lastStart)) },
    source: FAMOUS_SOURCE,
    license: 'CC0 1.0',
    same_as: sight.same ?? [],
    closed_days: sight.closed ?? [],
    together: [...(sight.part_of ? [sight.part_of] : []), ...(sight.with ?? [])].map((name) => famousSightId({ ...sight, name })),
  }
}

/** Minutes → "HH:MM", midnight as the catalog's "23:59". */
const clockOf = (minutes: number) =>
  minutes >= END_OF_DAY ? '23:59' : `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`

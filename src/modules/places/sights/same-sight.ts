/**
 * Which records are one sight. Catalogs list a sight more than once: the large catalog merges listings of
 * four Wikivoyage editions (the same sight under a German, a French and a Russian name, or in a city and a
 * district article), and two catalogs may both list it. Two records are the same sight when they belong
 * to the same city, their kinds are compatible, and some pair of their names says the same
 * (sight-words.ts) within a distance that depends on how sure the names are:
 *
 * | names                                                                         | within |
 * |-------------------------------------------------------------------------------|--------|
 * | identical, both places that cover ground (parks, nature, beaches, theme parks) | 1500 m |
 * | identical, two or more telling words ("Arc de Triomphe")                       | 750 m  |
 * | the same in other words, languages or scripts, both places that cover ground   | 600 m  |
 * | identical otherwise, or the same in other words, languages or scripts          | 300 m  |
 * | kind words only, different but naming the same kind ("Rathaus", "Hôtel de Ville") | 150 m |
 *
 * Two records listed by the same editors (SightRecord.origins) need names that say the same words and
 * kinds with nothing added; a name that names no kind ("Louvre") matches one that does ("Musée du Louvre")
 * only when its record's kind fits ("Montmartre", a district, is not the "Musée de Montmartre").
 *
 * Grouping is complete-linkage: a record joins a group only when it is the same sight as every record in
 * it, so a chain of near neighbours never snowballs into one place. Precision and recall on hand-labelled
 * pairs of the world catalog: dedupe-labels.test.ts. Pure; no I/O.
 */
import { distanceKm, type Attraction, type Kind } from '../domain.ts'
import { isWeak, nameParts, namesMatch, plainName, type NamedKind, type NameParts } from './sight-words.ts'
import { hasCyrillic, transliterate } from '../names/transliterate.ts'

export interface SightRecord {
  readonly id: string
  /** Every name the record carries (display name, language variants, transliteration). */
  readonly names: readonly string[]
  readonly kind: Kind
  readonly cityId: string
  readonly latitude: number
  readonly longitude: number
  /**
   * Who listed it, e.g. "wikivoyage-2016:de", "roam-demo". Two records with an origin in common were listed by
   * the same editors, who name one sight one way: they are one sight only when some pair of their names
   * says the same words and kinds with nothing added ("Leopold Hoesch Museum" and "Leopold Hoesch Museum
   * zur Papierherstellung" are two museums). Unknown origins count as different.
   */
  readonly origins?: readonly string[]
}

/** A record with its names analysed once. */
export interface PreparedSight<T extends SightRecord = SightRecord> {
  readonly record: T
  readonly parts: readonly NameParts[]
}

/** Kinds that are too generic to tell two records apart, and pairs of kinds one sight may carry. */
const GENERIC_KINDS: ReadonlySet<Kind> = new Set(['landmark', 'historic_site'])
const COMPATIBLE_KINDS: ReadonlyArray<readonly [Kind, Kind]> = [
  ['museum', 'gallery'],
  ['museum', 'castle_palace'],
  ['castle_palace', 'monument'],
  ['monument', 'religious_site'],
  ['park_garden', 'nature'],
  ['park_garden', 'zoo_aquarium'],
  ['park_garden', 'viewpoint'],
  ['park_garden', 'theme_park'],
  ['park_garden', 'sport_adventure'],
  ['nature', 'viewpoint'],
  ['nature', 'beach'],
  ['nature', 'sport_adventure'],
  ['entertainment', 'nightlife'],
  ['entertainment', 'castle_palace'],
  ['entertainment', 'sport_adventure'],
  ['spa_wellness', 'sport_adventure'],
  ['theme_park', 'zoo_aquarium'],
  ['market_shopping', 'monument'],
]

export function kindsCompatible(a: Kind, b: Kind): boolean {
  if (a === b || GENERIC_KINDS.has(a) || GENERIC_KINDS.has(b)) return true
  return COMPATIBLE_KINDS.some(([x, y]) => (x === a && y === b) || (x === b && y === a))
}

/** Kinds of place that cover ground: two listings of one may lie far apart. */
const AREA_KINDS: ReadonlySet<Kind> = new Set(['park_garden', 'nature', 'beach', 'theme_park', 'zoo_aquarium', 'sport_adventure'])
const IDENTICAL_AREA_KM = 1.5
const SIMILAR_AREA_KM = 0.6
const IDENTICAL_KM = 0.75
const SIMILAR_KM = 0.3
const KIND_ONLY_KM = 0.15
/** The farthest two records of one sight may lie apart. */
export const MAX_SIGHT_KM = IDENTICAL_AREA_KM

/**
 * Analyses a record's names; `cityName` drops words that only name the city ("Kölner Dom" in Köln). A
 * Latin transliteration of one of its Cyrillic names is left out: it says nothing new, and would read
 * "Дом" (a house) as the German "Dom" (a cathedral).
 */
export function prepareSight<T extends SightRecord>(record: T, cityName = ''): PreparedSight<T> {
  const cityWords = plainName(cityName).split(' ').filter(Boolean)
  const transliterations = new Set(record.names.filter(hasCyrillic).map((name) => plainName(transliterate(name))))
  const unique = new Map<string, string>()
  for (const name of record.names) {
    const plain = plainName(name)
    if (plain && !unique.has(plain) && (hasCyrillic(name) || !transliterations.has(plain))) unique.set(plain, name)
  }
  return { record, parts: [...unique].map(([plain, name]) => nameParts(name, cityWords, plain)) }
}

/**
 * The record kinds a place may have when one of its names names no kind ("Louvre") and the other does
 * ("Musée du Louvre"): without this, "Montmartre" (a district) would be the "Musée de Montmartre".
 */
const RECORD_KINDS_OF: Readonly<Record<NamedKind, readonly Kind[]>> = {
  collection: ['museum', 'gallery'],
  gallery: ['museum', 'gallery'],
  church: ['religious_site'],
  chapel: ['religious_site'],
  synagogue: ['religious_site'],
  mosque: ['religious_site'],
  stronghold: ['castle_palace', 'historic_site'],
  green: ['park_garden', 'nature'],
  zoo: ['zoo_aquarium'],
  square: ['landmark'],
  street: ['landmark'],
  tower: ['landmark', 'viewpoint', 'historic_site'],
  bridge: ['landmark', 'historic_site'],
  gate: ['landmark', 'historic_site', 'monument'],
  stage: ['entertainment'],
  monument: ['monument'],
  townhall: ['landmark', 'historic_site'],
  fountain: ['landmark', 'monument'],
  market: ['market_shopping'],
  cemetery: ['historic_site'],
  beach: ['beach'],
  house: ['landmark', 'historic_site', 'museum'],
  library: ['landmark', 'historic_site'],
  university: ['landmark', 'historic_site'],
  bath: ['spa_wellness'],
  stadium: ['entertainment', 'sport_adventure'],
  station: ['landmark', 'historic_site'],
  waterpark: ['theme_park'],
  island: ['nature', 'landmark'],
  lake: ['nature'],
}

function bareNameFits(bare: NameParts, named: NameParts, bareKind: Kind): boolean {
  if (bare.kinds.size > 0 || named.kinds.size === 0) return true
  return [...named.kinds].some((kind) => RECORD_KINDS_OF[kind].includes(bareKind))
}

/** How far apart two names allow two records to be, or 0 when they do not name the same place. */
function reachKm(a: NameParts, b: NameParts, aKind: Kind, bKind: Kind, strict: boolean): number {
  if (!namesMatch(a, b, strict) || !bareNameFits(a, b, aKind) || !bareNameFits(b, a, bKind)) return 0
  const area = AREA_KINDS.has(aKind) && AREA_KINDS.has(bKind)
  if (a.plain !== b.plain) return a.words.length === 0 && b.words.length === 0 ? KIND_ONLY_KM : area ? SIMILAR_AREA_KM : SIMILAR_KM
  if (area) return IDENTICAL_AREA_KM
  // A building's name that recurs further away is a chain's, a family's or a generic one ("Palazzo Giustinian").
  return a.words.filter((word) => !isWeak(word)).length >= 2 ? IDENTICAL_KM : SIMILAR_KM
}

const shareOrigin = (a: SightRecord, b: SightRecord) => (a.origins ?? []).some((origin) => (b.origins ?? []).includes(origin))

/** Whether two records are one sight (see the table above). */
export function sameSight(a: PreparedSight, b: PreparedSight): boolean {
  if (a.record.id === b.record.id) return true
  if (a.record.cityId !== b.record.cityId || !kindsCompatible(a.record.kind, b.record.kind)) return false
  const km = distanceKm(a.record, b.record)
  if (km > MAX_SIGHT_KM) return false
  const strict = shareOrigin(a.record, b.record)
  for (const left of a.parts) {
    for (const right of b.parts) {
      const reach = reachKm(left, right, a.record.kind, b.record.kind, strict)
      if (reach > 0 && km <= reach) return true
    }
  }
  return false
}

/**
 * Groups records into sights (complete linkage, closest pairs first). Every record is in exactly one
 * group; a group's records keep their input order; groups come in the order of their first record.
 */
export function groupSameSights<T extends SightRecord>(sights: readonly PreparedSight<T>[]): T[][] {
  const order = new Map(sights.map((sight, index) => [sight.record.id, index]))
  const byLatitude = [...sights].sort((a, b) => a.record.latitude - b.record.latitude)
  const latitudeSpan = MAX_SIGHT_KM / 111
  const pairs: Array<{ a: number; b: number; km: number }> = []
  const matches = new Set<string>()
  for (let i = 0; i < byLatitude.length; i++) {
    const a = byLatitude[i]!
    for (let j = i + 1; j < byLatitude.length; j++) {
      const b = byLatitude[j]!
      if (b.record.latitude - a.record.latitude > latitudeSpan) break
      if (!sameSight(a, b)) continue
      const [x, y] = [order.get(a.record.id)!, order.get(b.record.id)!].sort((p, q) => p - q) as [number, number]
      pairs.push({ a: x, b: y, km: distanceKm(a.record, b.record) })
      matches.add(`${x}:${y}`)
    }
  }
  pairs.sort((p, q) => p.km - q.km || p.a - q.a || p.b - q.b)
  const groupOf = sights.map((_, index) => index)
  const members = new Map(sights.map((_, index) => [index, [index]]))
  const linked = (x: number, y: number) => matches.has(x < y ? `${x}:${y}` : `${y}:${x}`)
  for (const { a, b } of pairs) {
    const left = groupOf[a]!
    const right = groupOf[b]!
    if (left === right) continue
    const leftMembers = members.get(left)!
    const rightMembers = members.get(right)!
    if (!leftMembers.every((x) => rightMembers.every((y) => linked(x, y)))) continue
    const [keep, drop] = left < right ? [left, right] : [right, left]
    const joined = [...members.get(keep)!, ...members.get(drop)!].sort((p, q) => p - q)
    members.set(keep, joined)
    members.delete(drop)
    for (const index of joined) groupOf[index] = keep
  }
  return [...members.entries()].sort(([p], [q]) => p - q).map(([, indexes]) => indexes.map((index) => sights[index]!.record))
}

const PREPARED_CACHE_LIMIT = 50_000
const preparedAttractions = new Map<string, PreparedSight>()

/** An attraction's names analysed once per process (plans of one city meet the same attractions again). */
function preparedAttraction(attraction: Attraction): PreparedSight {
  const names = [attraction.name, ...(attraction.aliases ?? [])]
  const key = `${attraction.id}\u0000${attraction.cityId}\u0000${names.join('\u0000')}`
  let prepared = preparedAttractions.get(key)
  if (!prepared) {
    prepared = prepareSight(
      { id: attraction.id, names, kind: attraction.kind, cityId: attraction.cityId, latitude: attraction.latitude, longitude: attraction.longitude },
      attraction.city,
    )
    if (preparedAttractions.size >= PREPARED_CACHE_LIMIT) preparedAttractions.clear()
    preparedAttractions.set(key, prepared)
  }
  return prepared
}

/** The farthest two records of these kinds may lie apart and be one sight. */
const reachOfKinds = (a: Kind, b: Kind) => (AREA_KINDS.has(a) && AREA_KINDS.has(b) ? IDENTICAL_AREA_KM : IDENTICAL_KM)

/**
 * The attractions in their order, leaving out any that is the same sight as one kept before it, until
 * `limit` are kept: whatever provider or mix of catalogs they come from, a plan never gets one sight twice.
 * Names are only analysed for attractions with a kept one of a compatible kind close enough to be it.
 */
export function distinctSights(attractions: Iterable<Attraction>, limit = Infinity): Attraction[] {
  const kept: Attraction[] = []
  const keptSights: Array<PreparedSight | undefined> = []
  const shownNames = new Set<string>()
  for (const attraction of attractions) {
    if (kept.length >= limit) break
    // Two places shown under one name read as one sight planned twice ("Botanical Garden" for Lisbon's and
    // Ajuda's gardens, both known only by a German listing): the better is kept.
    if (shownNames.has(plainName(attraction.name))) continue
    let sight: PreparedSight | undefined
    const duplicate = kept.some((other, i) => {
      // Two reviewed sights were checked to be two sights (the Pyramids and the Sphinx of Giza).
      if (other.reviewed && attraction.reviewed) return false
      if (other.cityId !== attraction.cityId || !kindsCompatible(other.kind, attraction.kind)) return false
      if (distanceKm(other, attraction) > reachOfKinds(other.kind, attraction.kind)) return false
      sight ??= preparedAttraction(attraction)
      return sameSight((keptSights[i] ??= preparedAttraction(other)), sight)
    })
    if (duplicate) continue
    kept.push(attraction)
    keptSights.push(sight)
    shownNames.add(plainName(attraction.name))
  }
  return kept
}

/**
 * The attractions that are no sight of `taken`, whichever city lists them: a day trip to Sintra after
 * Lisbon's days planned Pena Palace (a Lisbon must-see) does not plan it again from Sintra's own list. Each
 * is read as a record of the taken one's city (`sameSight` matches records of one city, and a city's name
 * in a sight's name says nothing: "National Palace of Sintra" in Lisbon's list is "National Palace" in Sintra's).
 */
export function otherSights(attractions: readonly Attraction[], taken: readonly Attraction[]): Attraction[] {
  const shownNames = new Set(taken.map((other) => plainName(other.name)))
  return attractions.filter(
    (attraction) =>
      !shownNames.has(plainName(attraction.name)) &&
      taken.every(
        (other) =>
          other.id !== attraction.id &&
          (!kindsCompatible(other.kind, attraction.kind) ||
            distanceKm(other, attraction) > reachOfKinds(other.kind, attraction.kind) ||
            !sameSight(preparedAttraction(other), preparedAttraction({ ...attraction, city: other.city, cityId: other.cityId }))),
      ),
  )
}

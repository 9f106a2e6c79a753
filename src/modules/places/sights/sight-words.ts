/**
 * What a place's name says, in a form that can be compared across the catalog's languages (English,
 * German, French, Russian) and scripts: the words that tell the place apart, and the kinds of place the
 * name names ("Musée du Louvre" → words [louvre], kinds {collection}). Pure; used by same-sight.ts.
 *
 * - Cyrillic is transliterated and accents are dropped: "Лувр" → "luvr", "Sacré-Cœur" → "sacre coeur".
 * - Joining words (the, de, der, и ...) and saint words (St, Sankt, San, Святого ...) are dropped.
 * - Kind words in any language become a kind: museum / musée / музей → collection, cathedral / Kathedrale /
 *   собор / Dom → church; German compounds are split ("Stephansdom" → stephans + church).
 * - A few common name words get one spelling across languages: alt / vieux / старый → old, neu / nouveau /
 *   новый → new, botanischer / botanique → botanic, Hôtel de Ville / Rathaus / ратуша → town hall (a kind).
 * - Russian adjective and genitive endings are cut from transliterated words ("Кадриоргский" → kadriorg).
 */
import { foldText } from '../domain.ts'
import { hasCyrillic, transliterate } from '../names/transliterate.ts'
import wordLists from './sight-words.json' with { type: 'json' }

/** Kinds of place a name can say it is. Names of two different kinds (a park, a zoo) are two places. */
export type NamedKind =
  | 'collection'
  | 'gallery'
  | 'church'
  | 'chapel'
  | 'synagogue'
  | 'mosque'
  | 'stronghold'
  | 'green'
  | 'zoo'
  | 'square'
  | 'street'
  | 'tower'
  | 'bridge'
  | 'gate'
  | 'stage'
  | 'monument'
  | 'townhall'
  | 'fountain'
  | 'market'
  | 'cemetery'
  | 'beach'
  | 'house'
  | 'library'
  | 'university'
  | 'bath'
  | 'stadium'
  | 'station'
  | 'waterpark'
  | 'island'
  | 'lake'

/** The words of each kind, in every language (the lists are data: sight-words.json). */
const KIND_WORDS = wordLists.kindWords as Readonly<Record<NamedKind, string>>

/**
 * Name words with one spelling across languages; they tell little on their own (see `weak`). `leisure` is
 * the "Park of culture and rest": a Soviet park's title, not its name.
 */
const COMMON_WORDS: Readonly<Record<string, string>> = wordLists.commonWords

/** Multi-word names of one thing, joined before the words are split. */
const ANY_PHRASE =
  /hotel de ville|town hall|city hall|notre dame|our lady|unserer lieben frau|materi|devy marii|panny marii|beaux arts|water|parc aquatique|aqua park/
const PHRASES: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(hotel de ville|town hall|city hall)\b/g, 'townhall'],
  [/\b(notre dame|our lady|unserer lieben frau|bozhiey materi|bozhey materi|devy marii|panny marii)\b/g, 'notredame'],
  [/\bbeaux arts\b/g, 'fine art'],
  [/\b(water (amusement )?park|parc aquatique|aqua park)\b/g, 'waterpark'],
]

/** Joining words, articles and saint words, dropped. */
const JOINING = new Set(wordLists.joining.split(' '))

const KIND_OF_WORD = new Map<string, NamedKind>()
for (const [kind, list] of Object.entries(KIND_WORDS) as Array<[NamedKind, string]>) {
  for (const word of list.split(/\s+/)) if (word) KIND_OF_WORD.set(word, kind)
}
const COMMON_OF_WORD = new Map<string, string>()
for (const [common, list] of Object.entries(COMMON_WORDS)) for (const word of list.split(/\s+/)) if (word) COMMON_OF_WORD.set(word, common)
// "Our Lady" is common too, but a Notre-Dame near another is the same church more often than not.
const WEAK = new Set(Object.keys(COMMON_WORDS).filter((word) => word !== 'ourlady'))

/** German compound endings that name a kind: "Stephansdom", "Frauenkirche", "Marktplatz", "Kunstmuseum". */
const COMPOUND_ENDINGS = Object.entries(wordLists.compoundEndings) as ReadonlyArray<readonly [string, NamedKind]>

/** Words that end like a compound but are not one ("Victor", "Kingdom"). */
const NOT_COMPOUNDS = new Set(wordLists.notCompounds)

/** Russian adjective and genitive endings, longest first: "kadriorgskiy" → "kadriorg", "invalidov" → "invalid". */
const RUSSIAN_ENDINGS = wordLists.russianEndings

function russianStem(word: string): string {
  for (const ending of RUSSIAN_ENDINGS) {
    if (word.endsWith(ending) && word.length - ending.length >= 4) return word.slice(0, -ending.length)
  }
  return word
}

/** A name, analysed for comparison. */
export interface NameParts {
  /** The whole name folded to Latin letters and digits, single-spaced. */
  readonly plain: string
  /** The words that tell the place apart, in name order. */
  readonly words: readonly string[]
  /** The kinds of place the name names. */
  readonly kinds: ReadonlySet<NamedKind>
  /** A name of two things ("Palace and Park of Versailles"): it may name more kinds than the other name. */
  readonly composite: boolean
}

/**
 * Folded Latin form of a name: "Рыбацкий бастион" → "rybatskiy bastion", "Sacré-Cœur" → "sacre coeur".
 * An apostrophe parts words ("Zoo d'Ueno" → "zoo d ueno", "St Paul's" → "st paul s").
 */
export function plainName(name: string): string {
  // Plain ASCII (most names) needs neither transliteration nor folding.
  const letters = /^[\x00-\x7f]*$/.test(name) ? name.toLowerCase() : foldText(transliterate(name).replace(/['’‘`´]/g, ' '))
  return letters.replace(/[^a-z0-9]+/g, ' ').trim()
}

const outlines = new Map<string, string>()

/** Consonant outline of a word, for spellings that differ by transliteration ("Hieronymus"/"Jeronimos" → rnm). */
export function outline(word: string): string {
  let known = outlines.get(word)
  if (known === undefined) {
    known = consonantsOf(word)
    if (outlines.size > 100_000) outlines.clear()
    outlines.set(word, known)
  }
  return known
}

function consonantsOf(word: string): string {
  const consonants = word
    .replace(/sch/g, 's')
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/ck|qu|q|c/g, 'k')
    .replace(/x/g, 'ks')
    .replace(/ts|tz|z/g, 's')
    .replace(/[aeiouyhj]/g, '')
    .replace(/(.)\1+/g, '$1')
  return consonants.length > 3 && consonants.endsWith('s') ? consonants.slice(0, -1) : consonants
}

/** A word made from the city's name: "kolner" (Köln), "hallescher" (Halle), "parizh" (Парижа, Paris). */
function namesCity(word: string, cityWords: readonly string[]): boolean {
  return cityWords.some((city) => city.length >= 4 && (word.startsWith(city) || (outline(city).length >= 3 && outline(word) === outline(city))))
}

/**
 * Analyses a name. `cityWords` are the folded words of the city's name: words made from them ("Kölner",
 * "Парижа") name the city, not the place, and are dropped.
 */
export function nameParts(name: string, cityWords: readonly string[] = [], plain = plainName(name)): NameParts {
  const cyrillic = hasCyrillic(name)
  const joined = ANY_PHRASE.test(plain) ? PHRASES.reduce((text, [pattern, replacement]) => text.replace(pattern, replacement), plain) : plain
  const words: string[] = []
  const kinds = new Set<NamedKind>()
  for (const raw of joined.split(' ')) {
    if (!raw || JOINING.has(raw)) continue
    // In Russian "дом" is a house; in German "Dom" a cathedral.
    const kind = cyrillic && raw === 'dom' ? 'house' : (KIND_OF_WORD.get(raw) ?? (raw === 'dom' ? 'church' : undefined))
    if (kind) {
      kinds.add(kind)
      continue
    }
    const common = COMMON_OF_WORD.get(raw)
    if (common) {
      words.push(common)
      continue
    }
    const ending = NOT_COMPOUNDS.has(raw) ? undefined : COMPOUND_ENDINGS.find(([suffix]) => raw.endsWith(suffix) && raw.length - suffix.length >= 4)
    let word = raw
    if (ending) {
      kinds.add(ending[1])
      word = raw.slice(0, -ending[0].length)
      word = COMMON_OF_WORD.get(word) ?? COMMON_OF_WORD.get(word.replace(/e?[rns]$/, '')) ?? word
    }
    if (cyrillic) word = russianStem(word)
    if (namesCity(word, cityWords)) continue
    words.push(word)
  }
  return { plain, words, kinds, composite: /&|\+/.test(name) || /\b(and|und|et|e|y|i)\b/.test(plain) }
}

/** Common words (old, new, national, ...) that do not tell a place apart on their own. */
export const isWeak = (word: string): boolean => WEAK.has(word) || /^\d+$/.test(word)

/** Words that set two places of one name apart: the Old and the New Castle, Arboretum I and II. */
const CONTRASTIVE = new Set(wordLists.contrastive.split(' '))
export const isContrastive = (word: string): boolean => CONTRASTIVE.has(word) || /^\d+$/.test(word)

function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
      current.push(value)
      if (value < best) best = value
    }
    if (best > limit) return limit + 1
    previous = current
  }
  return previous[b.length]!
}

/**
 * Two spellings of one word: equal; or one a declined form of the other (starts with it, 5+ letters shared
 * and up to 5 more, or 4 shared and one more: "vill" from "Вилла", "villa"); or a letter apart (5+ letters); or the same consonant outline of 5+
 * consonants, or of 3+ from words of 7+ letters ("hieronymus", "jeronimos") or of 5+ letters that start
 * alike ("musica", "muzyki").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true
  if (isWeak(a) || isWeak(b)) return false
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  if (long.startsWith(short) && ((short.length >= 5 && long.length - short.length <= 5) || (short.length >= 4 && long.length - short.length === 1))) return true
  if (short.length >= 5 && editDistance(a, b, 1) <= 1) return true
  const left = outline(a)
  const right = outline(b)
  if (left !== right) return false
  return left.length >= 5 || (left.length >= 3 && (short.length >= 7 || (short.length >= 5 && a[0] === b[0])))
}

/**
 * Whether two names name the same kinds of place: the same kinds, or, for a name of two things ("Palace
 * and Park of Versailles"), some of them. "Leicester Square" and "Leicester Square Theatre" do not.
 */
function kindsAgree(a: NameParts, b: NameParts): boolean {
  if (a.kinds.size === 0 || b.kinds.size === 0) return true
  const aInB = [...a.kinds].every((kind) => b.kinds.has(kind))
  const bInA = [...b.kinds].every((kind) => a.kinds.has(kind))
  if (aInB && bInA) return true
  return (aInB && b.composite) || (bInA && a.composite)
}

const sameKinds = (a: NameParts, b: NameParts) => a.kinds.size === b.kinds.size && [...a.kinds].every((kind) => b.kinds.has(kind))

/**
 * Whether two analysed names name the same place. They must name the same kinds of place (kindsAgree),
 * and the words of the shorter must all be in the longer, which may add:
 * - to a name of one telling word, common words only, at most two ("Kew Gardens" / "Royal Botanic
 *   Gardens, Kew"), and only when both name a kind;
 * - to a longer name, one word fewer than it has ("Sacré-Cœur Basilica" / "Basilique du Sacré-Cœur de
 *   Montmartre");
 * never a word that sets two places apart (old, new, a number: "Église du Vieux Saint-Sauveur").
 * Names of kind words only ("Rathaus", "Hôtel de Ville") match when they name the same kinds. `strict`
 * names must say the same telling words (in any spelling) and kinds; only common words may be added
 * ("Filiale", "Central").
 */
export function namesMatch(a: NameParts, b: NameParts, strict = false): boolean {
  if (strict) {
    const telling = (parts: NameParts) => parts.words.filter((word) => !isWeak(word) || isContrastive(word)).length
    return sameKinds(a, b) && telling(a) === telling(b) && namesMatch(a, b)
  }
  if (!kindsAgree(a, b)) return false
  const bothKinds = a.kinds.size > 0 && b.kinds.size > 0
  const [short, long] = a.words.length <= b.words.length ? [a, b] : [b, a]
  if (short.words.length === 0) return long.words.length === 0 && bothKinds
  const unused = [...long.words]
  for (const word of short.words) {
    const at = unused.findIndex((other) => sameWord(word, other))
    if (at < 0) return false
    unused.splice(at, 1)
  }
  const strong = short.words.filter((word) => !isWeak(word)).length
  if (unused.length === 0) return strong > 0 || bothKinds
  if (strong === 0 || unused.some(isContrastive)) return false
  if (short.words.length === 1) return bothKinds && unused.length <= 2 && unused.every(isWeak)
  return unused.length <= short.words.length - 1
}

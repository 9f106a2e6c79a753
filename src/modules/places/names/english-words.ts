/**
 * The glossary behind english-name.ts: the generic words of German, French and Russian place names, with
 * their English. The words are data, in english-words.json: each table's keys are words with one English
 * meaning. Written by hand from the most frequent words of the world catalog's names that have no English
 * listing (about 9,600 places: German or French names outside their language areas, Russian names
 * outside Russian-speaking countries); words are keyed folded (lower case, no accents; Russian in Cyrillic).
 *
 * Roles, which decide the English word order:
 * - `head`: what the place is; comes last in English ("Musée Rodin" → "Rodin Museum");
 * - `lead`: a head English keeps in front ("Palazzo Barbaro", "Mount Fuji", "Lake Biwa");
 * - `adj`: describes the head, in front of it ("Palais royal" → "Royal Palace");
 * - `noun`: a common word of a complement ("Musée des beaux-arts" → "Museum of Fine Arts");
 * - `saint`: a saint's title ("St", "Holy");
 * - `name`: a person's name, spelled the English way ("Николая" → "Nicholas");
 * - `skip`: a joining word or article, dropped.
 */
import words from './english-words.json' with { type: 'json' }

export type WordRole = 'head' | 'lead' | 'adj' | 'noun' | 'saint' | 'skip' | 'name'

export interface Gloss {
  readonly en: string
  readonly role: WordRole
}

type Table = Readonly<Record<string, string>>

/** `{"word1 word2": "English"}` entries, split into one entry a word. */
function table(groups: Readonly<Record<string, string>>): Table {
  const result: Record<string, string> = {}
  for (const [group, english] of Object.entries(groups)) for (const word of group.split(/\s+/)) if (word) result[word] = english
  return result
}

const HEADS = table(words.heads)
const LEADS = table(words.leads)
const ADJECTIVES = table(words.adjectives)
const NOUNS = table(words.nouns)
const SAINTS = table(words.saints)
const SKIPPED = table(words.skipped)
/** Russian words, keyed in Cyrillic (ё as е, й as и: see english-name.ts `foldRussian`). */
const RUSSIAN = table(words.russian)

function entries(glossary: Table, role: WordRole): Array<[string, Gloss]> {
  return Object.entries(glossary).map(([word, en]) => [word.replace(/_pl$|_$/, '').replace(/_/g, ' '), { en, role }])
}

/** Latin-script words (German, French and loans), folded. */
export const LATIN_GLOSSARY: ReadonlyMap<string, Gloss> = new Map([
  ...entries(SKIPPED, 'skip'),
  ...entries(NOUNS, 'noun'),
  ...entries(ADJECTIVES, 'adj'),
  ...entries(HEADS, 'head'),
  ...entries(LEADS, 'lead'),
  ...entries(SAINTS, 'saint'),
])

/** What a Russian word names when its English is one of these: the place itself. */
const RUSSIAN_HEADS: ReadonlySet<string> = new Set([...Object.values(HEADS), ...words.russianHeads])

/** Saints' and rulers' names the Russian glossary spells the English way. */
const GIVEN_NAMES: ReadonlySet<string> = new Set(words.givenNames)

/** Russian words in Cyrillic, folded. */
export const RUSSIAN_GLOSSARY: ReadonlyMap<string, Gloss> = new Map(
  Object.entries(RUSSIAN).map(([word, en]): [string, Gloss] => {
    const key = word.replace(/_pl$|_$/, '')
    if (en === '_') return [key, { en, role: 'skip' }]
    if (en === 'and') return [key, { en, role: 'noun' }]
    if (/^(St|Sts|Holy)$/.test(en)) return [key, { en, role: 'saint' }]
    if (/^(Palazzo|Piazza|Villa|Ca'|Scuola|Mount|Fort)$/.test(en)) return [key, { en, role: 'lead' }]
    const adjective = /(ыи|ии|ои|ая|ое|ого|ых|ного|ная|ное|ский|скии)$/.test(key) && !/^(святого|святых)$/.test(key)
    if (adjective) return [key, { en, role: 'adj' }]
    if (RUSSIAN_HEADS.has(en)) return [key, { en, role: 'head' }]
    if (GIVEN_NAMES.has(en)) return [key, { en, role: 'name' }]
    return [key, { en, role: 'noun' }]
  }),
)

/** German compound endings that name the place: "Elektrizitätsmuseum" → Elektrizität + museum. */
export const GERMAN_HEAD_ENDINGS: readonly string[] = [
  ...new Set(
    Object.keys(HEADS)
      .filter((word) => /^[a-z]+$/.test(word) && word.length >= 3)
      .sort((a, b) => b.length - a.length),
  ),
]

/** Exonyms of cities that German, French and Russian names use: "Cathédrale de Lisbonne" is in Lisbon. */
export const CITY_EXONYMS: ReadonlyMap<string, string> = new Map(Object.entries(table(words.cityExonyms)).map(([word, en]) => [word.replace(/_/g, ' '), en]))

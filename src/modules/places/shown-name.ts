/**
 * Which of a place's names to show. A reader of the page should be able to read it:
 *
 * 1. the English name, when any source has one (not one phrased as an activity, "Wat Po Massage", while
 *    another name exists);
 * 2. else the name in a language of the place's country (German in Austria, French in Belgium, Russian in
 *    Russia ...);
 * 3. else any other name in Latin letters, or in the country's own script (Cyrillic in Bulgaria);
 * 4. else a Latin transliteration ("Рыбацкий бастион" in Budapest → "Rybatskiy bastion"), flagged, so the
 *    place can rank a little lower; the original stays an alias.
 *
 * Never a script foreign to the country. Pure; the browser may import it.
 */
import { hasCyrillic, transliterate } from './transliterate.ts'

export interface NameSource {
  readonly text: string
  /** ISO 639-1 language of the name, when known. */
  readonly language?: string | undefined
  /** A machine transliteration of another name (the catalog's `name_latin`). */
  readonly transliterated?: boolean | undefined
}

export interface ShownName {
  readonly name: string
  /** The name is a machine transliteration: no source gave a readable one. */
  readonly transliterated: boolean
  /** Every other name, original scripts included. */
  readonly aliases: readonly string[]
}

type Script =
  'Latin' | 'Cyrillic' | 'Greek' | 'Han' | 'Hiragana' | 'Katakana' | 'Hangul' | 'Thai' | 'Arabic' | 'Hebrew' | 'Georgian' | 'Armenian' | 'Devanagari'

const SCRIPTS_OF_COUNTRY: ReadonlyArray<readonly [readonly Script[], string]> = [
  [['Cyrillic'], 'RU UA BY BG RS MK ME BA KZ KG TJ MN'],
  [['Greek'], 'GR CY'],
  [['Han', 'Hiragana', 'Katakana'], 'JP'],
  [['Han'], 'CN TW HK MO SG'],
  [['Hangul', 'Han'], 'KR KP'],
  [['Thai'], 'TH'],
  [['Arabic'], 'AE SA QA KW BH OM YE IQ SY JO LB EG LY TN DZ MA SD MR PS IR AF PK'],
  [['Hebrew'], 'IL'],
  [['Georgian'], 'GE'],
  [['Armenian'], 'AM'],
  [['Devanagari'], 'IN NP'],
]

const LANGUAGES_OF_COUNTRY: ReadonlyArray<readonly [string, string]> = [
  ['de', 'DE AT CH LI LU'],
  ['fr', 'FR BE CH LU MC CA SN CI ML BF NE TG BJ GN CM CD CG GA MG DJ HT TD CF BI RW KM MA TN DZ'],
  // Russian is the everyday language, or one of them, in these countries.
  ['ru', 'RU BY KZ KG UA TJ'],
  ['it', 'IT SM VA CH'],
  ['es', 'ES MX AR CO PE VE CL EC GT CU BO DO HN PY SV NI CR PA UY'],
  ['pt', 'PT BR AO MZ'],
  ['nl', 'NL BE SR'],
  ['ja', 'JP'],
]

const scriptsOf = (country: string): ReadonlySet<Script> =>
  new Set<Script>(['Latin', ...SCRIPTS_OF_COUNTRY.filter(([, countries]) => countries.split(' ').includes(country)).flatMap(([scripts]) => scripts)])

const languagesOf = (country: string): readonly string[] =>
  LANGUAGES_OF_COUNTRY.filter(([, countries]) => countries.split(' ').includes(country)).map(([language]) => language)

const SCRIPT_PATTERNS = new Map<string, RegExp>()

/** Whether every letter of a name is in one of the scripts. */
function writtenIn(text: string, scripts: ReadonlySet<Script>): boolean {
  const key = [...scripts].join(' ')
  let pattern = SCRIPT_PATTERNS.get(key)
  if (!pattern) {
    pattern = new RegExp(`^[\\P{L}${[...scripts].map((script) => `\\p{Script=${script}}`).join('')}]*$`, 'u')
    SCRIPT_PATTERNS.set(key, pattern)
  }
  return pattern.test(text)
}

/** English phrased as something to do rather than a name: "Wat Po Massage", "Greenwich Royal Tours", "Visit the Old Town". */
const ACTIVITY = /\b(massages?|tours?|cruises?|excursions?|walks?|walking|hikes?|hiking|visit|wander|explore|relax|rides?|lessons?|classes|trips?)\b/i

const LATIN: ReadonlySet<Script> = new Set(['Latin'])

/** The name to show for a place in `country` (ISO 3166-1 alpha-2), from its names best first. */
export function chooseShownName(names: readonly NameSource[], country: string): ShownName {
  const unique = [
    ...new Map(
      names
        .map((name) => ({ ...name, text: name.text.trim() }))
        .filter((name) => name.text !== '')
        .map((name) => [name.text, name]),
    ).values(),
  ]
  const activity = (name: NameSource) => name.language === 'en' && ACTIVITY.test(name.text)
  // Names phrased as activities come last, whatever their step.
  const readable = unique
    .filter((name) => !name.transliterated && writtenIn(name.text, scriptsOf(country)))
    .sort((a, b) => Number(activity(a)) - Number(activity(b)))
  const languages = languagesOf(country)
  const chosen =
    readable.find((name) => name.language === 'en' && !activity(name)) ??
    readable.find((name) => name.language !== undefined && languages.includes(name.language)) ??
    readable.find((name) => writtenIn(name.text, LATIN)) ??
    readable[0]
  if (chosen) return { name: chosen.text, transliterated: false, aliases: unique.filter((name) => name !== chosen).map((name) => name.text) }
  const original = unique.find((name) => !name.transliterated) ?? unique[0]
  const given = unique.find((name) => name.transliterated && writtenIn(name.text, LATIN))
  const latin = original && hasCyrillic(original.text) ? transliterate(original.text) : (given?.text ?? original?.text ?? '')
  return { name: latin, transliterated: true, aliases: unique.map((name) => name.text).filter((text) => text !== latin) }
}

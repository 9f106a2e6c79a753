/**
 * Which of a place's names to show. A reader of the page should be able to read it:
 *
 * 1. the English name, when any source has one (not one phrased as an activity, "Wat Po Massage", while
 *    another name exists);
 * 2. else the name in a language of the place's country (German in Austria, French in Belgium, Russian in
 *    Russia ...);
 * 3. else a Latin name with no German, French or Russian generic word to translate (a local name such as
 *    "Obecní dům" or "Torre de Belém");
 * 4. else an English rendering of a German, French or Russian name (english-name.ts: "Hieronymus-Kloster"
 *    in Lisbon → "Hieronymus Monastery", "Рыбацкий бастион" in Budapest → "Fishermen's Bastion"): those
 *    languages are never shown outside their areas when a rendering exists;
 * 5. else any other name in the country's own script (a Russian one where Russian is not spoken, in
 *    Bulgaria or Serbia, is shown but not planned);
 * 6. else a Latin transliteration, flagged, so the place can rank a little lower.
 *
 * Every other name stays an alias. Never a script foreign to the country. Pure; the browser may import it.
 */
import { renderEnglish, type EnglishRendering } from './english-name.ts'
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
  /**
   * A traveller can read the name and find the place by it: not a transliteration, nor a rendering that
   * keeps untranslated foreign words or spells a name out from Russian (`EnglishRendering.sure`). A place
   * without such a name is left out of generated plans.
   */
  readonly readable: boolean
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

/** French articles and letters German does not use: German editors often give a French place its French name. */
const READS_FRENCH =
  /(^|[\s-])(d'|d’|l'|l’|du|des|de la|la|le|les|aux)\s|[éèêàçœ]|^(musée|maison|église|château|palais|place|rue|jardin|cathédrale|basilique|pont|porte)\b/i
const GERMAN_LETTERS = /[äöüß]/i

/**
 * The language a name is in, for choosing and rendering it: Cyrillic is read as Russian whatever its label,
 * and a French name a German source gave ("Musée d'Histoire Naturelle" in a German article on Colmar) as French.
 */
const languageOf = (name: NameSource) => {
  if (hasCyrillic(name.text)) return 'ru'
  if (name.language === 'de' && READS_FRENCH.test(name.text) && !GERMAN_LETTERS.test(name.text)) return 'fr'
  return name.language
}

/** The best English rendering of the names written in a language foreign to the country (most words translated, a head word first). */
function bestRendering(names: readonly NameSource[], country: string): EnglishRendering | undefined {
  const languages = languagesOf(country)
  let best: EnglishRendering | undefined
  for (const name of names) {
    const language = languageOf(name)
    if (name.transliterated || language === undefined || languages.includes(language)) continue
    const rendering = renderEnglish(name.text, language)
    if (!rendering || rendering.text === name.text) continue
    if (!best || Number(rendering.hasHead) - Number(best.hasHead) > 0 || (rendering.hasHead === best.hasHead && rendering.translated > best.translated))
      best = rendering
  }
  return best
}

/** The name to show for a place in `country` (ISO 3166-1 alpha-2), from its names best first. */
export function chooseShownName(names: readonly NameSource[], country: string): ShownName {
  // One source per text, the first: names come best first, and a later listing of the same text in another
  // language ("Museum of Modern Art" in a German article) must not hide that an English source gave it.
  const unique: NameSource[] = []
  const seen = new Set<string>()
  for (const name of names) {
    const text = name.text.trim()
    if (text === '' || seen.has(text)) continue
    seen.add(text)
    unique.push({ ...name, text })
  }
  const activity = (name: NameSource) => name.language === 'en' && ACTIVITY.test(name.text)
  // Names phrased as activities come last, whatever their step.
  const readable = unique
    .filter((name) => !name.transliterated && writtenIn(name.text, scriptsOf(country)))
    .sort((a, b) => Number(activity(a)) - Number(activity(b)))
  const languages = languagesOf(country)
  const preferred =
    readable.find((name) => name.language === 'en' && !activity(name)) ??
    readable.find((name) => {
      const language = languageOf(name)
      return language !== undefined && languages.includes(language)
    })
  // A Latin name with nothing foreign to translate is read as it is: the local name ("Obecní dům",
  // "Torre de Belém"), or an English one a source did not label.
  const plain = preferred ?? readable.find((name) => writtenIn(name.text, LATIN) && !bestRendering([name], country))
  const rendering = plain ? undefined : bestRendering(unique, country)
  if (rendering)
    return {
      name: rendering.text,
      transliterated: false,
      readable: rendering.sure && !(rendering.spelledFromRussian && scriptsOf(country).size === 1),
      aliases: unique.map((name) => name.text).filter((text) => text !== rendering.text),
    }
  const chosen = plain ?? readable.find((name) => writtenIn(name.text, LATIN)) ?? readable[0]
  // A Russian name where another language is written in Cyrillic ("Текие Зейнела Паши" in Ohrid) is a
  // third language's name: shown in Explore, not planned.
  const thirdLanguage = chosen !== undefined && languageOf(chosen) === 'ru' && !languages.includes('ru')
  if (chosen)
    return { name: chosen.text, transliterated: false, readable: !thirdLanguage, aliases: unique.filter((name) => name !== chosen).map((name) => name.text) }
  const original = unique.find((name) => !name.transliterated) ?? unique[0]
  const given = unique.find((name) => name.transliterated && writtenIn(name.text, LATIN))
  const latin = original && hasCyrillic(original.text) ? transliterate(original.text) : (given?.text ?? original?.text ?? '')
  return { name: latin, transliterated: true, readable: false, aliases: unique.map((name) => name.text).filter((text) => text !== latin) }
}

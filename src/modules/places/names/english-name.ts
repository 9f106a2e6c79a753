/**
 * An English rendering of a German, French or Russian place name, for places outside those languages'
 * areas that no source names in English: generic words are translated from the glossary
 * (english-words.ts), proper names are kept (Russian ones transliterated), and the words are put in
 * English order:
 *
 * - "Musée Rodin", "Sanctuaire Yasaka", "Hieronymus-Kloster" → "Rodin Museum", "Yasaka Shrine", "Hieronymus Monastery"
 * - "Palais royal de Queluz", "Ascenseur de Santa Justa" → "Queluz Royal Palace", "Santa Justa Lift"
 * - "Musée national d'histoire naturelle", "Denkmal der Entdeckungen" → "National Museum of Natural History", "Monument of Discoveries"
 * - "Церковь Святого Микулаша", "Испанская синагога", "Палаццо Барбаро" → "Church of St Mikulash", "Spanish Synagogue", "Palazzo Barbaro"
 * - "Elektrizitätsmuseum", "Kathedrale (Lisbon)" → "Electricity Museum", "Lisbon Cathedral"
 *
 * Pure; the browser may import it.
 */
import { CITY_EXONYMS, GERMAN_HEAD_ENDINGS, LATIN_GLOSSARY, RUSSIAN_GLOSSARY, type Gloss } from './english-words.ts'
import { hasCyrillic, transliterate } from './transliterate.ts'

export interface EnglishRendering {
  readonly text: string
  /** Words of the source name the glossary translated. */
  readonly translated: number
  /** Whether the rendering names what the place is (a head word such as Church or Museum was found). */
  readonly hasHead: boolean
  /**
   * No common word of the source was kept untranslated: a word the glossary does not know that the source
   * writes in lower case, or a Russian adjective ("21e siècle Museum", "Termalnye istochniki",
   * "Chasovennyy Bridge").
   */
  readonly sure: boolean
  /**
   * A name in it was spelled out from Russian ("Kabul Zoo", "Pagoda Tkhen-Mu"): where the place's own
   * name is written in Latin letters, that is a third language's spelling of it (Thiên Mụ).
   */
  readonly spelledFromRussian: boolean
}

type Token = {
  readonly role: Gloss['role'] | 'proper'
  readonly en: string
  /** A proper token made from a word that reads as a common one (lower case, or a Russian adjective). */
  readonly common?: boolean
}

const foldLatin = (word: string) =>
  word
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z]/g, '')

const foldRussian = (word: string) =>
  word
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/й/g, 'и')
    .replace(/[^а-яіїєґ-]/g, '')

const LINKING = ['s', 'es', 'n', 'en', 'e', '']

/** "Elektrizitätsmuseum" → [Electricity, Museum]; undefined when no head ending fits. */
function splitGermanCompound(word: string): Token[] | undefined {
  const folded = foldLatin(word)
  for (const ending of GERMAN_HEAD_ENDINGS) {
    if (!folded.endsWith(ending) || folded.length - ending.length < 3) continue
    const head = LATIN_GLOSSARY.get(ending)!
    const prefixFolded = folded.slice(0, -ending.length)
    for (const linking of LINKING) {
      if (!prefixFolded.endsWith(linking)) continue
      const gloss = LATIN_GLOSSARY.get(prefixFolded.slice(0, prefixFolded.length - linking.length))
      if (gloss && gloss.role !== 'skip')
        return [
          { role: gloss.role, en: gloss.en },
          { role: head.role, en: head.en },
        ]
    }
    // The unknown first part is a name: keep its own letters ("Stephansdom" → "Stephans Cathedral").
    const original = word.slice(0, word.length - ending.length).replace(/-$/, '')
    return [
      { role: 'proper', en: original },
      { role: head.role, en: head.en },
    ]
  }
  return undefined
}

/** Drops a Russian genitive ending from a transliterated first name after a saint's title ("Mikulasha" → "Mikulash"). */
const nominative = (latin: string) =>
  latin
    .replace(/([^aeiouy])a$/, '$1')
    .replace(/([^aeiou])ya$/, '$1y')
    .replace(/([^aeiou])[yi]$/, '$1a')

/** "Vallenshteynskiy" → "Vallenshteyn", "Kinskikh" → "Kinsky": a Russian adjective made from a name, back to the name. */
const fromAdjective = (latin: string) =>
  latin.replace(/(sk|tsk)(iy|aya|oye|ogo|ikh)$/, (_, stem: string, ending: string) => (ending === 'ikh' ? `${stem}y` : ''))

/** "Hieronymus-Kloster", "Saint-Nicolas", "Notre-Dame" are read part by part; "Kinkaku-ji" stays one name. */
function hyphenated(word: string, german: boolean): Token[] {
  const parts = word.split('-').filter(Boolean)
  const phrase = LATIN_GLOSSARY.get(parts.map(foldLatin).join(' '))
  if (phrase) return [{ role: phrase.role, en: phrase.en }]
  if (!parts.some((part) => (LATIN_GLOSSARY.get(foldLatin(part))?.role ?? 'skip') !== 'skip')) return [{ role: 'proper', en: word }]
  return latinTokens(parts, german)
}

function latinTokens(words: readonly string[], german: boolean): Token[] {
  const tokens: Token[] = []
  for (let i = 0; i < words.length; i++) {
    // Phrases of up to three words first ("notre dame", "hôtel de ville", "beaux arts").
    let matched = false
    for (let length = 3; length >= 2 && !matched; length--) {
      if (i + length > words.length) continue
      const phrase = words
        .slice(i, i + length)
        .map(foldLatin)
        .join(' ')
      const gloss = LATIN_GLOSSARY.get(phrase)
      if (gloss) {
        tokens.push({ role: gloss.role, en: gloss.en })
        i += length - 1
        matched = true
      }
    }
    if (matched) continue
    const word = words[i]!
    const gloss = LATIN_GLOSSARY.get(foldLatin(word))
    if (gloss) tokens.push({ role: gloss.role, en: gloss.en })
    else if (word.includes('-')) tokens.push(...hyphenated(word, german))
    else tokens.push(...((german && splitGermanCompound(word)) || [{ role: 'proper' as const, en: word, common: /^\p{Ll}/u.test(word) }]))
  }
  return tokens
}

/** A Russian adjective's ending left on a transliterated word that is not a name's ("Chasovennyy", "Krepostnaya"). */
const RUSSIAN_ADJECTIVE = /(yy|iy|aya|oye|yye|ye|ya)$/

/** "имени Пушкина": the name after it is in the genitive, like a saint's. */
const NAMING: ReadonlySet<string> = new Set(['имени', 'им'])

/** A Russian name after a saint's title is in the genitive ("Святого Микулаша"), and so is a family's after the head ("Дворец Кинских"). */
const genitiveAdjective = (latin: string) =>
  latin
    .replace(/(sk|tsk)ogo$/, '$1iy')
    .replace(/(sk|tsk)ikh$/, '$1y')
    .replace(/(sk|tsk)oy$/, '$1aya')
const genitiveToNominative = (latin: string) => (/(sk|tsk)(ogo|oy|ikh)$/.test(latin) ? genitiveAdjective(latin) : nominative(latin))

function russianTokens(words: readonly string[]): Token[] {
  const tokens: Token[] = []
  let afterSaint = false
  let afterHead = false
  for (const word of words.flatMap((word) => (RUSSIAN_GLOSSARY.has(foldRussian(word)) || !word.includes('-') ? [word] : word.split('-')))) {
    const gloss = RUSSIAN_GLOSSARY.get(foldRussian(word))
    if (gloss) {
      tokens.push({ role: gloss.role === 'name' ? 'proper' : gloss.role, en: gloss.en })
      afterSaint = gloss.role === 'saint' || NAMING.has(foldRussian(word)) || (afterSaint && gloss.en === 'and')
      afterHead ||= gloss.role === 'head'
      continue
    }
    const latin = transliterate(word)
    const proper = /^\p{Ll}/u.test(latin) ? latin[0]!.toUpperCase() + latin.slice(1) : latin
    const en = afterSaint ? genitiveToNominative(proper) : afterHead ? genitiveAdjective(proper) : fromAdjective(proper)
    tokens.push({ role: 'proper', en, common: /^\p{Ll}/u.test(word) || RUSSIAN_ADJECTIVE.test(en) })
  }
  return tokens
}

const isCommon = (token: Token) => token.role === 'noun' || token.role === 'adj' || token.role === 'head'

/** French and Russian complements put adjectives after or before nouns; English puts them before. */
function englishOrder(tokens: readonly Token[], adjectivesFollow: boolean): Token[] {
  if (!adjectivesFollow) return [...tokens]
  const result = [...tokens]
  for (let i = 1; i < result.length; i++) {
    if (result[i]!.role === 'adj' && result[i - 1]!.role !== 'adj' && result[i - 1]!.role !== 'proper') {
      const adjective = result[i]!
      result[i] = result[i - 1]!
      result[i - 1] = adjective
    }
  }
  return result
}

function compose(tokens: readonly Token[], adjectivesFollow: boolean, city: string | undefined): string {
  const words = tokens.filter((token) => token.role !== 'skip')
  const headAt = words.findIndex((token) => token.role === 'head' || token.role === 'lead')
  const join = (list: readonly Token[]) => list.map((token) => token.en)
  if (headAt < 0) return [...(city ? [city] : []), ...join(englishOrder(words, adjectivesFollow))].join(' ')
  let head = words[headAt]!
  const before = words.slice(0, headAt)
  let after = words.slice(headAt + 1)
  // "Сады и павильон Менара": two heads joined by "and" name one place.
  if (after[0]?.en === 'and' && (after[1]?.role === 'head' || after[1]?.role === 'lead') && head.role === 'head') {
    head = { role: 'head', en: `${head.en} and ${after[1]!.en}` }
    after = after.slice(2)
  }
  // French puts a head's adjectives after it ("Palais royal"); in German and Russian they come before.
  let adjectives = 0
  while (adjectivesFollow && adjectives < after.length && after[adjectives]!.role === 'adj') adjectives++
  const describing = [...before, ...after.slice(0, adjectives)]
  const rest = after.slice(adjectives)
  if (head.role === 'lead') return [...join(describing), head.en, ...join(rest)].join(' ')
  if (rest.length === 0) return [...(city ? [city] : []), ...join(describing), head.en].join(' ')
  // "Forum Romain et Mont Palatin" → "Roman Forum and Mount Palatin".
  if (rest[0]!.en === 'and') return [...join(describing), head.en, 'and', compose(rest.slice(1), adjectivesFollow, undefined)].join(' ')
  const common = englishOrder(rest, adjectivesFollow)
  if (rest.every(isCommon)) {
    // "Pont de la Liberté" → "Liberty Bridge"; "Musée national d'histoire naturelle" → "National Museum of Natural History".
    return describing.length === 0 && rest.length <= 2 ? [...join(common), head.en].join(' ') : [...join(describing), head.en, 'of', ...join(common)].join(' ')
  }
  if (rest[0]!.role === 'saint') return [...join(describing), head.en, 'of', ...join(rest)].join(' ')
  // "Musée d'art moderne de Tokyo" → "Tokyo Museum of Modern Art".
  const commonPart = rest.findIndex((token) => !isCommon(token))
  if (commonPart > 0 && rest.slice(commonPart).every((token) => token.role === 'proper')) {
    return [...join(rest.slice(commonPart)), ...join(describing), head.en, 'of', ...join(englishOrder(rest.slice(0, commonPart), adjectivesFollow))].join(' ')
  }
  return [...join(common), ...join(describing), head.en].join(' ')
}

const tidy = (text: string) =>
  text
    .split(' ')
    .filter((word, i, all) => word && word !== all[i - 1])
    .join(' ')
    .replace(/\bSt St\b/g, 'Sts')
    .replace(/\bSts? Holy\b/g, 'Holy')

/**
 * The English rendering of `name`, written in `language` ("de", "fr" or "ru"; Cyrillic text is read as
 * Russian whatever the label), or undefined when there is nothing to translate.
 */
export function renderEnglish(name: string, language: string | undefined): EnglishRendering | undefined {
  const qualified = /^(.*\S)\s*\(([^()]+)\)$/.exec(name.trim())
  const base = (qualified ? qualified[1]! : name).replace(/[«»"„“”]/g, ' ')
  const qualifier = qualified?.[2]?.trim()
  const russian = hasCyrillic(base)
  if (!russian && language !== 'de' && language !== 'fr') return undefined
  const words = base
    .replace(/\b([dl])['’]/gi, '$1 ')
    .split(/[\s–—,]+/)
    .filter(Boolean)
  const tokens = russian ? russianTokens(words) : latinTokens(words, language === 'de')
  const translated =
    tokens.filter((token) => token.role !== 'proper' && token.role !== 'skip').length +
    (russian ? words.filter((word) => RUSSIAN_GLOSSARY.get(foldRussian(word))?.role === 'name').length : 0)
  if (translated === 0) return undefined
  const city = qualifier ? (CITY_EXONYMS.get(foldLatin(qualifier)) ?? qualifier) : undefined
  const hasHead = tokens.some((token) => token.role === 'head' || token.role === 'lead')
  const text = tidy(compose(tokens, !russian && language === 'fr', city))
  // A city exonym that stands alone as a proper name ("Cathédrale de Lisbonne") reads in English.
  const english = text
    .split(' ')
    .map((word) => CITY_EXONYMS.get(foldLatin(word)) ?? word)
    .join(' ')
  // Nothing was translated when the name is made of English words only, reordered ("Tower Bridge" from a
  // German listing); a name with a proper part still takes English order ("Temple Kinkaku-ji").
  const wordsOf = (text: string) => text.split(/\s+/).map(foldLatin).filter(Boolean).sort().join(' ')
  if (!russian && wordsOf(english) === wordsOf(base) && !tokens.some((token) => token.role === 'proper')) return undefined
  const kept = tokens.filter((token) => token.role === 'proper')
  return { text: english, translated, hasHead, sure: !kept.some((token) => token.common), spelledFromRussian: russian && kept.length > 0 }
}

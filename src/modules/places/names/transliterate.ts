/**
 * Cyrillic to Latin letters, the way the places catalog spells its `name_latin` (a simplified BGN/PCGN
 * romanisation: х kh, ц ts, ч ch, ш sh, щ shch, ж zh, й and ы y, я ya, ю yu, soft and hard signs dropped),
 * so a name we transliterate reads like one the catalog did. Pure; the browser may import it.
 */

const LETTERS: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian, Belarusian, Serbian and Macedonian letters.
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  ђ: 'dj',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
}

const CYRILLIC_LETTER = /[\u0400-\u04ff]/g

export const hasCyrillic = (text: string): boolean => /[\u0400-\u04ff]/.test(text)

/** "Рыбацкий бастион" → "Rybatskiy bastion"; letters of other scripts stay as they are. */
export function transliterate(text: string): string {
  if (!hasCyrillic(text)) return text
  return text.replace(CYRILLIC_LETTER, (letter) => {
    const lower = letter.toLowerCase()
    const latin = LETTERS[lower]
    if (latin === undefined) return letter
    if (lower === letter || latin === '') return latin
    return latin[0]!.toUpperCase() + latin.slice(1)
  })
}

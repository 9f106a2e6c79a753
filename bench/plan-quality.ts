/**
 * The checks `bench:plans` grades plans with. They are written apart from the places module on purpose
 * (own folding, transliteration, word lists and name rule), so the places module's
 * deduplication and name choice are not graded by themselves.
 */

export interface CheckedVisit {
  readonly id: string
  /** The name the plan shows. */
  readonly shown: string
  /** Every name the catalog rows behind this visit carry (all languages, transliterations). */
  readonly names: readonly string[]
  /** The names sources wrote in a language other than Russian ("Teatr Nowy" is Polish, not a transliteration). */
  readonly written?: readonly string[]
  readonly kind: string
  readonly city: string
  readonly country: string
  readonly latitude: number
  readonly longitude: number
  /** The sights the reviewed data links to this one (`part_of`, `with`): reviewed as two sights, one inside or beside the other. */
  readonly linked?: readonly string[]
}

const CYRILLIC: Readonly<Record<string, string>> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'i',
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
  х: 'h',
  ц: 'c',
  ч: 'ch',
  ш: 'sh',
  щ: 'sh',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  і: 'i',
  ї: 'i',
  є: 'e',
  ґ: 'g',
  ў: 'u',
  ј: 'j',
  љ: 'l',
  њ: 'n',
  ћ: 'c',
  ђ: 'd',
  џ: 'dz',
  ѓ: 'g',
  ќ: 'k',
  ѕ: 'dz',
}

/** Lower case, no accents, Cyrillic spelled out, anything but letters and digits a space. */
export function plainText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u0400-\u04ff]/g, (letter) => CYRILLIC[letter] ?? letter)
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/ß/g, 'ss')
    .replace(/['’`]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

/** Words that only join others, in the four catalog languages. */
const JOINING = new Set(
  `the of and at in on de du des la le les l d et a der die das dem den von am im zum zur und i v na pri imeni im s u
   saint st sainte sankt san santa sv svyatogo svyatoi svyatoy di del della dei degli delle da do dos`.split(/\s+/),
)

/** Words that say what kind of place it is, by kind: two names with kind words of no common kind are two places. */
const KIND_WORDS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries({
    museum: 'museum museums musee museo muzeum muzej muzei muzey muzeya kunstmuseum gallery galerie galleria galereya pinakothek',
    church: `church eglise kirche chiesa iglesia tserkov tserkvi kostel kosciol cerkov chapel chapelle kapelle chasovnya cathedral
      cathedrale kathedrale katedrala kafedralnyi kafedralnyy sobor dom duomo basilica basilique basilika bazilika monastery monastere
      kloster monastyr mosteiro abbey abbaye abtei temple tempel hram`,
    palace: 'palace palais palast palazzo dvorets dvorec castle chateau schloss burg zamok castello',
    park: 'park parc parque garden gardens jardin jardins garten sad',
    square: 'square place platz piazza ploshchad',
    tower: 'tower tour turm bashnya campanile',
    bridge: 'bridge pont brucke most ponte',
    theatre: 'theatre theater teatr teatro opera oper',
    stadium: 'stadium stadion hippodrome amphitheatre amphitheater arena arenes',
    monument: 'monument denkmal pamyatnik memorial statue',
    viewpoint: 'view viewpoint lookout skywalk',
    gate: 'gate porte tor vorota',
    street: 'street rue strasse ulitsa',
    market: 'market marche markt rynok mercato mercado',
    townhall: 'hall rathaus ratusha radnice',
    zoo: 'zoo zoopark aquarium tierpark',
    synagogue: 'synagogue synagoge sinagoga',
    mosque: 'mosque mosquee moschee mechet dzhami camii',
  }).flatMap(([kind, list]) => list.split(/\s+/).map((word) => [word, kind])),
)

interface NameParts {
  readonly telling: readonly string[]
  readonly kinds: ReadonlySet<string>
  readonly plain: string
}

/** The words of a name, without joining words and without words made from the city's name ("Hallescher Dom" in Halle). */
function parts(name: string, city: string): NameParts {
  // A note in brackets says where the sight is ("Kostel sv. Mikuláše (Malá Strana)"), not what it is.
  const plain = plainText(name.replace(/\([^()]*\)/g, ' '))
  const cityWords = plainText(city)
    .split(' ')
    .filter((word) => word.length >= 4)
  const words = plain.split(' ').filter((word) => word && !JOINING.has(word) && !cityWords.some((cityWord) => word.startsWith(cityWord)))
  return { plain, telling: words.filter((word) => !KIND_WORDS[word]), kinds: new Set(words.flatMap((word) => (KIND_WORDS[word] ? [KIND_WORDS[word]] : []))) }
}

/** Two spellings of one word: equal, or one starts the other, sharing 5+ letters, with at most 4 more ("kadriorg", "kadriorgskii"). */
const sameWord = (a: string, b: string) => {
  if (a === b) return true
  const [short, long] = a.length <= b.length ? [a, b] : [b, a]
  return short.length >= 5 && long.length - short.length <= 4 && long.startsWith(short)
}

function metres(a: CheckedVisit, b: CheckedVisit): number {
  const rad = Math.PI / 180
  const x = (b.longitude - a.longitude) * rad * Math.cos(((a.latitude + b.latitude) / 2) * rad)
  const y = (b.latitude - a.latitude) * rad
  return Math.sqrt(x * x + y * y) * 6_371_000
}

/**
 * Names that say the same: the same kind words when both have some (a church's tower is not the church, a
 * palace's garden not the palace), and every telling word of the shorter in the longer, which adds at most
 * one ("Sacré-Cœur Basilica" / "Basilique du Sacré-Cœur de Montmartre"); a one-word name also needs a
 * kind word in common with the other.
 */
function sameName(a: NameParts, b: NameParts): boolean {
  const sharedKind = [...a.kinds].some((kind) => b.kinds.has(kind))
  const sameKinds = a.kinds.size === b.kinds.size && [...a.kinds].every((kind) => b.kinds.has(kind))
  if (a.kinds.size > 0 && b.kinds.size > 0 && !sameKinds) return false
  const [short, long] = a.telling.length <= b.telling.length ? [a, b] : [b, a]
  if (short.telling.length === 0 || long.telling.length - short.telling.length > 1) return false
  if (short.telling.length === 1 && long.telling.length > 1 && !sharedKind) return false
  return short.telling.every((word) => long.telling.some((other) => sameWord(word, other)))
}

/** The kind words a place's kind stands for, for its names that name no kind. */
const KIND_OF_PLACE: Readonly<Record<string, string>> = {
  museum: 'museum',
  gallery: 'museum',
  religious_site: 'church',
  castle_palace: 'palace',
  park_garden: 'park',
  zoo_aquarium: 'zoo',
  market_shopping: 'market',
}

/** A name that names no kind ("Wawel") takes its place's: the castle called "Wawel" is not "Wawel Cathedral". */
function withPlaceKind(name: NameParts, placeKind: string): NameParts {
  const kind = KIND_OF_PLACE[placeKind]
  return name.kinds.size > 0 || !kind ? name : { ...name, kinds: new Set([kind]) }
}

/**
 * Whether two visits are the same sight: within 400 m and some pair of their names says the same (see
 * sameName), or the same full name of two or more telling words up to 1 km apart (a sight placed twice by
 * two articles). Every pair these rules flagged in the plans before the places module merged records was
 * checked by hand: each was one sight. Two sights the reviewed data links (one inside the other, one outing)
 * were reviewed as two.
 */
export function sameSight(a: CheckedVisit, b: CheckedVisit): string | undefined {
  const distance = metres(a, b)
  if (distance > 1000 || a.linked?.includes(b.id) || b.linked?.includes(a.id)) return undefined
  for (const left of a.names) {
    for (const right of b.names) {
      const l = withPlaceKind(parts(left, a.city), a.kind)
      const r = withPlaceKind(parts(right, b.city), b.kind)
      const why = `"${left}" ~ "${right}", ${Math.round(distance)} m`
      if (l.plain === r.plain && l.telling.length >= 2) return why
      if (distance <= 400 && sameName(l, r)) return why
    }
  }
  return undefined
}

/** Countries whose everyday script is Cyrillic. */
const CYRILLIC_COUNTRIES = new Set(['RU', 'UA', 'BY', 'BG', 'RS', 'MK', 'ME', 'BA', 'KZ', 'KG', 'TJ', 'MN'])
const GREEK_COUNTRIES = new Set(['GR', 'CY'])

/** A shown name with letters of a script that is neither Latin nor the country's own. */
export function foreignScript(visit: CheckedVisit): boolean {
  for (const letter of visit.shown.match(/\p{L}/gu) ?? []) {
    if (/\p{Script=Latin}/u.test(letter)) continue
    if (/\p{Script=Cyrillic}/u.test(letter) && CYRILLIC_COUNTRIES.has(visit.country)) continue
    if (/\p{Script=Greek}/u.test(letter) && GREEK_COUNTRIES.has(visit.country)) continue
    return true
  }
  return false
}

/** Things people do once a day: a second one the same day is a plan nobody would follow. */
const ONCE_A_DAY: Readonly<Record<string, string>> = { spa_wellness: 'baths and spas', theme_park: 'theme parks', zoo_aquarium: 'zoos and aquariums' }

/** The once-a-day kinds that occur more than once in a day. */
export function repeatedOnceADay(day: readonly CheckedVisit[]): string[] {
  const seen = new Map<string, number>()
  for (const visit of day) {
    const group = ONCE_A_DAY[visit.kind]
    if (group) seen.set(group, (seen.get(group) ?? 0) + 1)
  }
  return [...seen].filter(([, count]) => count > 1).map(([group]) => group)
}

/** Generic words of German and French place names, as a reader of English would not know them (words English shares, museum, place, tour, are left out). */
const GERMAN = new Set(
  `kirche kloster dom kathedrale denkmal schloss burg brucke platz turm garten tor markt rathaus moschee tempel synagoge
   palast festung friedhof brunnen strasse altstadt bahnhof hafen insel`.split(/\s+/),
)
const FRENCH = new Set(
  `eglise cathedrale musee palais chateau jardin jardins pont sanctuaire mosquee monastere abbaye basilique chapelle fontaine
   rue marche cimetiere porte quartier`.split(/\s+/),
)
/** Russian generic words as a transliteration spells them. */
const RUSSIAN = new Set(
  `tserkov tserkva sobor dvorets ploshchad ulitsa muzey muzei khram bashnya sad zamok palatstso kostel monastyr pamyatnik vorota
   sinagoga kafedralnyy svyatogo svyatoy svyatykh krepost galereya teatr`.split(/\s+/),
)
const GERMAN_AREA = new Set(['DE', 'AT', 'CH', 'LI', 'LU'])
/** German words that are Dutch words too, and where they are: Bruges' Markt and Burg, Utrecht's Dom. */
const DUTCH_TOO = new Set(['markt', 'burg', 'dom'])
const DUTCH_AREA = new Set(['NL', 'BE', 'SR'])
const FRENCH_AREA = new Set([
  'FR',
  'BE',
  'CH',
  'LU',
  'MC',
  'CA',
  'SN',
  'CI',
  'ML',
  'BF',
  'NE',
  'TG',
  'BJ',
  'GN',
  'CM',
  'CD',
  'CG',
  'GA',
  'MG',
  'DJ',
  'HT',
  'TD',
  'CF',
  'BI',
  'RW',
  'KM',
  'MA',
  'TN',
  'DZ',
])
const RUSSIAN_AREA = new Set(['RU', 'BY', 'KZ', 'KG', 'UA', 'TJ'])

/**
 * A shown name in a language its place's country does not speak: a German or French generic word outside
 * those languages' areas ("Hieronymus-Kloster" in Lisbon), or a Russian name spelled out in Latin letters
 * outside Russian-speaking countries ("Tserkov Svyatogo Mikulasha" in Prague).
 */
export function foreignLanguageName(visit: CheckedVisit): string | undefined {
  const words = plainText(visit.shown).split(' ')
  const german = words.filter((word) => GERMAN.has(word) && !(DUTCH_AREA.has(visit.country) && DUTCH_TOO.has(word)))
  if (!GERMAN_AREA.has(visit.country) && german.length > 0) return 'German'
  if (!FRENCH_AREA.has(visit.country) && words.some((word) => FRENCH.has(word))) return 'French'
  if (!RUSSIAN_AREA.has(visit.country) && !(visit.written ?? []).includes(visit.shown)) {
    if (words.some((word) => RUSSIAN.has(word))) return 'Russian transliteration'
    const shown = plainText(visit.shown)
    if (visit.names.some((name) => /[\u0400-\u04ff]/.test(name) && plainText(name) === shown)) return 'Russian transliteration'
  }
  return undefined
}

const EVENING = new Set(['nightlife', 'entertainment'])

/** A daytime sight (not nightlife, a show or a viewpoint) planned to start at 20:00 or later. */
export const daytimeAtNight = (kind: string, startHours: number) => !EVENING.has(kind) && kind !== 'viewpoint' && startHours >= 20

/** A nightlife place or show planned to start before 17:00. */
export const eveningAtNoon = (kind: string, startHours: number) => EVENING.has(kind) && startHours < 17

const WINE = /\b(wine|winery|cellars?|adega|bodega|weingut|weinkeller)\b/
const BATH = /\b(hammam|hamam|banya|therme|onsen)\b/

/** The kind of thing a visit is, for counting repeats in one trip (baths, theme parks, zoos, wine cellars). */
export function repeatKind(visit: CheckedVisit): string | undefined {
  const name = plainText(visit.shown)
  if (WINE.test(name)) return 'wine cellars'
  if (BATH.test(name) || visit.kind === 'spa_wellness') return 'baths and spas'
  return ONCE_A_DAY[visit.kind]
}

/** Kinds of a trip planned more than twice. */
export function repeatedKindsInTrip(visits: readonly CheckedVisit[]): string[] {
  const seen = new Map<string, number>()
  for (const visit of visits) {
    const kind = repeatKind(visit)
    if (kind) seen.set(kind, (seen.get(kind) ?? 0) + 1)
  }
  return [...seen].filter(([, count]) => count > 2).map(([kind, count]) => `${count} ${kind}`)
}

const NOT_SIGHTS =
  /\b(playground|spielplatz|school|schule|ecole|office|ministry|convention center|convention centre|exhibition centre|cinema|kino|festival|parade|carnival|fair|trooping the colour|downing street|old town days|public library|city library|central library|municipal library|perpustakaan|golf club|country club|football club|tennis club|yacht club|sports centre|sports center|recreation centre|recreation center|leisure centre|rent a|rental|bike hire|congress centre|congress center|institute|alliance francaise|railways of|real betis)\b/

/**
 * A planned listing that is not a sight (a playground, a school, an office, a convention hall, a cinema, an
 * event, a library, a sports club or centre, a rental).
 */
export const notASight = (visit: CheckedVisit) => visit.kind !== 'museum' && NOT_SIGHTS.test(plainText(visit.shown))

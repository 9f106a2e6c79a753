/**
 * Catalog records that are not sights, told by their names in any of the catalog's languages: Wikivoyage's
 * "do" listings hold golf clubs, public libraries, sports centres, water parks, race meetings, congress halls,
 * bike rentals, cooking schools and cinemas beside the sights. Such a record is never planned. A record whose name also says it is a museum or
 * gallery ("La Piscine – Musée d'art", "Institute of Contemporary Art") is one, and a library that editors
 * ranked as a sight (a national or historic library) stays. Pure; sight-groups.ts uses it.
 */
import type { Kind } from '../domain.ts'

export const NON_SIGHTS = [
  'library',
  'club or team',
  'sports or recreation centre',
  'convention or event',
  'rental',
  'school, institute or office',
  'cinema',
] as const
export type NonSight = (typeof NON_SIGHTS)[number]

const PATTERNS: ReadonlyArray<readonly [NonSight, RegExp]> = [
  ['library', /\b(librar(y|ies)|bibliothek|biblioth[eè]que|bibliotec[aä]|perpustakaan)\b|библиотек|図書館/i],
  [
    'club or team',
    /\b(golf|tennis|country|yacht|rugby|football|soccer|sailing|rowing|canoe|kanu|cricket|polo|hunt|riding|ski|swim(ming)?|sports?|athletic|bowling|squash|curling|gun|shooting|fitness|health|beach|surf|kite|diving|dive)[\s-]*(club|klub|verein)\b|\bclub (de golf|de tennis|nautique|sportif)\b|\b(f\.?c\.?|fußballclub|fussballclub|football club|real betis|mud hens)\b|футбольн\w* клуб|(^|\s)фк\s|гольф[\s-]*клуб|теннисн\w* клуб/i,
  ],
  [
    'sports or recreation centre',
    /\b(recreation (centre|center|area|ground)s?|leisure (centre|center)|sports? (centre|center|complex|hall|ground)s?|community (centre|center)|sportzentrum|sporthalle|freizeitzentrum|freizeitbad|centre sportif|complexe sportif|fitness|gym|gymnasium|bowling|swimming pool|public pool|schwimmbad|hallenbad|freibad|piscine|golf ?(course|links|platz)|golfplatz|mini ?golf|skate ?park|tennis courts?|trampoline( park)?|sky zone|water ?park|aqua ?park|wasserpark|erlebnisbad|spa(ß|ss)bad|parc aquatique|racecourse|race ?track|rennbahn|canopy(?! ?walk)|zip ?lines?|zip ?wire|accrobranche|high ropes|ropes course|kletterwald|paintball|go-?karts?|karting|escape rooms?|laser ?tag)\b|аквапарк|ипподром|спорткомплекс|спортивн\w* (комплекс|центр)|бассейн|фитнес/i,
  ],
  [
    'convention or event',
    /\b(convention (centre|center|hall)|congress (centre|center|hall|palace)|palais des congr[eè]s|centre (international )?de congr[eè]s|kongresszentrum|kongresshalle|exhibition (centre|center|ground)s?|expo(sition)? (centre|center|hall)|messezentrum|messegel[aä]nde|fairgrounds?|festival|conference (centre|center)|comic[ -]?con|bashcon|races)\b|конгресс|выставочн\w* (центр|комплекс)|фестивал/i,
  ],
  ['rental', /\b(rent(al|als|s)?|hire|verleih|vermietung|location de (v[eé]los?|bateaux|kayaks?|voitures?))\b|прокат|аренд/i],
  [
    'school, institute or office',
    /\b(school|schule|[eé]cole|academy|akademie|institute|institut|alliance fran[cç]aise|goethe-institut|british council|cooking class(es)?|cookery|office|b[uü]ro|bureau|tourist information|touristinfo|office de tourisme|agency|agentur|railways? of)\b|школ|институт|офис|агентств/i,
  ],
  ['cinema', /\b(cinemas?|cin[eé]ma|kino|cineplex|multiplex|cinestar|cinemaxx|imax)\b|кинотеатр/iu],
]

/** Names that make a record a sight whatever else they say. */
const A_SIGHT =
  /\b(museum|mus[eé]e|museo|galler(y|ie)|galerie|palace|palais|castle|ch[aâ]teau|cathedral|church|temple|ruins?|monument|garden|garten|jardin|theat(re|er)|th[eé][aâ]tre|opera|concert)\b|музе|галере|дворец|собор|храм|замок|монумент|памятник|сад|(?<!кино)театр|концерт/i

/** Kinds that are sights whatever their names say (a museum of a library, a church's school). */
const SIGHT_KINDS: ReadonlySet<Kind> = new Set(['museum', 'gallery', 'religious_site', 'castle_palace'])

/** A library editors ranked this high is one people visit (a national or historic library). */
const VISITED_LIBRARY_RANK = 0.3

/** Why a catalog record is not a sight, or undefined when it may be one. */
export function notASight(names: readonly string[], kind: Kind, popularity: number, unesco: boolean): NonSight | undefined {
  if (unesco || SIGHT_KINDS.has(kind) || names.some((name) => A_SIGHT.test(name))) return undefined
  for (const [reason, pattern] of PATTERNS) {
    if (!names.some((name) => pattern.test(name))) continue
    if (reason === 'library' && (popularity >= VISITED_LIBRARY_RANK || kind === 'historic_site' || kind === 'monument')) continue
    return reason
  }
  return undefined
}

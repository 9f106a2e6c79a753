/**
 * What a place's name says about visiting it, for places nobody reviewed (the reviewed supplement gives
 * its own lengths): whether it is a sight at all, how long a visit takes, and which group of similar
 * places it belongs to for the planner's variety rules. Names are read in English, German, French and
 * Russian (transliterated or not), the catalog's languages. Pure; the browser may import it.
 */
import { foldText, type Kind } from './domain.ts'

interface Named {
  readonly name: string
  readonly aliases?: readonly string[] | undefined
  readonly kind: Kind
}

/** A name's words, folded and spaced (" musee du louvre "): kept, since each place is read on every plan of its city. */
const folded = new Map<string, string>()
const MAX_FOLDED = 100_000
function foldedWords(name: string): string {
  let words = folded.get(name)
  if (words === undefined) {
    words = ` ${foldText(name).replace(/[^\p{L}\p{N}]+/gu, ' ')} `
    if (folded.size >= MAX_FOLDED) folded.clear()
    folded.set(name, words)
  }
  return words
}

const words = (place: Named) => [place.name, ...(place.aliases ?? [])].map(foldedWords)

const any = (place: Named, pattern: RegExp) => words(place).some((name) => pattern.test(name))

/**
 * Listings that are not sights a traveller plans a visit to: playgrounds, schools and colleges, offices and
 * seats of government, convention and exhibition halls, cinemas, and events with a date (festivals,
 * parades, fairs, a name with a year).
 */
const NOT_A_SIGHT =
  / (playground|spielplatz|kinderspielplatz|aire de jeux|detskaya ploshchadka|детская площадка|school|schule|ecole|college|kolleg|lycee|gymnasium|conservatory|conservatoire|music college|offices|buro|bureau|ministry|ministerium|embassy|consulate|downing street|convention cent(er|re)|exhibition cent(er|re)|messe|congress cent(er|re)|kongresszentrum|cinema|kino|cinematheque|multiplex|festival|fest|festspiele|parade|carnival|karneval|fair|kirmes|old town days|christmas market|weihnachtsmarkt|trooping the colour|changing of the guard|wachablosung|releve de la garde) /

const DATED = / (1[89]\d\d|20\d\d) /

/**
 * A listing of many places under one name, as UNESCO lists them ("Historic Monuments of Ancient Kyoto (Kyoto,
 * Uji and Otsu Cities)", "Works of Antoni Gaudí", "Churches of Chiloé"): the traveller visits the places.
 */
const COLLECTION =
  /^ (historic(al)? |early christian |paleochristian and byzantine |white |baroque |wooden |medieval )?(monuments|churches|temples|shrines and temples|works) (of|in) /

export function isVisitable(place: Named): boolean {
  if (COLLECTION.test(words({ ...place, aliases: [] })[0]!)) return false
  // Museums and galleries keep their subject ("Museum of the Carnival", "Film Museum"); a church its school.
  if (place.kind === 'museum' || place.kind === 'gallery' || place.kind === 'religious_site' || place.kind === 'castle_palace') return !any(place, DATED)
  return !any(place, NOT_A_SIGHT) && !any(place, DATED)
}

/** Areas seen as a walk: historic centres, old towns, medinas, ancient cities. */
const AREA =
  / (historic (centre|center|district|city|quarter|area|core)|old (town|city|quarter)|altstadt|vieille ville|centre historique|medina|staryy gorod|старый город|ancient city) /

/** Short stops the route passes: bridges, squares, gates, fountains, statues. */
const STOP =
  / (bridge|brucke|pont|most|мост|square|platz|place|piazza|plaza|ploshchad|площадь|gate|tor|porte|vorota|ворота|fountain|brunnen|fontaine|fontan|фонтан|statue|standbild|column|saule|colonne|obelisk|obelisque) /

const AREA_WALK_MINUTES = 150
const STOP_MINUTES = 30

/** A realistic visit for a place nobody reviewed: a walk for an area, a short stop for a bridge or square, else its kind's default. */
export function typicalVisitMinutes(place: Named & { readonly visitMinutes: number }): number {
  if (any(place, AREA)) return AREA_WALK_MINUTES
  if ((place.kind === 'landmark' || place.kind === 'monument') && any(place, STOP)) return STOP_MINUTES
  return place.visitMinutes
}

/** Groups of similar places a trip holds only a few of (variety.ts). */
export type PlaceGroup = 'baths and spas' | 'theme parks' | 'zoos and aquariums' | 'wine cellars' | 'churches'

const GROUP_OF_KIND: Readonly<Partial<Record<Kind, PlaceGroup>>> = {
  spa_wellness: 'baths and spas',
  theme_park: 'theme parks',
  zoo_aquarium: 'zoos and aquariums',
  religious_site: 'churches',
}

const WINE = / (wine|winery|wineries|cellars?|adega|adegas|bodega|bodegas|weingut|weinkeller|vinoteca|cave a vin|caves de porto|винный|винодельня) /
const BATH = / (hammam|hamam|banya|баня|therme|thermal baths?|onsen|sento) /

export function placeGroup(place: Named): PlaceGroup | undefined {
  if (any(place, WINE)) return 'wine cellars'
  if (any(place, BATH)) return 'baths and spas'
  return GROUP_OF_KIND[place.kind]
}

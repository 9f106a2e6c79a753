/**
 * OpenStreetMap elements for tests (not shipped data), shaped like real Overpass answers around Paris: nodes,
 * ways and relations with `center`, mixed `name:*` tags, and real-world `opening_hours` strings (weekly
 * closing days, public holidays, seasons, comments, `24/7`, `off`, a malformed one), plus elements Roam must
 * leave out (no name, a wayside cross, a playground, a memorial plaque without an article).
 */
import type { OsmElement } from './osm-mapping.ts'

export const OSM_ELEMENTS: readonly OsmElement[] = [
  {
    type: 'way',
    id: 1001,
    center: { lat: 48.8611, lon: 2.3358 },
    tags: {
      tourism: 'museum',
      name: 'Musée du Louvre',
      'name:en': 'Louvre Museum',
      'name:fr': 'Musée du Louvre',
      'name:ja': 'ルーヴル美術館',
      'name:ru': 'Лувр',
      wikidata: 'Q19675',
      wikipedia: 'fr:Musée du Louvre',
      opening_hours: 'Mo,Th,Sa,Su 09:00-18:00; We,Fr 09:00-21:45; Tu off; Jan 01,May 01,Dec 25 off',
      'addr:housenumber': '99',
      'addr:street': 'Rue de Rivoli',
      'addr:postcode': '75001',
      'addr:city': 'Paris',
    },
  },
  {
    type: 'way',
    id: 1002,
    center: { lat: 48.8583, lon: 2.2945 },
    tags: {
      tourism: 'attraction',
      man_made: 'tower',
      name: 'Tour Eiffel',
      'name:en': 'Eiffel Tower',
      'name:de': 'Eiffelturm',
      wikidata: 'Q243',
      opening_hours: 'Mo-Su 09:30-23:45',
    },
  },
  {
    type: 'relation',
    id: 1003,
    center: { lat: 48.853, lon: 2.3499 },
    tags: {
      amenity: 'place_of_worship',
      religion: 'christian',
      building: 'cathedral',
      name: 'Cathédrale Notre-Dame de Paris',
      'name:en': 'Notre-Dame Cathedral',
      'name:es': 'Catedral de Notre Dame',
      wikidata: 'Q2981',
      opening_hours: 'Mo-Fr 07:45-18:45; Sa,Su 08:15-19:15',
    },
  },
  {
    type: 'way',
    id: 1004,
    center: { lat: 48.86, lon: 2.3266 },
    tags: { tourism: 'museum', name: "Musée d'Orsay", wikidata: 'Q23402', opening_hours: 'Tu-Su 09:30-18:00; Th 09:30-21:45; Mo off; PH off' },
  },
  {
    type: 'way',
    id: 1005,
    center: { lat: 48.8462, lon: 2.3372 },
    tags: {
      leisure: 'park',
      name: 'Jardin du Luxembourg',
      'name:en': 'Luxembourg Garden',
      wikipedia: 'fr:Jardin du Luxembourg',
      wikidata: 'Q209059',
      opening_hours: 'Mo-Su 07:30-20:30 "closes earlier in winter"',
    },
  },
  {
    type: 'node',
    id: 1006,
    lat: 48.8867,
    lon: 2.3431,
    tags: {
      amenity: 'place_of_worship',
      religion: 'christian',
      name: 'Basilique du Sacré-Cœur',
      'name:en': 'Sacré-Cœur Basilica',
      wikidata: 'Q188866',
      opening_hours: 'Mo-Su 06:30-22:30',
    },
  },
  {
    type: 'node',
    id: 1007,
    lat: 48.8841,
    lon: 2.3322,
    tags: { amenity: 'theatre', 'theatre:genre': 'cabaret', name: 'Moulin Rouge', wikidata: 'Q83545', opening_hours: 'Mo-Su 19:00-01:00' },
  },
  {
    type: 'way',
    id: 1008,
    center: { lat: 48.8607, lon: 2.3522 },
    tags: { tourism: 'museum', name: 'Centre Pompidou', 'name:zh': '蓬皮杜中心', wikidata: 'Q178065', opening_hours: 'Mo,We-Su 11:00-21:00; Tu off' },
  },
  {
    type: 'node',
    id: 1009,
    lat: 48.8738,
    lon: 2.295,
    tags: {
      historic: 'monument',
      tourism: 'attraction',
      name: "Arc de Triomphe de l'Étoile",
      'name:en': 'Arc de Triomphe',
      wikidata: 'Q64436',
      opening_hours: 'Apr-Sep: Mo-Su 10:00-23:00; Oct-Mar: Mo-Su 10:00-22:30',
    },
  },
  {
    type: 'way',
    id: 1010,
    center: { lat: 48.8574, lon: 2.3622 },
    tags: { tourism: 'museum', name: 'Musée Carnavalet', wikidata: 'Q1954516', opening_hours: '10h-18h sauf lundi' },
  },
  {
    type: 'node',
    id: 1011,
    lat: 48.8616,
    lon: 2.2893,
    tags: { tourism: 'viewpoint', name: 'Esplanade du Trocadéro', opening_hours: '24/7' },
  },
  {
    type: 'node',
    id: 1012,
    lat: 48.8322,
    lon: 2.3921,
    tags: { tourism: 'museum', name: 'Musée des Arts Forains', opening_hours: 'off', wikidata: 'Q3329570' },
  },
  // Left out: no name; a wayside cross; a playground; a memorial plaque without an article.
  { type: 'node', id: 1013, lat: 48.857, lon: 2.34, tags: { tourism: 'attraction' } },
  { type: 'node', id: 1014, lat: 48.858, lon: 2.341, tags: { historic: 'wayside_cross', name: 'Croix de la Reine' } },
  { type: 'way', id: 1015, center: { lat: 48.85, lon: 2.33 }, tags: { leisure: 'playground', name: 'Aire de jeux du Luxembourg' } },
  { type: 'node', id: 1016, lat: 48.856, lon: 2.352, tags: { historic: 'memorial', memorial: 'plaque', name: 'Plaque Jean Moulin' } },
  // Versailles, outside Paris's radius.
  {
    type: 'way',
    id: 2001,
    center: { lat: 48.8049, lon: 2.1204 },
    tags: {
      historic: 'castle',
      castle_type: 'palace',
      name: 'Château de Versailles',
      'name:en': 'Palace of Versailles',
      wikidata: 'Q2946',
      opening_hours: 'Tu-Su 09:00-18:30; Mo off',
    },
  },
]

/** More of Paris's museums, closed on Mondays as many are: enough places for three days in the city. */
export const MORE_PARIS_MUSEUMS: readonly OsmElement[] = Array.from({ length: 10 }, (_, k) => ({
  type: 'node',
  id: 5000 + k,
  lat: 48.85 + Math.sin(k) * 0.02,
  lon: 2.34 + Math.cos(k) * 0.03,
  tags: { tourism: 'museum', name: `Musée municipal ${k + 1}`, wikidata: `Q${900 + k}`, opening_hours: 'Tu-Su 10:00-18:00; Mo off' },
}))

/** Sitelink counts of the fixture's Wikidata items. */
export const WIKIDATA_SITELINKS: ReadonlyMap<string, number> = new Map([
  ['Q19675', 190],
  ['Q243', 180],
  ['Q2981', 120],
  ['Q23402', 90],
  ['Q209059', 50],
  ['Q188866', 70],
  ['Q83545', 60],
  ['Q178065', 80],
  ['Q64436', 100],
  ['Q1954516', 40],
  ['Q3329570', 10],
  ['Q2946', 150],
  ...MORE_PARIS_MUSEUMS.map((element) => [element.tags!.wikidata!, 20] as const),
])

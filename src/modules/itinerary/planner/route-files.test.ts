import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { googleMapsDirections, openStreetMapLegs, placeOnMaps } from './directions.ts'
import type { PlanDay, PlanPlace } from './plan.ts'
import { itineraryGpx, itineraryKml } from './route-files.ts'
import { lisbonStop } from './test-catalog.ts'

const stop = (name: string, latitude: number, longitude: number, start: number, travel = 0, mode?: PlanPlace['travel_mode']) =>
  lisbonStop(name, latitude, longitude, { start, travel, ...(mode ? { mode } : {}) })

/** Two days in Lisbon in July (UTC+1): Belém walked, then the centre with a ride to the Oceanarium. */
const lisbon: PlanDay[] = [
  {
    day: 1,
    date: '2027-07-05',
    city: 'Lisbon',
    places: [
      stop('Jerónimos Monastery', 38.697859, -9.206628, 9.5),
      stop('Padrão dos Descobrimentos', 38.693611, -9.205611, 11, 8, 'walk'),
      stop('Belém Tower & "Café" <Torre>', 38.691584, -9.215977, 13.5, 16, 'walk'),
    ],
  },
  {
    day: 2,
    date: '2027-07-06',
    city: 'Lisbon',
    places: [stop('Praça do Comércio', 38.707527, -9.136432, 9), stop('Lisbon Oceanarium', 38.763541, -9.093703, 10.5, 24, 'transit')],
  },
  { day: 3, date: '2027-07-07', city: 'Lisbon', places: [], free_time: 'Free time' },
]

const parse = (xml: string) =>
  new XMLParser({ ignoreAttributes: false, isArray: (name) => ['wpt', 'rte', 'rtept', 'Folder', 'Placemark'].includes(name) }).parse(xml)
/** The child elements' names in document order. */
const childOrder = (xml: string, path: string[]) => {
  let nodes = new XMLParser({ preserveOrder: true }).parse(xml) as Array<Record<string, unknown>>
  for (const name of path) nodes = nodes.find((node) => name in node)![name] as Array<Record<string, unknown>>
  return nodes.map((node) => Object.keys(node).find((key) => key !== ':@')!)
}

describe('directions for a day', () => {
  it('hands a whole walked day to Google Maps in order, on foot', () => {
    const url = new URL(googleMapsDirections(lisbon[0]!)!)
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/dir/')
    expect(url.searchParams.get('api')).toBe('1')
    expect(url.searchParams.get('origin')).toBe('38.697859,-9.206628')
    expect(url.searchParams.get('waypoints')).toBe('38.693611,-9.205611')
    expect(url.searchParams.get('destination')).toBe('38.691584,-9.215977')
    expect(url.searchParams.get('travelmode')).toBe('walking')
  })

  it('asks for transit when a leg is not walked, and nothing for a day of one stop', () => {
    expect(new URL(googleMapsDirections(lisbon[1]!)!).searchParams.get('travelmode')).toBe('transit')
    expect(googleMapsDirections({ ...lisbon[1]!, places: lisbon[1]!.places.slice(0, 1) })).toBeUndefined()
  })

  it('gives OpenStreetMap the day leg by leg, on foot or by road', () => {
    const legs = openStreetMapLegs(lisbon[0]!)
    expect(legs.map((leg) => `${leg.from} → ${leg.to}`)).toEqual([
      'Jerónimos Monastery → Padrão dos Descobrimentos',
      'Padrão dos Descobrimentos → Belém Tower & "Café" <Torre>',
    ])
    const first = new URL(legs[0]!.url)
    expect(first.searchParams.get('engine')).toBe('fossgis_osrm_foot')
    expect(first.searchParams.get('route')).toBe('38.697859,-9.206628;38.693611,-9.205611')
    expect(new URL(openStreetMapLegs(lisbon[1]!)[0]!.url).searchParams.get('engine')).toBe('fossgis_osrm_car')
  })

  it('shows one place on either map at its coordinates', () => {
    const maps = placeOnMaps(lisbon[0]!.places[0]!)
    expect(maps.openStreetMap).toBe('https://www.openstreetmap.org/?mlat=38.697859&mlon=-9.206628#map=18/38.697859/-9.206628')
    expect(new URL(maps.googleMaps).searchParams.get('query')).toBe('38.697859,-9.206628')
  })
})

describe('the trip as GPX', () => {
  const gpx = itineraryGpx('Lisbon & Belém', lisbon)

  it('is well-formed GPX 1.1 with its waypoints before its routes, as the schema orders them', () => {
    expect(XMLValidator.validate(gpx)).toBe(true)
    const root = parse(gpx).gpx
    expect(root['@_version']).toBe('1.1')
    expect(root['@_xmlns']).toBe('http://www.topografix.com/GPX/1/1')
    expect(root['@_creator']).toBe('Roam')
    const order = childOrder(gpx, ['gpx'])
    expect(order.lastIndexOf('wpt')).toBeLessThan(order.indexOf('rte'))
    expect(childOrder(gpx, ['gpx', 'wpt'])).toEqual(['time', 'name', 'desc'])
    expect(childOrder(gpx, ['gpx', 'rte'])).toEqual(['name', 'number', 'rtept', 'rtept', 'rtept'])
  })

  it('has one route per day with stops, each stop named and timed as the plan says', () => {
    const root = parse(gpx).gpx
    expect(root.metadata.name).toBe('Lisbon & Belém')
    expect(root.rte.map((route: { name: string }) => route.name)).toEqual(['Day 1: Lisbon', 'Day 2: Lisbon'])
    const belem = root.rte[0].rtept.map((point: Record<string, string>) => [point.name, point['@_lat'], point['@_lon'], point.time])
    expect(belem).toEqual([
      ['1. Jerónimos Monastery', '38.697859', '-9.206628', '2027-07-05T08:30:00.000Z'],
      ['2. Padrão dos Descobrimentos', '38.693611', '-9.205611', '2027-07-05T10:00:00.000Z'],
      ['3. Belém Tower & "Café" <Torre>', '38.691584', '-9.215977', '2027-07-05T12:30:00.000Z'],
    ])
    expect(root.wpt).toHaveLength(5)
    expect(root.wpt[1].desc).toBe('Day 1: Lisbon, 11:00–12:00, 8 min walk from the previous stop')
  })
})

describe('the trip as KML', () => {
  const kml = itineraryKml('Lisbon & Belém', lisbon)

  it('is well-formed KML 2.2, a folder per day with its stops and route', () => {
    expect(XMLValidator.validate(kml)).toBe(true)
    const document = parse(kml).kml
    expect(document['@_xmlns']).toBe('http://www.opengis.net/kml/2.2')
    const folders = document.Document.Folder
    expect(folders.map((folder: { name: string }) => folder.name)).toEqual(['Day 1: Lisbon', 'Day 2: Lisbon'])
    const [first, second, third, route] = folders[0].Placemark
    expect([first.name, second.name, third.name]).toEqual(['1. Jerónimos Monastery', '2. Padrão dos Descobrimentos', '3. Belém Tower & "Café" <Torre>'])
    expect(first.Point.coordinates).toBe('-9.206628,38.697859')
    expect(first.TimeSpan).toEqual({ begin: '2027-07-05T08:30:00.000Z', end: '2027-07-05T09:30:00.000Z' })
    expect(route.LineString.coordinates).toBe('-9.206628,38.697859 -9.205611,38.693611 -9.215977,38.691584')
    // The schema's order in a placemark: name, description, time, then the geometry.
    expect(childOrder(kml, ['kml', 'Document', 'Folder', 'Placemark'])).toEqual(['name', 'description', 'TimeSpan', 'Point'])
  })

  it('leaves the times out of a trip without dates', () => {
    const undated = itineraryKml('Lisbon', [{ ...lisbon[0]!, date: null }])
    expect(undated).not.toContain('TimeSpan')
    expect(itineraryGpx('Lisbon', [{ ...lisbon[0]!, date: null }])).not.toContain('<time>')
  })
})

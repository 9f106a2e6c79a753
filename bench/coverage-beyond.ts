/**
 * `npm run bench:coverage -- --beyond`: the destinations one step past the most visited cities. 152 places
 * travellers go next, chosen for this bench: the region's next most visited cities after the 200 of the
 * reviewed data, famous small towns and national parks' gateways (Toledo, Sintra, Lucerne, Hallstatt,
 * Český Krumlov, Kotor, Petra's Wadi Musa, Udaipur, Varanasi, Huế, Luang Prabang, Kanazawa, Queenstown,
 * Banff, Arequipa ...), typed as a traveller types them, with the country meant. For each, a fresh install's
 * city field must put that country's place first, and a 3-day moderate trip (Tourist Attractions + Cultural
 * & Historical) is planned from London. Per plan it counts the days with fewer than 4 places that are not a
 * day trip (a day the flight fills past 14:00 is counted apart, as a travel day) and, of those, the days
 * under 5 hours of visits (a day at the Jungfraujoch is full with two),
 * names in German, French or Russian spelled out where those are not spoken, non-sights, pairs of visits
 * that are one sight (bench/plan-quality.ts's own reading), and whether the city's first reviewed sight is
 * planned. Prints failures and one JSON line last.
 */
import { Effect } from 'effect'
import { sql } from 'kysely'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { FAMOUS_SOURCE } from '../src/modules/places/sights/famous-sights.ts'
import { foreignLanguageName, notASight, sameSight, type CheckedVisit } from './plan-quality.ts'
import { tripRequest, withPlanningBench } from './plan-support.ts'

export const BEYOND_CITIES: ReadonlyArray<readonly [string, string]> = [
  ...pairs('ES', 'Toledo', 'Cordoba', 'San Sebastian', 'Bilbao', 'Salamanca', 'Segovia', 'Ronda', 'Santiago de Compostela', 'Cadiz', 'Girona'),
  // Lagos alone is Nigeria's largest city, which the city field rightly offers first.
  ...pairs('PT', 'Sintra', 'Coimbra', 'Guimaraes', 'Evora', 'Lagos, Portugal'),
  ...pairs('FR', 'Avignon', 'Carcassonne', 'Colmar', 'Strasbourg', 'Annecy', 'Chamonix'),
  ...pairs('IT', 'Siena', 'Positano', 'Manarola', 'Lucca', 'Assisi', 'Ravenna', 'Matera', 'Palermo', 'Taormina', 'Turin', 'Genoa', 'Como'),
  ...pairs('CH', 'Lucerne', 'Zermatt', 'Interlaken'),
  ...pairs('AT', 'Hallstatt', 'Innsbruck'),
  ...pairs('DE', 'Heidelberg', 'Rothenburg ob der Tauber', 'Nuremberg', 'Bamberg', 'Fussen'),
  ...pairs('BE', 'Ghent', 'Antwerp'),
  ...pairs('NL', 'Giethoorn', 'Delft', 'Utrecht'),
  ...pairs('GB', 'York', 'Cambridge', 'Canterbury', 'Glasgow', 'Inverness', 'Stratford-upon-Avon', 'Belfast'),
  ...pairs('IE', 'Galway', 'Killarney'),
  ...pairs('CZ', 'Cesky Krumlov', 'Karlovy Vary'),
  ...pairs('SK', 'Bratislava'),
  ...pairs('PL', 'Gdansk', 'Wroclaw'),
  ...pairs('UA', 'Lviv'),
  ...pairs('RO', 'Brasov', 'Sibiu'),
  ...pairs('BG', 'Plovdiv'),
  ...pairs('ME', 'Kotor'),
  ...pairs('BA', 'Mostar', 'Sarajevo'),
  ...pairs('MK', 'Ohrid'),
  ...pairs('NO', 'Bergen', 'Tromso'),
  ...pairs('FI', 'Rovaniemi'),
  ...pairs('SE', 'Gothenburg'),
  ...pairs('GR', 'Santorini', 'Chania'),
  ...pairs('JO', 'Petra'),
  ...pairs('MA', 'Chefchaouen', 'Essaouira', 'Tangier'),
  ...pairs('EG', 'Aswan', 'Alexandria'),
  ...pairs('TR', 'Selcuk', 'Pamukkale', 'Fethiye'),
  ...pairs('ZW', 'Victoria Falls'),
  ...pairs('TZ', 'Arusha'),
  ...pairs('NA', 'Swakopmund'),
  ...pairs('ZA', 'Durban'),
  ...pairs('RW', 'Kigali'),
  ...pairs('GH', 'Accra'),
  ...pairs('SN', 'Dakar'),
  ...pairs('ET', 'Addis Ababa'),
  ...pairs('LB', 'Beirut'),
  ...pairs('IL', 'Haifa'),
  ...pairs('IN', 'Udaipur', 'Varanasi', 'Jodhpur', 'Jaisalmer', 'Amritsar', 'Hampi', 'Goa', 'Kochi', 'Mysore', 'Rishikesh'),
  ...pairs('NP', 'Pokhara'),
  ...pairs('LK', 'Kandy', 'Galle'),
  ...pairs('LA', 'Luang Prabang', 'Vientiane'),
  ...pairs('VN', 'Hue'),
  ...pairs('ID', 'Yogyakarta', 'Ubud'),
  ...pairs('MM', 'Bagan'),
  ...pairs('JP', 'Kanazawa', 'Nikko', 'Hakone', 'Takayama', 'Kamakura', 'Nagoya'),
  ...pairs('KR', 'Gyeongju'),
  ...pairs('CN', 'Guilin', 'Yangshuo', 'Suzhou', 'Lijiang', 'Zhangjiajie', 'Pingyao'),
  ...pairs('TW', 'Kaohsiung'),
  ...pairs('NZ', 'Queenstown', 'Rotorua'),
  ...pairs('AU', 'Cairns', 'Hobart', 'Perth'),
  ...pairs('US', 'Sedona', 'Moab', 'Santa Fe', 'Key West', 'St. Augustine'),
  ...pairs('CA', 'Banff'),
  ...pairs('MX', 'Tulum', 'San Miguel de Allende', 'Merida'),
  ...pairs('GT', 'Antigua Guatemala'),
  ...pairs('PE', 'Arequipa'),
  ...pairs('AR', 'Ushuaia', 'Mendoza', 'Bariloche', 'Salta'),
  ...pairs('CL', 'Valparaiso'),
  ...pairs('BR', 'Ouro Preto', 'Paraty'),
  ...pairs('CU', 'Trinidad'),
]

function pairs(country: string, ...typed: string[]): Array<readonly [string, string]> {
  return typed.map((name) => [name, country] as const)
}

const DAYS = 3
const THEMES = ['tourist-attractions', 'cultural-historical']
const FULL_DAY = 4
/** The hours of visits that make a day full whatever its number of places. */
const FULL_DAY_HOURS = 5
/** The hour of arrival from which the rest of the day is the journey's. */
const TRAVEL_DAY_ARRIVAL = 14

export async function coverBeyond(): Promise<void> {
  await withPlanningBench(async ({ db, places, generate }) => {
    const problems: string[] = []
    const rows: Array<Record<string, unknown>> = []
    for (const [typed, country] of BEYOND_CITIES) {
      const [first] = await Effect.runPromise(places.autocompleteCities(typed))
      const city = first ? cityIndex().resolve(first.description) : undefined
      if (!city || city.countryCode !== country) {
        problems.push(`not found: ${typed} (${country}): first suggestion ${first?.description ?? 'none'}`)
        rows.push({ city: typed, found: false })
        continue
      }
      const result = await generate(tripRequest(first!.description, DAYS, THEMES))
      if (!result.ok) {
        problems.push(`refused: ${typed}: ${result.error.split('\n')[0]}`)
        rows.push({ city: typed, found: true, planned: false })
        continue
      }
      const days = result.value.itinerary
      // A day the journey from London takes past 14:00 (a long-haul flight) is a travel day, not a thin one.
      const travelDays = days.filter((day) => (day.arrives_at ?? 0) >= TRAVEL_DAY_ARRIVAL).length
      const thin = days.filter(
        (day) => !day.day_trip && (day.arrives_at ?? 0) < TRAVEL_DAY_ARRIVAL && new Set(day.places.map((place) => place.id)).size < FULL_DAY,
      )
      const thinDays = thin.length
      // A thin day of long visits (the Jungfraujoch, the Gornergrat) is a full day all the same.
      const shortDays = thin.filter((day) => day.places.reduce((sum, place) => sum + place.visit_duration, 0) < FULL_DAY_HOURS).length
      const ids = days.flatMap((day) => day.places.map((place) => place.id))
      const names = await namesOf(db, ids)
      const visits = days.flatMap((day) =>
        day.places.map((place): CheckedVisit => ({
          id: place.id,
          shown: place.name,
          names: [...new Set([place.name, ...(names.get(place.id)?.names ?? [])])],
          written: names.get(place.id)?.written ?? [],
          kind: place.categories[0] ?? '',
          city: day.city,
          country,
          latitude: place.latitude,
          longitude: place.longitude,
          linked: names.get(place.id)?.linked ?? [],
        })),
      )
      const foreign = visits.flatMap((visit) => {
        const language = foreignLanguageName(visit)
        return language ? [`${visit.shown} (${language})`] : []
      })
      const nonSights = visits.filter(notASight).map((visit) => visit.shown)
      const twice: string[] = []
      for (let i = 0; i < visits.length; i++)
        for (let j = i + 1; j < visits.length; j++) {
          const why = sameSight(visits[i]!, visits[j]!)
          if (why) twice.push(`${visits[i]!.shown} / ${visits[j]!.shown} (${why})`)
        }
      const famous = await db
        .selectFrom('attractions')
        .select(['id', 'name'])
        .where('city_id', '=', city.id)
        .where('source', '=', FAMOUS_SOURCE)
        .orderBy('popularity', 'desc')
        .limit(1)
        .executeTakeFirst()
      const famousPlanned = famous ? ids.includes(famous.id) : undefined
      if (thinDays > 0)
        problems.push(
          `thin: ${typed}: ${thinDays} of ${DAYS} days with fewer than ${FULL_DAY} places and no day trip (${shortDays} under ${FULL_DAY_HOURS} h of visits)`,
        )
      for (const line of foreign) problems.push(`foreign language: ${typed}: ${line}`)
      for (const line of nonSights) problems.push(`not a sight: ${typed}: ${line}`)
      for (const line of twice) problems.push(`same sight: ${typed}: ${line}`)
      if (famousPlanned === false) problems.push(`famous sight left out: ${typed}: ${famous!.name}`)
      if (!famous) problems.push(`no reviewed sights: ${typed}`)
      rows.push({
        city: typed,
        found: true,
        planned: true,
        thinDays,
        shortDays,
        travelDays,
        foreign: foreign.length,
        nonSights: nonSights.length,
        twice: twice.length,
        famousPlanned,
      })
    }
    for (const line of problems) console.log(line)
    const planned = rows.filter((row) => row.planned)
    const count = (key: string) => planned.reduce((sum, row) => sum + Number(row[key] ?? 0), 0)
    console.log(
      JSON.stringify({
        destinations: BEYOND_CITIES.length,
        foundWithIntendedCountryFirst: rows.filter((row) => row.found).length,
        planned: planned.length,
        everyDayFourPlacesOrDayTrip: planned.filter((row) => row.thinDays === 0).length,
        thinDays: count('thinDays'),
        shortDays: count('shortDays'),
        everyDayFourPlacesOrFiveHoursOrDayTrip: planned.filter((row) => row.shortDays === 0).length,
        travelDays: count('travelDays'),
        foreignLanguageNames: count('foreign'),
        nonSightsPlanned: count('nonSights'),
        sameSightPairs: count('twice'),
        withReviewedSights: planned.filter((row) => row.famousPlanned !== undefined).length,
        famousFirstPlanned: planned.filter((row) => row.famousPlanned === true).length,
        provider: places.name,
      }),
    )
  })
}

/** Every name of the catalog rows behind each place, those written in a language other than Russian, and its reviewed links. */
async function namesOf(db: Parameters<Parameters<typeof withPlanningBench>[0]>[0]['db'], ids: readonly string[]) {
  const found = new Map<string, { names: string[]; written: string[]; linked: string[] }>()
  if (ids.length === 0) return found
  const rows = await sql<{ owner: string; name: string; names: Record<string, string>; name_latin: string | null; together: string[] | null }>`
    SELECT coalesce(merged_into, id) AS owner, name, names, name_latin, together FROM attractions
    WHERE id = ANY(${[...ids]}::text[]) OR merged_into = ANY(${[...ids]}::text[])`.execute(db)
  for (const row of rows.rows) {
    const entry = found.get(row.owner) ?? { names: [], written: [], linked: [] }
    entry.names.push(row.name, ...Object.values(row.names), ...(row.name_latin ? [row.name_latin] : []))
    entry.written.push(...Object.entries(row.names).flatMap(([language, text]) => (language === 'ru' ? [] : [text])))
    entry.linked.push(...(row.together ?? []))
    found.set(row.owner, entry)
  }
  return found
}

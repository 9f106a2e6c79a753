/**
 * `npm run bench:coverage`: whether the cities travellers pick get plans. For 100 of the world's most
 * visited city destinations, as typed by a traveller, a fresh install's city field must find the city (its
 * first suggestion in the right country) and a 4-day moderate trip (Tourist Attractions + Cultural &
 * Historical) must be planned without refusal. Per city it reports the days with at least 4 distinct
 * places, the day trips used and the free-time days, and whether the catalog holds 16 plannable places
 * within a day trip (where every day should then hold 4). `thinWhereCatalogHasEnough` counts the cities
 * with a day of fewer than 4 places; `shortWhereCatalogHasEnough` only those whose short day is not filled
 * by long visits either (6 hours: a theme park, Pompeii and Herculaneum, the Hermitage and more).
 *
 * The list: the cities of Euromonitor International's "Top 100 City Destinations" index (2023 and 2024
 * editions, international arrivals), written as travellers spell them; where the index names a place the
 * city list does not hold as a city (Punta Cana, Sharm el-Sheikh, Antalya's resorts) it is left out, and
 * destinations named in the index's regional tables take the places (Agra, Jaipur, Cape Town, New
 * Orleans, Cusco, Marrakesh, Seville). Prints failures and one JSON line last.
 */
import { Effect } from 'effect'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { distanceKm } from '../src/modules/places/domain.ts'
import { DAY_TRIP_KM } from '../src/modules/places/provider.ts'
import { isVisitable } from '../src/modules/places/visiting.ts'
import { coverBeyond } from './coverage-beyond.ts'
import { hoursViolations, round, tripRequest, withPlanningBench } from './plan-support.ts'

export const COVERAGE_CITIES: ReadonlyArray<readonly [string, string]> = [
  ['Istanbul', 'TR'],
  ['London', 'GB'],
  ['Dubai', 'AE'],
  ['Antalya', 'TR'],
  ['Paris', 'FR'],
  ['Hong Kong', 'HK'],
  ['Bangkok', 'TH'],
  ['New York', 'US'],
  ['Cancun', 'MX'],
  ['Mecca', 'SA'],
  ['Macau', 'MO'],
  ['Rome', 'IT'],
  ['Singapore', 'SG'],
  ['Kuala Lumpur', 'MY'],
  ['Barcelona', 'ES'],
  ['Amsterdam', 'NL'],
  ['Milan', 'IT'],
  ['Tokyo', 'JP'],
  ['Riyadh', 'SA'],
  ['Phuket', 'TH'],
  ['Prague', 'CZ'],
  ['Osaka', 'JP'],
  ['Madrid', 'ES'],
  ['Seoul', 'KR'],
  ['Los Angeles', 'US'],
  ['Pattaya', 'TH'],
  ['Vienna', 'AT'],
  ['Berlin', 'DE'],
  ['Athens', 'GR'],
  ['Venice', 'IT'],
  ['Orlando', 'US'],
  ['Miami', 'US'],
  ['Dublin', 'IE'],
  ['Munich', 'DE'],
  ['Florence', 'IT'],
  ['Lisbon', 'PT'],
  ['Budapest', 'HU'],
  ['Taipei', 'TW'],
  ['Las Vegas', 'US'],
  ['Johor Bahru', 'MY'],
  ['Delhi', 'IN'],
  ['Mumbai', 'IN'],
  ['Bali', 'ID'],
  ['Cairo', 'EG'],
  ['Marrakesh', 'MA'],
  ['Mexico City', 'MX'],
  ['Toronto', 'CA'],
  ['Vancouver', 'CA'],
  ['Honolulu', 'US'],
  ['San Francisco', 'US'],
  ['Sydney', 'AU'],
  ['Melbourne', 'AU'],
  ['Auckland', 'NZ'],
  ['Ho Chi Minh City', 'VN'],
  ['Hanoi', 'VN'],
  ['Ha Long', 'VN'],
  ['Phnom Penh', 'KH'],
  ['Siem Reap', 'KH'],
  ['Jerusalem', 'IL'],
  ['Tel Aviv', 'IL'],
  ['Doha', 'QA'],
  ['Abu Dhabi', 'AE'],
  ['Copenhagen', 'DK'],
  ['Stockholm', 'SE'],
  ['Brussels', 'BE'],
  ['Edinburgh', 'GB'],
  ['Frankfurt', 'DE'],
  ['Nice', 'FR'],
  ['Naples', 'IT'],
  ['Porto', 'PT'],
  ['Seville', 'ES'],
  ['Valencia', 'ES'],
  ['Palma', 'ES'],
  ['Krakow', 'PL'],
  ['Warsaw', 'PL'],
  ['Heraklion', 'GR'],
  ['Rhodes', 'GR'],
  ['New Orleans', 'US'],
  ['Moscow', 'RU'],
  ['Saint Petersburg', 'RU'],
  ['Dubrovnik', 'HR'],
  ['Split', 'HR'],
  ['Tbilisi', 'GE'],
  ['Baku', 'AZ'],
  ['Chiang Mai', 'TH'],
  ['Krabi', 'TH'],
  ['Guangzhou', 'CN'],
  ['Shanghai', 'CN'],
  ['Beijing', 'CN'],
  ['Shenzhen', 'CN'],
  ['Kyoto', 'JP'],
  ['Cape Town', 'ZA'],
  ['Agra', 'IN'],
  ['Busan', 'KR'],
  ['Jaipur', 'IN'],
  ['Rio de Janeiro', 'BR'],
  ['Buenos Aires', 'AR'],
  ['Lima', 'PE'],
  ['Cusco', 'PE'],
]

const DAYS = 4
const THEMES = ['tourist-attractions', 'cultural-historical']
const FULL_DAY = 4
/** A day of fewer places is still a full one when its visits take this many hours (a theme park, Pompeii and Herculaneum). */
const FULL_DAY_HOURS = 6

// `--beyond`: the second list (bench/coverage-beyond.ts).
if (process.argv.includes('--beyond')) await coverBeyond()
else
  await withPlanningBench(async ({ places, generate }) => {
    const rows: Array<Record<string, unknown>> = []
    const notFound: string[] = []
    const refused: string[] = []
    const thin: string[] = []
    const short: string[] = []
    const outsideHours: string[] = []
    for (const [typed, country] of COVERAGE_CITIES) {
      const [first] = await Effect.runPromise(places.autocompleteCities(typed))
      const city = first ? cityIndex().resolve(first.description) : undefined
      if (!city || city.countryCode !== country) {
        notFound.push(`${typed} (${country}): first suggestion ${first?.description ?? 'none'}`)
        rows.push({ city: typed, found: false })
        continue
      }
      const own = (await Effect.runPromise(places.attractionsIn(city))).filter((place) => place.reviewed || isVisitable(place)).length
      const towns = await Effect.runPromise(places.dayTripTowns(city))
      const withinReach = own + towns.filter(({ town }) => distanceKm(city, town) <= DAY_TRIP_KM).reduce((sum, town) => sum + town.attractions.length, 0)
      const result = await generate(tripRequest(first!.description, DAYS, THEMES))
      if (!result.ok) {
        refused.push(`${typed}: ${result.error.split('\n')[0]}`)
        rows.push({ city: typed, found: true, planned: false })
        continue
      }
      const days = result.value.itinerary
      outsideHours.push(...hoursViolations(days))
      const fullDays = days.filter((day) => new Set(day.places.map((place) => place.id)).size >= FULL_DAY).length
      const dayTrips = days.filter((day) => day.day_trip).length
      const freeDays = days.filter((day) => day.free_time).length
      const filledDays = days.filter(
        (day) =>
          new Set(day.places.map((place) => place.id)).size >= FULL_DAY || day.places.reduce((sum, place) => sum + place.visit_duration, 0) >= FULL_DAY_HOURS,
      ).length
      if (withinReach >= DAYS * FULL_DAY && fullDays < DAYS)
        thin.push(`${typed}: ${fullDays} of ${DAYS} days with ${FULL_DAY}+ places (${withinReach} places within reach)`)
      if (withinReach >= DAYS * FULL_DAY && filledDays < DAYS)
        short.push(
          `${typed}: ${filledDays} of ${DAYS} days with ${FULL_DAY}+ places or ${FULL_DAY_HOURS}+ hours of visits (${withinReach} places within reach)`,
        )
      rows.push({ city: typed, found: true, planned: true, places: own, withinReach, fullDays, dayTrips, freeDays })
    }
    for (const line of notFound) console.log(`not found: ${line}`)
    for (const line of refused) console.log(`refused: ${line}`)
    for (const line of thin) console.log(`thin: ${line}`)
    for (const line of short) console.log(`short: ${line}`)
    for (const line of outsideHours) console.log(`outside opening hours: ${line}`)
    for (const row of rows) console.log(JSON.stringify(row))
    const planned = rows.filter((row) => row.planned)
    console.log(
      JSON.stringify({
        cities: COVERAGE_CITIES.length,
        found: COVERAGE_CITIES.length - notFound.length,
        planned: planned.length,
        refused: refused.length,
        citiesWithEveryDayFull: planned.filter((row) => row.fullDays === DAYS).length,
        thinWhereCatalogHasEnough: thin.length,
        shortWhereCatalogHasEnough: short.length,
        dayTripsUsed: planned.reduce((sum, row) => sum + (row.dayTrips as number), 0),
        freeTimeDays: planned.reduce((sum, row) => sum + (row.freeDays as number), 0),
        provider: places.name,
        openingHoursViolations: outsideHours.length,
        meanFullDayShare: round(planned.reduce((sum, row) => sum + (row.fullDays as number), 0) / Math.max(1, planned.length * DAYS)),
      }),
    )
  })

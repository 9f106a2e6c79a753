/**
 * `npm run bench:plans [-- --import <file> ...]`: the quality of the plans a traveller gets. A fresh
 * install is started the way `npm start` starts it (its first-start places catalog), further catalogs are
 * imported as an operator would (`--import`, in order), and then 3-day moderate trips are planned for the
 * 20 cities with the most places of the large catalog, for three theme sets (60 plans), through the
 * generation endpoint's own code.
 *
 * Prints failures and a JSON summary line last:
 * - `sameSightPairs`: pairs of visits of one plan that are the same sight (names and distance, checked by
 *   bench/plan-quality.ts, not by the places module);
 * - `foreignScriptNames`: shown names in a script that is neither Latin nor the country's own;
 * - `repeatedOnceADayDays`: days with two baths/spas, two theme parks or two zoos/aquariums;
 * - `englishNameNotShown`: visits shown under another name though a record behind them has an English one
 *   (an English name phrased as an activity, "Wat Po Massage", is passed over on purpose);
 * - `foreignLanguageNames`: shown names with German or French generic words outside those languages' areas,
 *   or Russian spelled out in Latin letters outside Russian-speaking countries;
 * - `daytimeSightsAtNight`, `eveningPlacesByDay`: daytime sights starting at 20:00 or later, nightlife and
 *   shows starting before 17:00;
 * - `kindsRepeatedInTrip`: trips with more than two baths, theme parks, zoos or wine cellars;
 * - `nonSightsPlanned`: playgrounds, schools, offices, convention halls, cinemas and events planned;
 * - `pairsUnder150mOnOtherDays`, `pairsUnder400mOnOtherDays`: planned places that close together on different days
 *   of one trip; `meanRouteRatio`, `worstRouteRatio`: each day's route against its shortest order;
 *   `walkedLegShare`; `oneKmLegMinutes`: the fewest and the mean minutes shown for legs of about 1 km;
 *   `longDaysWithoutLunch`: days out from before noon to after 14:30 with no lunch break; `outdoorVisitsAfterSunset`
 *   (bench/day-walkability.ts);
 * - `meanVisitsPerDay`, `meanTravelShare` (travel minutes / minutes from the first visit's start to the
 *   last one's end, per day), `meanPopularity` (the catalog's own popularity value of each chosen place).
 */
import { Effect } from 'effect'
import { sql } from 'kysely'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateItinerary } from '../src/modules/itinerary/planner/generate.ts'
import { PlannerPool } from '../src/modules/itinerary/planner/planner-pool.ts'
import type { ItineraryDay } from '../src/modules/itinerary/planner/assemble.ts'
import { walkability } from './day-walkability.ts'
import { benchPlaces, hoursViolations } from './plan-support.ts'
import { option } from './support.ts'
import { cityIndex } from '../src/modules/places/cities/cities.ts'
import { preparePlaces } from '../src/modules/places/import/first-start.ts'
import { importCatalogFile } from '../src/modules/places/import/importer.ts'
import { PlacesProvider } from '../src/modules/places/provider.ts'
import { connect } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import {
  daytimeAtNight,
  eveningAtNoon,
  foreignLanguageName,
  foreignScript,
  notASight,
  repeatedKindsInTrip,
  repeatedOnceADay,
  sameSight,
  type CheckedVisit,
} from './plan-quality.ts'

const THEME_SETS = [
  ['tourist-attractions', 'cultural-historical'],
  ['family-kid-friendly', 'nature-outdoors'],
  ['relax-wellness', 'nightlife-entertainment'],
] as const
const CITIES = 20
const DEMO_SOURCE = 'roam-demo'

const args = process.argv.slice(2)
/**
 * `--cities "Paris; Rome; ..."`: plan these destinations instead of the catalog's 20 largest;
 * `--themes tourist-attractions,cultural-historical`: only this theme set; `--start-in-days 40`: trips that
 * start this many days from today instead of on 1 June 2027. Together they are the walkable-days issue's check.
 */
const namedCities = option(args, 'cities')
  ?.split(';')
  .map((name) => name.trim())
  .filter(Boolean)
const onlyThemes = option(args, 'themes')?.split(',')
const startInDays = option(args, 'start-in-days')
/** `--days N`: trips of N days instead of 3. */
const tripDays = Number(option(args, 'days') ?? 3)
/** `--plans-out FILE`: every plan's days and visits as JSON lines, to compare two versions' plans with diff. */
const plansOut = option(args, 'plans-out')
const imports = args.flatMap((arg, i) =>
  arg === '--import' && args[i + 1] ? [path.resolve(args[i + 1]!)] : arg.startsWith('--import=') ? [path.resolve(arg.slice(9))] : [],
)

interface CatalogFacts {
  readonly names: string[]
  /** The names sources wrote other than in Russian (no machine transliteration). */
  readonly written: string[]
  readonly english: string[]
  readonly popularity: number
  readonly country: string
  /** The sights the reviewed data links to this one. */
  readonly linked: string[]
}

const round = (value: number, digits = 3) => Number(value.toFixed(digits))

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-plans-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 4 })
  const db = database.db
  try {
    await migrateToLatest(db)
    const firstStart = performance.now()
    await preparePlaces(db, (line) => console.log(line))
    console.log(`first start prepared the places in ${Math.round(performance.now() - firstStart)} ms`)
    for (const file of imports) {
      const summary = await importCatalogFile(db, file)
      console.log(`imported ${file}: ${JSON.stringify(summary)}`)
    }

    const cities = namedCities
      ? {
          rows: namedCities.map((name) => {
            const city = cityIndex().resolve(name)
            if (!city) throw new Error(`no city called ${name}`)
            return { city_id: city.id }
          }),
        }
      : await sql<{ city_id: string }>`
          SELECT city_id FROM attractions WHERE source <> ${DEMO_SOURCE}
          GROUP BY city_id ORDER BY count(*) DESC, city_id LIMIT ${CITIES}`.execute(db)
    const themeSets = onlyThemes ? [onlyThemes] : THEME_SETS
    const startDate = startInDays ? new Date(Date.now() + Number(startInDays) * 86_400_000) : new Date('2027-06-01')
    const isoDay = (date: Date) => date.toISOString().slice(0, 10)
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name = 'attractions'`.execute(db)
    const hasMerges = columns.rows.some((row) => row.column_name === 'merged_into')
    const hasLinks = columns.rows.some((row) => row.column_name === 'together')

    /** What the catalog rows behind a place say: every name of the row and of rows merged into it, and its popularity. */
    const facts = new Map<string, CatalogFacts>()
    const rows = await sql<{
      id: string
      owner: string
      name: string
      names: Record<string, string>
      name_latin: string | null
      popularity: number
      country: string
      together: string[] | null
    }>`
      SELECT id, ${hasMerges ? sql`coalesce(merged_into, id)` : sql`id`} AS owner, name, names, name_latin, popularity, country,
        ${hasLinks ? sql`together` : sql`NULL`} AS together
      FROM attractions WHERE city_id IN (${sql.join(cities.rows.map((row) => row.city_id))})`.execute(db)
    for (const row of rows.rows) {
      const entry = facts.get(row.owner) ?? { names: [], written: [], english: [], popularity: 0, country: row.country, linked: [] }
      entry.names.push(row.name, ...Object.values(row.names), ...(row.name_latin ? [row.name_latin] : []))
      entry.written.push(...Object.entries(row.names).flatMap(([language, text]) => (language === 'ru' ? [] : [text])))
      if (row.names.en) entry.english.push(row.names.en)
      entry.linked.push(...(row.together ?? []))
      if (row.owner === row.id) facts.set(row.owner, { ...entry, popularity: row.popularity })
      else facts.set(row.owner, entry)
    }

    const { places, catalogIdOf, close } = await benchPlaces(db)
    const outsideHours: string[] = []
    let plans = 0
    let failures = 0
    const days: CheckedVisit[][] = []
    const travelShares: number[] = []
    const popularity: number[] = []
    const pairs: string[] = []
    const foreign: string[] = []
    const repeated: string[] = []
    const notEnglish: string[] = []
    const foreignLanguage: string[] = []
    const atNight: string[] = []
    const atNoon: string[] = []
    const repeatedInTrip: string[] = []
    const nonSights: string[] = []
    const apart150: string[] = []
    const apart400: string[] = []
    const routeRatios: number[] = []
    const longRoutes: string[] = []
    let walkedLegs = 0
    let legs = 0
    const oneKmMinutes: number[] = []
    let withoutLunch = 0
    const afterSunset: string[] = []
    const planLines: string[] = []
    const started = performance.now()
    for (const { city_id } of cities.rows) {
      const description = cityIndex().describe(cityIndex().byId(city_id)!)
      for (const themes of themeSets) {
        const request = {
          origin_city: 'London',
          destinations: [description],
          trip_types: [...themes],
          pace: 'moderate',
          start_date: isoDay(startDate),
          end_date: isoDay(new Date(startDate.getTime() + (tripDays - 1) * 86_400_000)),
        }
        const exit = await Effect.runPromiseExit(
          generateItinerary(request).pipe(Effect.provideService(PlacesProvider, places), Effect.provide(PlannerPool.inProcess)),
        )
        if (exit._tag === 'Failure') {
          failures++
          console.log(`failed: ${description} ${themes.join('+')}: ${String(exit.cause)}`)
          continue
        }
        plans++
        const itinerary: readonly ItineraryDay[] = exit.value.itinerary
        if (plansOut)
          planLines.push(
            JSON.stringify({
              city: description,
              themes,
              days: itinerary.map((day) => ({
                city: day.city,
                date: day.date,
                visits: day.places.map((place) => [place.name, place.start_time, place.visit_duration, place.travel_time_from_previous]),
              })),
            }),
          )
        outsideHours.push(...hoursViolations(itinerary))
        const walked = walkability(itinerary)
        apart150.push(...walked.apart150.map((line) => `${line} (${themes.join('+')})`))
        apart400.push(...walked.apart400)
        routeRatios.push(...walked.routeRatios)
        longRoutes.push(...walked.longRoutes)
        walkedLegs += walked.walkedLegs
        legs += walked.legs
        oneKmMinutes.push(...walked.oneKmMinutes)
        withoutLunch += walked.withoutLunch.length
        afterSunset.push(...walked.afterSunset)
        const planVisits: CheckedVisit[] = []
        for (const day of itinerary) {
          const visits = day.places.map((place): CheckedVisit => {
            const known = facts.get(catalogIdOf(place.id))
            popularity.push(known?.popularity ?? 0)
            if (known && known.english.length > 0 && !known.english.includes(place.name))
              notEnglish.push(`${day.city}: "${place.name}" (English: ${known.english.join(' / ')})`)
            return {
              id: place.id,
              shown: place.name,
              names: [...new Set([place.name, ...(known?.names ?? [])])],
              written: known?.written ?? [],
              kind: place.categories[0] ?? '',
              city: day.city,
              country: known?.country ?? '',
              latitude: place.latitude,
              longitude: place.longitude,
              linked: known?.linked ?? [],
            }
          })
          days.push(visits)
          planVisits.push(...visits)
          for (const [k, place] of day.places.entries()) {
            const kind = visits[k]!.kind
            if (daytimeAtNight(kind, place.start_time)) atNight.push(`${day.city} day ${day.day}: ${place.name} (${kind}) at ${place.start_time} h`)
            if (eveningAtNoon(kind, place.start_time)) atNoon.push(`${day.city} day ${day.day}: ${place.name} (${kind}) at ${place.start_time} h`)
          }
          for (const group of repeatedOnceADay(visits)) repeated.push(`${day.city} day ${day.day} (${themes.join('+')}): two ${group}`)
          const first = day.places[0]
          const last = day.places.at(-1)
          if (first && last) {
            const span = (last.start_time + last.visit_duration - first.start_time) * 60
            const travel = day.places.reduce((sum, place) => sum + place.travel_time_from_previous, 0)
            travelShares.push(span > 0 ? travel / span : 0)
          }
        }
        for (const visit of planVisits) if (foreignScript(visit)) foreign.push(`${itinerary[0]!.city}: ${visit.shown}`)
        for (const visit of planVisits) {
          const language = foreignLanguageName(visit)
          if (language) foreignLanguage.push(`${itinerary[0]!.city}: ${visit.shown} (${language})`)
          if (notASight(visit)) nonSights.push(`${itinerary[0]!.city}: ${visit.shown}`)
        }
        for (const repeat of repeatedKindsInTrip(planVisits)) repeatedInTrip.push(`${itinerary[0]!.city} (${themes.join('+')}): ${repeat}`)
        for (let i = 0; i < planVisits.length; i++) {
          for (let j = i + 1; j < planVisits.length; j++) {
            const why = sameSight(planVisits[i]!, planVisits[j]!)
            if (why) pairs.push(`${itinerary[0]!.city} (${themes.join('+')}): "${planVisits[i]!.shown}" / "${planVisits[j]!.shown}" (${why})`)
          }
        }
      }
    }
    const planningMs = performance.now() - started
    if (plansOut) fs.writeFileSync(plansOut, planLines.join('\n') + '\n')
    for (const line of pairs) console.log(`same sight: ${line}`)
    for (const line of foreign) console.log(`foreign script: ${line}`)
    for (const line of repeated) console.log(`repeated: ${line}`)
    for (const line of notEnglish) console.log(`not English: ${line}`)
    for (const line of foreignLanguage) console.log(`foreign language: ${line}`)
    for (const line of atNight) console.log(`daytime sight at night: ${line}`)
    for (const line of atNoon) console.log(`evening place by day: ${line}`)
    for (const line of repeatedInTrip) console.log(`repeated in a trip: ${line}`)
    for (const line of nonSights) console.log(`not a sight: ${line}`)
    for (const line of outsideHours) console.log(`outside opening hours: ${line}`)
    for (const line of apart150) console.log(`under 150 m, on other days: ${line}`)
    for (const line of afterSunset) console.log(`outdoors after sunset: ${line}`)
    const byCity = Object.entries(Object.groupBy(apart400, (city) => city)).sort((a, b) => b[1]!.length - a[1]!.length)
    console.log(`under 400 m, on other days, by city: ${byCity.map(([city, pairs]) => `${city} ${pairs!.length}`).join(', ')}`)
    for (const line of longRoutes) console.log(`route over 1.25 × its shortest order: ${line}`)
    await close()
    const visits = days.reduce((sum, day) => sum + day.length, 0)
    const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length)
    console.log(
      JSON.stringify({
        cities: cities.rows.length,
        plans,
        failures,
        visits,
        sameSightPairs: pairs.length,
        foreignScriptNames: foreign.length,
        repeatedOnceADayDays: repeated.length,
        englishNameNotShown: notEnglish.length,
        foreignLanguageNames: foreignLanguage.length,
        daytimeSightsAtNight: atNight.length,
        eveningPlacesByDay: atNoon.length,
        kindsRepeatedInTrip: repeatedInTrip.length,
        nonSightsPlanned: nonSights.length,
        provider: places.name,
        openingHoursViolations: outsideHours.length,
        pairsUnder150mOnOtherDays: apart150.length,
        pairsUnder400mOnOtherDays: apart400.length,
        meanRouteRatio: round(mean(routeRatios)),
        worstRouteRatio: round(Math.max(1, ...routeRatios)),
        walkedLegShare: round(walkedLegs / Math.max(1, legs)),
        oneKmLegMinutes: { fewest: Math.min(...oneKmMinutes), mean: round(mean(oneKmMinutes), 1) },
        longDaysWithoutLunch: withoutLunch,
        outdoorVisitsAfterSunset: afterSunset.length,
        meanVisitsPerDay: round(visits / Math.max(1, days.length), 2),
        meanTravelShare: round(mean(travelShares)),
        meanPopularity: round(mean(popularity)),
        meanPlanMs: Math.round(planningMs / Math.max(1, plans + failures)),
      }),
    )
  } finally {
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

import { Effect, Option } from 'effect'
import { distanceKm, type Attraction, type City } from '../../places/domain.ts'
import { PlacesProvider } from '../../places/provider.ts'
import { SIGHT_REACH_KM } from '../../places/sights/famous-sights.ts'
import { otherSights } from '../../places/sights/same-sight.ts'
import { isVisitable } from '../../places/visiting.ts'
import { assembleItinerary, type CityDay, type ItineraryDay } from './assemble.ts'
import { InvalidTrip } from './errors.ts'
import { arrivalText, arrivalTime, journeyOver, moveText } from './journey.ts'
import { rideMinutes } from './legs.ts'
import { PACE_SETTINGS, type Pace } from './pace.ts'
import { PlannerPool } from './planner-pool.ts'
import type { DayPlan, LockedVisit } from './plan-city.ts'
import { holdsReviewedSight, isFirstVisitSight, isCompact, keepsFirstVisitSights, TRADE_FROM_DAYS } from './day-trip-trade.ts'
import { cityDaysFor, freeTimeNotice, freeTimeReason, minimumPlacesPerDay } from './rules.ts'
import { hasTimeFor } from './time-of-day.ts'
import { cityName, dateAfter, validateTrip, type Stay, type TripRequest } from './trip.ts'

/** How far from its city a place to stay may be: as far as the city's own sights reach. */
const STAY_REACH_KM = SIGHT_REACH_KM
import type { Theme } from '../../places/domain.ts'

export interface GeneratedItinerary {
  readonly itinerary: readonly ItineraryDay[]
  /** The split that was used, keyed by destination (spec §3 Trip request's daysPerCity). */
  readonly daysPerCity: Readonly<Record<string, number>>
  /** What the traveller should know about the plan: days left as free time, and why. */
  readonly notices: readonly string[]
}

/** What a re-plan keeps of a destination's current days (replan.ts); a generation has none of it. */
export interface PlanAround {
  /** Locked visits, by the destination's day (0 = its first day). */
  readonly locked: readonly LockedVisit[]
  /** Places the traveller deleted from this trip. */
  readonly excluded: readonly string[]
  /** The current place ids of each of the destination's days. */
  readonly previous: readonly (readonly string[])[]
  /** The destination's days that are day trips now, by day, with their locks (day 0) and places. */
  readonly dayTrips?: readonly KeptDayTrip[]
  /** Plan only the current places and the locks: a copied trip keeps its places and gets no new ones. */
  readonly only?: boolean
}

export interface KeptDayTrip {
  readonly day: number
  readonly town: string
  readonly locked: readonly LockedVisit[]
  readonly previous: readonly string[]
}

const NOTHING_AROUND: PlanAround = { locked: [], excluded: [], previous: [] }

/**
 * A city's planned days with the empty ones at the end left for day trips (but not before `keep`, the days a
 * re-plan holds locked visits on); an empty day between planned ones stays where it is, since each day was
 * planned for its own date's opening hours.
 */
const withoutTrailingEmptyDays = (days: readonly DayPlan[], keep: number) => {
  let end = days.length
  while (end > keep && days[end - 1]!.visits.length === 0) end--
  return days.slice(0, end)
}

/** The places a trip with these themes can visit: sights, and evening places only when it has evenings. */
const plannable = (attractions: readonly Attraction[], themes: readonly Theme[]) =>
  attractions.filter((place) => (place.reviewed || isVisitable(place)) && hasTimeFor(place, themes)).length

/**
 * A destination's days, never refused: as many days in the city as its own places fill well at this pace,
 * then day trips to the towns within reach that have places enough for a day (best first, one day each),
 * then free time with its reason.
 */
const planDestination = (city: City, dates: readonly string[], pace: Pace, themes: readonly Theme[], around: PlanAround, arrival?: Arrival, stay?: Stay) =>
  Effect.gen(function* () {
    const base = stay && { latitude: stay.latitude, longitude: stay.longitude }
    // The journey there takes the start of the first day, whatever is planned on it.
    const onFirstDay = (from: number) => (arrival && from === 0 ? { arrivesAt: arrival.at } : {})
    const places = yield* PlacesProvider
    const planner = yield* PlannerPool
    const settings = PACE_SETTINGS[pace]
    const days = dates.length
    const { attractions, notice } = places.attractionsWithNotice
      ? yield* places.attractionsWithNotice(city)
      : { attractions: yield* places.attractionsIn(city), notice: undefined }
    const own = plannable(attractions, themes)
    // A re-plan keeps the city's days up to its last locked visit, whatever the catalog would fill.
    const lockedDays = Math.min(days, Math.max(0, ...around.locked.map((visit) => visit.day + 1)))
    const cityDays = Math.max(lockedDays, Math.min(days, cityDaysFor(own, pace)))
    const planCityDays = (count: number) =>
      Effect.gen(function* () {
        if (count === 0) return [] as CityDay[]
        const request = {
          attractions,
          days: count,
          pace: settings,
          themes,
          dates: dates.slice(0, count),
          locked: around.locked,
          excluded: around.excluded,
          ...onFirstDay(0),
          ...(base ? { base } : {}),
        }
        const planned: readonly CityDay[] = yield* planner.plan(
          around === NOTHING_AROUND ? request : { ...request, previous: around.previous.slice(0, count), ...(around.only ? { onlyPrevious: true } : {}) },
        )
        return [...withoutTrailingEmptyDays(planned, lockedDays)] as CityDay[]
      })
    // A re-plan keeps its day trips: the city has the days it had.
    let planned: CityDay[] = yield* planCityDays(Math.max(lockedDays, Math.min(cityDays, days - (around.dayTrips?.length ?? 0))))
    const mayTrade = around === NOTHING_AROUND && planned.length === days && days >= TRADE_FROM_DAYS
    if (planned.length < days || mayTrade) {
      const towns = yield* places.dayTripTowns(city)
      // A sight is planned once, whichever catalog lists it (a day trip's town lists the city's own day-trip sights).
      const current = around.only ? new Set([...around.previous.flat(), ...(around.dayTrips ?? []).flatMap((trip) => trip.previous)]) : undefined
      const plannedIds = () => new Set([...planned.flatMap((day) => day.visits.map((visit) => visit.attraction.id)), ...around.excluded])
      let used = plannedIds()
      const notPlanned = (list: readonly Attraction[]) =>
        otherSights(
          list.filter((place) => !used.has(place.id) && (!current || current.has(place.id))),
          planned.flatMap((day) => day.visits.map((visit) => visit.attraction)),
        )
      // A re-plan keeps a day trip on its day: that town first, with its locks and its current places.
      const keptOnNextDay = () => around.dayTrips?.find((trip) => trip.day === planned.length)
      const inKeptOrder = () => {
        const kept = keptOnNextDay()
        return kept ? [...towns.filter(({ town }) => town.name === kept.town), ...towns.filter(({ town }) => town.name !== kept.town)] : towns
      }
      /** The first town in order, not yet a day trip nor `failed` before, whose day on date `at` holds `fewest` places or a kept lock. */
      const firstTrip = (fewest: number, at: number, failed = new Set<string>()) =>
        Effect.gen(function* () {
          for (const { town, attractions: there } of inKeptOrder()) {
            if (failed.has(town.id) || planned.some((day) => day.dayTrip === town.name)) continue
            const fresh = notPlanned(there)
            const kept = keptOnNextDay()?.town === town.name ? keptOnNextDay() : undefined
            if (!kept?.locked.length && plannable(fresh, themes) < fewest) {
              failed.add(town.id)
              continue
            }
            const ride = rideMinutes(distanceKm(base ?? city, town))
            const [day] = yield* planner.plan({
              attractions: fresh,
              days: 1,
              pace: settings,
              themes,
              dates: [dates[at]!],
              rideMinutes: ride,
              ...onFirstDay(at),
              ...(kept ? { locked: kept.locked, previous: [kept.previous], excluded: around.excluded } : {}),
            })
            if (day && (day.visits.length >= fewest || kept?.locked.length)) return { ...day, dayTrip: town.name, rideMinutes: ride } as CityDay
            failed.add(town.id)
          }
          return undefined
        })
      const dayTrip = (fewest: number) =>
        Effect.gen(function* () {
          const failed = new Set<string>()
          while (planned.length < days) {
            const day = yield* firstTrip(fewest, planned.length, failed)
            if (!day) return
            for (const visit of day.visits) used.add(visit.attraction.id)
            planned.push(day)
          }
        })
      // A stay longer than its city's first-visit sights need gives a day to a famous place within reach
      // (three days in Ljubljana: two in the city, one at Lake Bled).
      if (mayTrade && isCompact(planned)) {
        const trip = yield* firstTrip(minimumPlacesPerDay(pace), days - 1)
        const shorter = trip && holdsReviewedSight(trip) ? yield* planCityDays(days - 1) : undefined
        if (shorter && keepsFirstVisitSights(planned, shorter)) {
          planned = shorter
          used = plannedIds()
        }
      }
      // No free day while a sight waits: the city's places left over, then towns with fewer places than a full day's.
      const leftOver = (most = days) =>
        Effect.gen(function* () {
          const left = notPlanned(attractions)
          if (planned.length >= days || plannable(left, themes) === 0) return
          const from = planned.length
          const count = Math.min(most, days - from)
          const extra = yield* planner.plan({
            attractions: left,
            days: count,
            pace: settings,
            themes,
            dates: dates.slice(from, from + count),
            ...onFirstDay(from),
            ...(base ? { base } : {}),
          })
          for (const [k, day] of withoutTrailingEmptyDays(extra, 0).entries()) {
            // A day the journey there takes is passed over, not the end of the city's places.
            if (day.visits.length === 0 && !(k === 0 && onFirstDay(from).arrivesAt !== undefined)) break
            for (const visit of day.visits) used.add(visit.attraction.id)
            planned.push(day)
          }
        })
      // A town's own famous sights come before a day trip: Hallstatt's few places are long visits (its salt
      // mine, the Dachstein), a day of them rather than Berchtesgaden's lesser museums.
      // One day at a time, so that what is left is a day trip rather than the same few sights spread thin.
      while (planned.length < days && notPlanned(attractions).some(isFirstVisitSight)) {
        const before = planned.length
        yield* leftOver(1)
        const added = planned.slice(before)
        if (added.length === 0 || !added.some((day) => day.visits.some((visit) => isFirstVisitSight(visit.attraction)))) break
      }
      yield* dayTrip(minimumPlacesPerDay(pace))
      yield* leftOver()
      yield* dayTrip(1)
    }
    const reason = freeTimeReason(city.name, own)
    while (planned.length < days) planned.push({ visits: [], freeTime: reason })
    if (arrival) planned[0] = { ...planned[0]!, journey: arrival.text, arrivesAt: arrival.at }
    return { days: planned, places: own, notice }
  })

/** The journey to a destination: when the traveller is there on its first day, and the words that say it. */
interface Arrival {
  readonly at: number
  readonly text: string
}

/**
 * How the traveller reaches each destination: from the origin city on day 1 (when it is a city we know),
 * then from the destination before, setting off at the start of the day of the move.
 */
const arrivals = (origin: string, cities: readonly City[], pace: Pace) =>
  Effect.gen(function* () {
    const places = yield* PlacesProvider
    const home = origin ? yield* places.resolveCity(origin).pipe(Effect.option) : Option.none<City>()
    return cities.map((city, index): Arrival | undefined => {
      const from = index === 0 ? Option.getOrUndefined(home) : cities[index - 1]!
      if (!from || from.id === city.id) return undefined
      const journey = journeyOver(distanceKm(from, city))
      if (index === 0) return { at: arrivalTime(journey), text: arrivalText(from.name, journey) }
      return { at: PACE_SETTINGS[pace].dayStart + journey.minutes, text: moveText(from.name, city.name, journey) }
    })
  })

/** POST /api/itinerary/generate: checks the request, plans every destination's days, lays them end to end. */
export const generateItinerary = (request: TripRequest) => planTrip(request, () => NOTHING_AROUND)

/** Plans a trip; `aroundFor` gives what a re-plan keeps of each destination (by its index, name and new dates). */
export const planTrip = (request: TripRequest, aroundFor: (index: number, city: City, dates: readonly string[]) => PlanAround) =>
  Effect.gen(function* () {
    const checked = validateTrip(request)
    if (!checked.ok) return yield* new InvalidTrip({ message: checked.message })
    const trip = checked.value
    const places = yield* PlacesProvider
    const cities = yield* Effect.forEach(trip.destinations, (name) => places.resolveCity(name))
    const ids = new Set<string>()
    for (const [index, city] of cities.entries()) {
      if (ids.has(city.id)) return yield* new InvalidTrip({ message: `${city.name} is listed more than once` })
      ids.add(city.id)
      const stay = trip.stays[index]
      if (stay && distanceKm(stay, city) > STAY_REACH_KM)
        return yield* new InvalidTrip({
          message: `${stay.name} is ${Math.round(distanceKm(stay, city))} km from ${city.name}: choose where you stay in or near ${city.name}.`,
        })
    }
    const plans: Array<{ city: string; days: readonly CityDay[]; places: number; notice?: string | undefined }> = []
    const journeys = yield* arrivals(trip.origin, cities, trip.pace)
    let offset = 0
    for (const [index, city] of cities.entries()) {
      const dates = Array.from({ length: trip.daysPerCity[index]! }, (_, k) => dateAfter(trip.startDate, offset + k))
      offset += dates.length
      plans.push({
        city: city.name,
        ...(yield* planDestination(city, dates, trip.pace, trip.themes, aroundFor(index, city, dates), journeys[index], trip.stays[index])),
      })
    }
    const itinerary = assembleItinerary(trip.startDate, plans)
    return {
      itinerary,
      daysPerCity: Object.fromEntries(trip.destinations.map((text, index) => [cityName(text), trip.daysPerCity[index]!])),
      notices: [
        ...plans.flatMap((plan) => (plan.notice ? [plan.notice] : [])),
        ...freeTimeNotice(itinerary, (city) => plans.find((plan) => plan.city === city)?.places ?? 0),
      ],
    } satisfies GeneratedItinerary
  })

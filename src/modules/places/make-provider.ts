import type { AppConfig } from '../../platform/config.ts'
import type { Db } from '../../platform/database.ts'
import type { Logger } from '../../platform/logging.ts'
import { catalogPlaces } from './catalog-adapter.ts'
import { googlePlaces } from './google-adapter.ts'
import type { PlacesProviderShape } from './provider.ts'

/** The adapter the configuration asks for: `google` (PLACES_PROVIDER or a GOOGLE_MAPS_API_KEY) or `catalog`. */
export function makePlacesProvider(
  config: Pick<AppConfig, 'placesProvider' | 'googleMapsApiKey'>,
  db: Db,
  logger?: Logger,
): PlacesProviderShape {
  if (config.placesProvider === 'google' && config.googleMapsApiKey) {
    return googlePlaces({ apiKey: config.googleMapsApiKey, db, ...(logger ? { logger } : {}) })
  }
  return catalogPlaces(db)
}

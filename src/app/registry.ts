import { combineEvents } from '../events/event-set.ts'
import { eventStatsDaily } from '../events/projections/event-stats.ts'
import { projectionRegistry } from '../events/registry.ts'
import { AccountEvents } from '../modules/auth/domain.ts'
import { accountsProjection } from '../modules/auth/projections.ts'
import { ItineraryEvents } from '../modules/itinerary/domain.ts'
import { savedItinerariesProjection } from '../modules/itinerary/projections.ts'

/** Every event type the log may hold, with its schema: a module adds its aggregate's event set here. */
export const catalog = combineEvents(AccountEvents, ItineraryEvents)

/**
 * Every read model and where it runs. Inline: a module's own read models, updated in the transaction of
 * every append of an event they read. Async: statistics and notifications, in the projector runner.
 */
export const registry = projectionRegistry({
  catalog,
  inline: [accountsProjection, savedItinerariesProjection],
  async: [eventStatsDaily(catalog)],
})

import { Layer } from 'effect'
import { EventStore } from '../events/event-store.ts'
import { UserDataErasers } from '../modules/auth/erasure.ts'
import { PublicIdentities } from '../modules/auth/public-identities.ts'
import { bucketListEraser } from '../modules/bucket-list/commands.ts'
import { itineraryEraser } from '../modules/itinerary/saved/erasure.ts'
import { Mailer } from '../modules/mail/mailer.ts'
import { roamShareEraser } from '../modules/roam-share/erasure.ts'
import { publicIdentity } from '../modules/roam-share/profiles.ts'
import { MediaStore } from '../modules/media/storage.ts'
import { VideoToolbox } from '../modules/media/tools.ts'
import { PlannerPool } from '../modules/itinerary/planner/planner-pool.ts'
import { placesProviderLayer } from '../modules/places/providers/make-provider.ts'
import type { PlacesProvider } from '../modules/places/provider.ts'
import { Config, type RunningConfig } from '../platform/config.ts'
import { Database, type Db } from '../platform/database.ts'
import { Jobs, type JobQueue } from '../platform/jobs.ts'
import { Log, type Logger } from '../platform/logging.ts'
import { RateLimits } from '../platform/rate-limits.ts'
import { registry } from './registry.ts'

/** Every service a page, command or CLI command may use. */
export type AppServices =
  | Config
  | Database
  | Log
  | EventStore
  | Mailer
  | PlacesProvider
  | RateLimits
  | PlannerPool
  | Jobs
  | MediaStore
  | VideoToolbox
  | UserDataErasers
  | PublicIdentities

/** What each module erases when a user is deleted (auth/erasure.ts): a module with user content adds its eraser. */
const userDataErasers = UserDataErasers.layer([itineraryEraser, bucketListEraser, roamShareEraser])

/** Where the account screens take a user's username and picture from. */
const publicIdentities = PublicIdentities.layer(publicIdentity)

export interface AppResources {
  readonly config: RunningConfig
  readonly db: Db
  readonly logger: Logger
  readonly jobs: JobQueue
}

/** The application's services over the resources made at start (the pool and logger outlive it). */
export function appLayer(
  resources: AppResources,
  overrides: { readonly mailer?: Layer.Layer<Mailer, never, Config | Log>; readonly plannerPool?: Layer.Layer<PlannerPool> } = {},
) {
  const base = Layer.mergeAll(Config.layer(resources.config), Database.layer(resources.db), Log.layer(resources.logger), Jobs.layer(resources.jobs))
  const services = Layer.mergeAll(
    EventStore.layer(registry),
    overrides.mailer ?? Mailer.layer,
    placesProviderLayer,
    RateLimits.layer,
    overrides.plannerPool ?? PlannerPool.layer(),
    MediaStore.layer,
    VideoToolbox.layer,
    userDataErasers,
    publicIdentities,
  )
  return services.pipe(Layer.provideMerge(base))
}

import { Context, Effect, Layer } from 'effect'
import type { Config } from '../../platform/config.ts'
import type { Database } from '../../platform/database.ts'

/** What the account screens show of a user's public identity: their community username and picture. */
export interface PublicIdentity {
  readonly username: string | null
  readonly profile_picture: string | null
}

/**
 * Where a user's public identity comes from: the module that keeps it (Roam Share's profiles), named once
 * in the composition root (`src/app/layer.ts`), so that the account module imports no module that imports it.
 */
export class PublicIdentities extends Context.Service<
  PublicIdentities,
  { readonly of: (userId: string) => Effect.Effect<PublicIdentity, never, Database | Config> }
>()('roam/PublicIdentities') {
  static layer(of: (userId: string) => Effect.Effect<PublicIdentity, never, Database | Config>) {
    return Layer.succeed(PublicIdentities, { of })
  }
}

/** The user's public identity. */
export const publicIdentityOf = (userId: string) => PublicIdentities.use((identities) => identities.of(userId))

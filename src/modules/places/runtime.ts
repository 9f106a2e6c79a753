import { appContext } from '../../platform/runtime.ts'
import { makePlacesProvider } from './make-provider.ts'
import type { PlacesProviderShape } from './provider.ts'

const KEY = Symbol.for('roam.places.provider')
type Holder = { [KEY]?: { readonly context: object; readonly provider: PlacesProviderShape } }

/** The running app's places provider, made once per app context. */
export function appPlaces(): PlacesProviderShape {
  const holder = globalThis as Holder
  const context = appContext()
  if (holder[KEY]?.context !== context) {
    holder[KEY] = { context, provider: makePlacesProvider(context.config, context.database.db, context.logger) }
  }
  return holder[KEY].provider
}

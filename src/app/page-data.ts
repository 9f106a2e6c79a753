import { Cause, Effect, Exit } from 'effect'
import { CurrentRequest, Log, type Logger } from '../platform/logging.ts'
import type { AppServices } from './layer.ts'
import { runningApp } from './runtime.ts'

/**
 * Runs a module's query for a server-rendered page, with the request's id and logger, and gives back the
 * Exit: the page decides what a failure looks like. A defect is logged here, as `respond` does for APIs.
 */
export async function pageData<A, E>(effect: Effect.Effect<A, E, AppServices>, locals: { readonly requestId: string; readonly logger: Logger }) {
  const program = effect.pipe(Effect.provideService(Log, locals.logger), Effect.provideService(CurrentRequest, { requestId: locals.requestId }))
  const exit = await runningApp().runtime.runPromiseExit(program)
  if (Exit.isFailure(exit) && !exit.cause.reasons.some(Cause.isFailReason)) locals.logger.error('page data failed', { cause: Cause.pretty(exit.cause) })
  return exit
}

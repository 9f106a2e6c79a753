import { accountsProjection } from '../modules/auth/projections.ts'
import { eventStatsDaily } from './projections/event-stats.ts'
import type { Projection } from './types.ts'

/** Every read model of the app; modules add theirs here. */
export const projections: readonly Projection[] = [eventStatsDaily, accountsProjection]

export const asyncProjections = projections.filter((projection) => projection.mode === 'async')

export function projectionNamed(name: string): Projection | undefined {
  return projections.find((projection) => projection.name === name)
}

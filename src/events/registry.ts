import type { EventSet } from './event-set.ts'
import type { Projection } from './types.ts'

/**
 * Every read model of an app and where each runs: `inline` ones in the transaction of every append of
 * an event they read (read-your-writes), `async` ones in the projector runner. `catalog` is every event
 * type the log may hold, with its payload schema.
 */
export interface ProjectionRegistry {
  readonly catalog: EventSet
  readonly inline: readonly Projection<any>[]
  readonly async: readonly Projection<any>[]
}

/** Checks the registry once at start: unique names and tables, and no projection reading an undeclared event. */
export function projectionRegistry(registry: ProjectionRegistry): ProjectionRegistry {
  const names = new Set<string>()
  const tables = new Set<string>()
  for (const projection of allProjections(registry)) {
    if (names.has(projection.name)) throw new Error(`Two projections are named ${projection.name}`)
    names.add(projection.name)
    for (const table of projection.tables) {
      if (tables.has(table)) throw new Error(`Table ${table} belongs to two projections`)
      tables.add(table)
    }
    for (const type of projection.events.types) {
      if (!registry.catalog.types.has(type)) throw new Error(`Projection ${projection.name} reads ${type}, which is not in the event catalog`)
    }
  }
  return registry
}

export const allProjections = (registry: ProjectionRegistry): readonly Projection<any>[] => [...registry.inline, ...registry.async]

export const projectionNamed = (registry: ProjectionRegistry, name: string): Projection<any> | undefined =>
  allProjections(registry).find((projection) => projection.name === name)

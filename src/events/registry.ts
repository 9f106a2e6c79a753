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

/** A module's read models and where each runs, listed once beside them; the app's registry gathers the modules'. */
export interface ReadModels {
  readonly inline?: readonly Projection<any>[]
  readonly async?: readonly Projection<any>[]
}

/**
 * Checks the registry once at start (unique names and tables, no projection reading an undeclared event,
 * every `runsAfter` naming an inline projection, no cycle) and returns it with the inline projections in
 * an order that keeps every `runsAfter`.
 */
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
  for (const projection of registry.async) {
    if (projection.runsAfter?.length) throw new Error(`Projection ${projection.name} runs after others, which only inline projections can`)
  }
  return { ...registry, inline: inDependencyOrder(registry.inline) }
}

/** The projections ordered so that each comes after those it names in `runsAfter` (else in the order given). */
function inDependencyOrder(projections: readonly Projection<any>[]): Projection<any>[] {
  const byName = new Map(projections.map((projection) => [projection.name, projection]))
  const ordered: Projection<any>[] = []
  const done = new Set<string>()
  const visiting: string[] = []
  const visit = (projection: Projection<any>) => {
    if (done.has(projection.name)) return
    if (visiting.includes(projection.name)) {
      const cycle = [...visiting.slice(visiting.indexOf(projection.name)), projection.name]
      throw new Error(`Projections run after each other in a cycle: ${cycle.join(' → ')}`)
    }
    visiting.push(projection.name)
    for (const name of projection.runsAfter ?? []) {
      const before = byName.get(name)
      if (!before) throw new Error(`Projection ${projection.name} runs after ${name}, which is not an inline projection of the registry`)
      visit(before)
    }
    visiting.pop()
    done.add(projection.name)
    ordered.push(projection)
  }
  for (const projection of projections) visit(projection)
  return ordered
}

export const allProjections = (registry: ProjectionRegistry): readonly Projection<any>[] => [...registry.inline, ...registry.async]

export const projectionNamed = (registry: ProjectionRegistry, name: string): Projection<any> | undefined =>
  allProjections(registry).find((projection) => projection.name === name)

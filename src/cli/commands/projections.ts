import { registry } from '../../app/registry.ts'
import { rebuildProjection } from '../../events/rebuild.ts'
import { allProjections, projectionNamed } from '../../events/registry.ts'
import { positional } from '../args.ts'
import type { Command } from '../context.ts'

export const rebuildProjections: Command = {
  name: 'projections:rebuild',
  usage: 'projections:rebuild [name]    rebuild one read model (or all) from the event log and swap it in',
  run: async ({ database, args, out }) => {
    const [name] = positional(args)
    const selected = name ? [projectionNamed(registry, name)] : allProjections(registry)
    if (selected[0] === undefined) {
      out(
        `Unknown projection "${name}". Known: ${allProjections(registry)
          .map((p) => p.name)
          .join(', ')}`,
      )
      return 1
    }
    for (const projection of selected) {
      if (!projection) continue
      const result = await rebuildProjection(database.db, registry, projection)
      const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : result.events
      out(`${result.projection}: ${result.events} events in ${result.ms} ms (${rate} events/s)`)
    }
  },
}

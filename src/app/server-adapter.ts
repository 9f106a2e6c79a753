import node from '@astrojs/node'
import type { AstroIntegration } from 'astro'
import { fileURLToPath } from 'node:url'
import { PLAN_WORKER_FILE } from './build-files.ts'

/** The production server: the launcher and the pages in one bundle (`dist/server/entry.mjs`). */
const SERVER_ENTRY = fileURLToPath(new URL('./server.ts', import.meta.url))
/** The route solver's worker thread, bundled beside it as `dist/server/plan-worker.mjs`. */
const PLAN_WORKER = fileURLToPath(new URL('../modules/itinerary/planner/plan-worker.ts', import.meta.url))

/**
 * Astro's Node adapter (its request handler, sessions, image endpoint), with our launcher as the server
 * entry: `astro build` bundles `src/app/server.ts` with every page, so production runs plain JavaScript in
 * one module graph, and the route solver's worker is bundled beside it. `astro dev` is unchanged.
 */
export function roamServer(): AstroIntegration {
  const adapter = node({ mode: 'middleware' })
  return {
    name: 'roam:server',
    hooks: {
      ...adapter.hooks,
      'astro:config:setup': async (options) => {
        await adapter.hooks['astro:config:setup']?.(options)
        options.updateConfig({
          vite: {
            plugins: [
              {
                name: 'roam:plan-worker',
                apply: 'build',
                applyToEnvironment: (environment) => environment.name === 'ssr',
                buildStart() {
                  this.emitFile({ type: 'chunk', id: PLAN_WORKER, fileName: PLAN_WORKER_FILE })
                },
              },
            ],
          },
        })
      },
      'astro:config:done': (options) =>
        adapter.hooks['astro:config:done']?.({
          ...options,
          setAdapter: (settings) => options.setAdapter({ ...settings, entrypointResolution: 'auto', serverEntrypoint: SERVER_ENTRY }),
        }),
    },
  }
}

import type { AstroIntegration } from 'astro'

/**
 * Under `astro dev`, API calls are answered as `npm start` answers them: by `serve-api.ts` from the route
 * table, before Astro's pages (loaded through Vite, so an edited handler is picked up).
 */
export function apiInDevelopment(): AstroIntegration {
  return {
    name: 'roam:api-routes',
    hooks: {
      'astro:server:setup': ({ server }) => {
        server.middlewares.use((req, res, next) => {
          Promise.all([server.ssrLoadModule('/src/app/serve-api.ts'), server.ssrLoadModule('/src/app/runtime.ts')]).then(
            ([api, runtime]) => {
              if (!api.serveApi(req, res, runtime.runningApp)) next()
            },
            (error: unknown) => next(error),
          )
        })
      },
    },
  }
}

import type { AstroIntegration } from 'astro'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { drawIcons, writeIcons } from './icons.ts'
import { missingLazyDependencies } from './lazy-imports.ts'
import { precompress } from './precompress.ts'
import { buildServiceWorker } from './service-worker-build.ts'

/**
 * After `astro build`: refuses a build whose lazy imports name a file it did not write, draws the app icons from the logo, writes the service worker with this build's
 * precache manifest, then precompresses every text file of the client build (the worker included).
 */
export function installableApp(): AstroIntegration {
  let clientDir = ''
  let publicDir = ''
  let icons: Map<string, Buffer> | undefined
  return {
    name: 'roam:installable-app',
    hooks: {
      'astro:config:done': ({ config }) => {
        clientDir = fileURLToPath(config.build.client)
        publicDir = fileURLToPath(config.publicDir)
      },
      'astro:build:start': async () => {
        icons = await drawIcons(path.join(publicDir, 'logo.svg'))
      },
      'astro:build:done': async ({ logger }) => {
        const missing = missingLazyDependencies(clientDir)
        if (missing.length > 0)
          throw new Error(
            `A lazy import would fail in the browser: ${missing.map(({ chunk, file }) => `${chunk} preloads ${file}, which the build did not write`).join('; ')}`,
          )
        writeIcons(icons!, clientDir)
        const version = process.env.ROAM_VERSION ?? `${new Date().toISOString()}-${randomUUID().slice(0, 8)}`
        const worker = await buildServiceWorker({ clientDir, version })
        logger.info(`service worker ${version}: ${worker.entries} files precached (${Math.round(worker.precacheBytes / 1024)} KB)`)
        const compressed = precompress(clientDir)
        logger.info(
          `precompressed ${compressed.files} files: ${Math.round(compressed.bytes / 1024)} KB → ${Math.round(compressed.brotliBytes / 1024)} KB with Brotli`,
        )
      },
    },
  }
}

import { getManifest } from '@serwist/build'
import { build } from 'esbuild'
import path from 'node:path'
import { OFFLINE_PAGE } from './trip-urls.ts'

const WORKER_SOURCE = path.join(import.meta.dirname, 'sw.ts')

/**
 * The pages that make up the offline app shell. They are server-rendered but the same for everyone (the
 * session lives in the browser), so a copy from this build matches this build's scripts. The itinerary
 * page is one shell for every saved trip (`?id=` is read in the browser).
 */
export const SHELL_PAGES = ['/my-itineraries', '/itinerary', OFFLINE_PAGE]

export interface ServiceWorkerBuild {
  /** `dist/client`: what is precached, and where `sw.js` is written unless `outFile` says otherwise. */
  readonly clientDir: string
  /** Names this build; the shell pages are fetched again when it changes. */
  readonly version: string
  readonly outFile?: string
}

/**
 * Bundles `sw.ts` (Serwist) into `sw.js` with the precache manifest of the client build: every hashed
 * asset (its name changes with its content, so it needs no revision), the icons and web app manifest,
 * and the shell pages under this build's version.
 */
export async function buildServiceWorker({ clientDir, version, outFile = path.join(clientDir, 'sw.js') }: ServiceWorkerBuild) {
  const { manifestEntries, size, warnings } = await getManifest({
    globDirectory: clientDir,
    globPatterns: ['_astro/**/*.{js,css,woff2,png,svg,webp}', 'icons/*.png', 'logo.svg', 'favicon.svg', 'manifest.webmanifest'],
    dontCacheBustURLsMatching: /^_astro\//,
    additionalPrecacheEntries: SHELL_PAGES.map((url) => ({ url, revision: version })),
    maximumFileSizeToCacheInBytes: 5 * 1024 * 1024,
  })
  if (warnings.length > 0) throw new Error(`service worker manifest: ${warnings.join('; ')}`)
  const entries = (manifestEntries ?? []).map((entry) =>
    typeof entry === 'string' ? { url: `/${entry}`, revision: null } : { ...entry, url: entry.url.startsWith('/') ? entry.url : `/${entry.url}` },
  )
  await build({
    entryPoints: [WORKER_SOURCE],
    outfile: outFile,
    bundle: true,
    format: 'iife',
    target: 'es2022',
    minify: true,
    legalComments: 'none',
    define: {
      'self.__SW_MANIFEST': JSON.stringify(entries),
      __ROAM_VERSION__: JSON.stringify(version),
      'process.env.NODE_ENV': '"production"',
    },
    logLevel: 'warning',
  })
  return { entries: entries.length, precacheBytes: size, outFile }
}

import type { IncomingMessage, ServerResponse } from 'node:http'
import sirv from 'sirv'

/** Built assets carry a content hash in their name: browsers may keep them for a year without asking. */
const HASHED_ASSETS = '/_astro/'
const IMMUTABLE = 'public, max-age=31536000, immutable'

/**
 * The files of the client build (`dist/client`: hashed assets, `public/`, prerendered pages, the service
 * worker), each sent as the `.br` or `.gz` twin written at build time when the browser accepts it
 * (`Vary: Accept-Encoding`), so they are compressed once, not on every request. A path that is not a
 * file goes on to `next` (Astro's pages).
 */
export function serveStaticFiles(clientDir: string) {
  const serve = sirv(clientDir, {
    brotli: true,
    gzip: true,
    etag: true,
    setHeaders: (res, pathname) => {
      if (pathname.startsWith(HASHED_ASSETS)) res.setHeader('Cache-Control', IMMUTABLE)
      // A browser must see a new service worker as soon as one is deployed.
      else if (pathname === '/sw.js') res.setHeader('Cache-Control', 'no-cache')
    },
  })
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    // sirv lists the files once; one removed since (a rebuild under a running app) fails its read stream,
    // which sirv does not listen to: end this response instead of the process.
    res.once('pipe', (source) => source.once('error', () => res.destroy()))
    serve(req, res, next)
  }
}

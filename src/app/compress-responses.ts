import compression from 'compression'
import type { IncomingMessage, ServerResponse } from 'node:http'

/**
 * Compresses what the app renders or answers (HTML, JSON, JavaScript, CSS, SVG, `.ics`: every type the
 * `compressible` list marks so), with Brotli when the browser accepts it, else gzip. Bodies under 1 KB are
 * sent as they are; responses that are already encoded (the precompressed build files) and uploads
 * (photos and videos are compressed already; videos are served in ranges) are left alone.
 */
const compress = compression({
  filter: (req, res) => !req.url?.startsWith('/uploads/') && compression.filter(req, res),
})

export function compressResponses(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  compress(req as never, res as never, () => next())
}

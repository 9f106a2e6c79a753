import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/** Text files worth compressing (images and fonts in the build are compressed formats already). */
const TEXT_FILE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|ics|map)$/
/** Below this a compressed copy saves less than its headers and the lookup cost. */
const MIN_BYTES = 1024

function* filesUnder(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) yield* filesUnder(full)
    else if (entry.isFile()) yield full
  }
}

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text file of the
 * client build, once at build time, for the static file server to send to browsers that accept them.
 * A copy that would not be smaller is not written. Returns the bytes before and after Brotli.
 */
export function precompress(clientDir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0
  let bytes = 0
  let brotliBytes = 0
  for (const file of filesUnder(clientDir)) {
    if (!TEXT_FILE.test(file)) continue
    const body = fs.readFileSync(file)
    if (body.length < MIN_BYTES) continue
    const brotli = zlib.brotliCompressSync(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    })
    const gzip = zlib.gzipSync(body, { level: 9 })
    if (brotli.length < body.length) fs.writeFileSync(`${file}.br`, brotli)
    if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip)
    files++
    bytes += body.length
    brotliBytes += Math.min(brotli.length, body.length)
  }
  return { files, bytes, brotliBytes }
}

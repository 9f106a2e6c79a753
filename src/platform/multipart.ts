import busboy from 'busboy'
import { Effect, Schema } from 'effect'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { Readable, Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { BadRequest, HttpStatus, UnsupportedMediaType } from './errors.ts'
import { withTempDir } from './temp-dir.ts'

/** A file of a multipart request, streamed to a private temporary file. */
export interface UploadedFile {
  readonly field: string
  /** The name the browser gave it (never used to name anything on our side). */
  readonly filename: string
  /** The Content-Type the browser declared: a claim, to be checked against the bytes. */
  readonly declaredType: string
  readonly path: string
  readonly size: number
}

export interface MultipartForm {
  /** Text fields; a field sent twice keeps its first value. */
  readonly fields: Readonly<Record<string, string>>
  readonly files: readonly UploadedFile[]
}

export interface FileLimit {
  readonly maxCount: number
  readonly maxBytes: number
}

export interface MultipartLimits {
  /** Bytes per text field. */
  readonly maxFieldBytes: number
  readonly maxFields: number
  /** The file fields accepted, each with its count and per-file size limit; other file fields are refused. */
  readonly files: Readonly<Record<string, FileLimit>>
  /** The whole body, in bytes: a declared Content-Length over it is refused before reading, a longer stream as it passes it. */
  readonly maxTotalBytes?: number
  /**
   * Files of one field only per request: a file of a second field is refused as soon as it starts, with
   * this message (so a request mixing kinds never streams its second kind to disk).
   */
  readonly oneFileField?: string
}

/** A part of a multipart body over its limit: 413 naming the field. */
export class PartTooLarge extends Schema.TaggedError<PartTooLarge>()('PartTooLarge', { message: Schema.String }) {
  readonly [HttpStatus] = 413
}

const kb = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${Math.round(bytes / 1024)} KB`)

class Refused {
  constructor(readonly error: BadRequest | PartTooLarge | UnsupportedMediaType) {}
}

/** A refusal travelling through a stream's error channel. */
class RefusedError extends Error {
  constructor(readonly refusal: BadRequest | PartTooLarge) {
    super(refusal.message)
  }
}

/**
 * Streams a multipart/form-data body: text fields into memory and files into a private temporary
 * directory, each under its byte limit, stopping at the first part over a limit. The directory is
 * removed when `use` ends, whatever happens, so a refused upload leaves nothing on disk.
 */
export function withMultipart<A, E, R>(
  request: Request,
  limits: MultipartLimits,
  use: (form: MultipartForm) => Effect.Effect<A, E, R>,
): Effect.Effect<A, E | BadRequest | PartTooLarge | UnsupportedMediaType, R> {
  return withTempDir('roam-upload-', (dir) =>
    Effect.flatMap(
      Effect.tryPromise({
        try: () => parse(request, limits, dir),
        catch: (error) => (error instanceof Refused ? error.error : new BadRequest({ message: 'The upload could not be read as multipart form data.' })),
      }),
      use,
    ),
  )
}

async function parse(request: Request, limits: MultipartLimits, dir: string): Promise<MultipartForm> {
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) {
    throw new Refused(new UnsupportedMediaType({ message: 'Expected a multipart/form-data upload.' }))
  }
  const { maxTotalBytes } = limits
  const tooLarge = () => new PartTooLarge({ message: `The upload is too large (at most ${kb(maxTotalBytes!)}).` })
  if (maxTotalBytes !== undefined && Number(request.headers.get('content-length') ?? 0) > maxTotalBytes) throw new Refused(tooLarge())
  const maxFileBytes = Math.max(0, ...Object.values(limits.files).map((limit) => limit.maxBytes))
  const maxFiles = Object.values(limits.files).reduce((sum, limit) => sum + limit.maxCount, 0)
  const parser = busboy({
    headers: { 'content-type': contentType },
    limits: { fieldSize: limits.maxFieldBytes + 1, fields: limits.maxFields, fileSize: maxFileBytes + 1, files: maxFiles + 1 },
  })
  const fields: Record<string, string> = {}
  // Each file's place is taken when it starts, so the files keep the order they were sent in, whichever write finishes first.
  const files: UploadedFile[] = []
  const writes: Promise<void>[] = []
  const counts = new Map<string, number>()
  let placed = 0
  let fileField: string | undefined
  let refusal: Refused | undefined
  const refuse = (error: BadRequest | PartTooLarge) => {
    refusal ??= new Refused(error)
    source.destroy()
  }

  parser.on('field', (name, value, info) => {
    if (info.valueTruncated || Buffer.byteLength(value) > limits.maxFieldBytes) {
      return refuse(new PartTooLarge({ message: `${name} is too large (at most ${kb(limits.maxFieldBytes)}).` }))
    }
    if (!(name in fields)) fields[name] = value
  })
  parser.on('file', (name, stream, info) => {
    const limit = limits.files[name]
    const count = (counts.get(name) ?? 0) + 1
    counts.set(name, count)
    if (!limit) {
      stream.resume()
      return refuse(new BadRequest({ message: `Unexpected file field "${name}".` }))
    }
    if (count > limit.maxCount) {
      stream.resume()
      return refuse(new BadRequest({ message: `Too many files in ${name} (at most ${limit.maxCount}).` }))
    }
    fileField ??= name
    if (limits.oneFileField !== undefined && name !== fileField) {
      stream.resume()
      return refuse(new BadRequest({ message: limits.oneFileField }))
    }
    const file = path.join(dir, randomUUID())
    const place = placed++
    let size = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        size += chunk.length
        if (size > limit.maxBytes)
          return done(new RefusedError(new PartTooLarge({ message: `A file in ${name} is too large (at most ${kb(limit.maxBytes)}).` })))
        done(null, chunk)
      },
    })
    writes.push(
      pipeline(stream, counter, fs.createWriteStream(file, { mode: 0o600 })).then(
        () => void (files[place] = { field: name, filename: info.filename ?? '', declaredType: (info.mimeType ?? '').toLowerCase(), path: file, size }),
        (error: unknown) => {
          stream.resume()
          refuse(error instanceof RefusedError ? error.refusal : new BadRequest({ message: 'The upload was interrupted.' }))
        },
      ),
    )
  })
  parser.on('fieldsLimit', () => refuse(new BadRequest({ message: `Too many fields (at most ${limits.maxFields}).` })))
  parser.on('filesLimit', () => refuse(new BadRequest({ message: 'Too many files.' })))

  const source = Readable.fromWeb(request.body as import('node:stream/web').ReadableStream<Uint8Array>)
  let received = 0
  if (maxTotalBytes !== undefined) {
    source.on('data', (chunk: Uint8Array) => {
      received += chunk.length
      if (received > maxTotalBytes) refuse(tooLarge())
    })
  }
  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve)
    parser.on('error', reject)
    source.on('error', reject)
    source.on('close', () => {
      if (refusal) reject(refusal)
    })
  })
  source.pipe(parser)
  await finished.catch((error: unknown) => {
    throw refusal ?? error
  })
  await Promise.all(writes)
  if (refusal) throw refusal
  return { fields, files }
}

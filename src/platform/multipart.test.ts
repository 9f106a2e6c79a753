import { Effect, Exit } from 'effect'
import fs from 'node:fs'
import os from 'node:os'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { withMultipart, type MultipartLimits } from './multipart.ts'

const BOUNDARY = 'roam-test-boundary'
const MB = 1024 * 1024

const partHead = (field: string, filename: string, type: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`)

/**
 * A multipart body produced as it is read, as a slow client would send it: each part is a head and
 * `bytes` of zeros. `pulled()` says how much the server took before it answered.
 */
function streamedUpload(parts: { field: string; bytes: number }[], headers: Record<string, string> = {}) {
  const chunks = (function* () {
    for (const [i, part] of parts.entries()) {
      yield partHead(part.field, `file-${i}.bin`, 'application/octet-stream')
      for (let sent = 0; sent < part.bytes; sent += 64 * 1024) yield Buffer.alloc(Math.min(64 * 1024, part.bytes - sent))
      yield Buffer.from('\r\n')
    }
    yield Buffer.from(`--${BOUNDARY}--\r\n`)
  })()
  let pulled = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = chunks.next()
      if (next.done) return controller.close()
      pulled += next.value.length
      controller.enqueue(next.value)
    },
  })
  const request = new Request('http://roam.test/upload', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
    body,
    duplex: 'half',
  } as RequestInit)
  return { request, pulled: () => pulled }
}

const limits: MultipartLimits = {
  maxFieldBytes: 1024,
  maxFields: 5,
  files: { images: { maxCount: 10, maxBytes: 2 * MB }, video: { maxCount: 1, maxBytes: 50 * MB } },
  maxTotalBytes: 6 * MB,
  oneFileField: 'A post has either photos or one video, never both.',
}

// A private temporary folder, so that what an upload leaves behind is told apart from other runs' files.
const privateTmp = fs.mkdtempSync(`${os.tmpdir()}/roam-multipart-test-`)
beforeAll(() => {
  vi.stubEnv('TMPDIR', privateTmp)
})
afterAll(() => {
  vi.unstubAllEnvs()
  fs.rmSync(privateTmp, { recursive: true, force: true })
})
const uploadDirs = () => fs.readdirSync(os.tmpdir())

async function refusal(request: Request) {
  let dir: string | undefined
  const exit = await Effect.runPromiseExit(withMultipart(request, limits, (form) => Effect.sync(() => (dir = form.files[0]?.path))))
  expect(dir).toBeUndefined()
  if (!Exit.isFailure(exit)) throw new Error('the upload was accepted')
  const error = exit.cause.toString()
  return error
}

describe('multipart uploads', () => {
  it('refuse a second kind of file as soon as it starts, without reading it', async () => {
    const upload = streamedUpload([
      { field: 'images', bytes: 100 * 1024 },
      { field: 'video', bytes: 300 * MB },
    ])
    expect(await refusal(upload.request)).toContain('A post has either photos or one video, never both.')
    expect(upload.pulled()).toBeLessThan(8 * MB)
    expect(uploadDirs()).toEqual([])
  })

  it('refuse a body over the total as it passes it, though every file is within its own limit', async () => {
    const upload = streamedUpload(Array.from({ length: 10 }, () => ({ field: 'images', bytes: 2 * MB - 1024 })))
    expect(await refusal(upload.request)).toContain('The upload is too large (at most 6 MB).')
    expect(upload.pulled()).toBeLessThan(10 * MB)
    expect(uploadDirs()).toEqual([])
  })

  it('refuse a declared length over the total before reading anything', async () => {
    const upload = streamedUpload([{ field: 'video', bytes: 40 * MB }], { 'content-length': String(40 * MB + 500) })
    expect(await refusal(upload.request)).toContain('The upload is too large (at most 6 MB).')
    expect(upload.pulled()).toBeLessThan(1 * MB)
  })

  it('accept a body within every limit', async () => {
    const upload = streamedUpload([
      { field: 'images', bytes: MB },
      { field: 'images', bytes: MB },
    ])
    const sizes = await Effect.runPromise(withMultipart(upload.request, limits, (form) => Effect.succeed(form.files.map((file) => file.size))))
    expect(sizes).toEqual([MB, MB])
  })
  it('keep the files in the order they were sent, though the first one finishes writing last', async () => {
    const write = fs.createWriteStream
    let opened = 0
    // The first file's write is slow to finish (a busy disk), the others finish at once.
    const spy = vi.spyOn(fs, 'createWriteStream').mockImplementation(((file: fs.PathLike, options?: never) => {
      const target = write(file, options)
      const delay = opened++ === 0 ? 200 : 0
      return new Writable({
        write: (chunk: Buffer, _encoding, done) => void target.write(chunk, done),
        final: (done) => void setTimeout(() => target.end(done), delay),
      }) as fs.WriteStream
    }) as typeof fs.createWriteStream)
    try {
      const upload = streamedUpload([
        { field: 'images', bytes: 300 * 1024 },
        { field: 'images', bytes: 100 * 1024 },
        { field: 'images', bytes: 200 * 1024 },
      ])
      const names = await Effect.runPromise(
        withMultipart(upload.request, limits, (form) => Effect.succeed(form.files.map((file) => [file.filename, file.size]))),
      )
      expect(names).toEqual([
        ['file-0.bin', 300 * 1024],
        ['file-1.bin', 100 * 1024],
        ['file-2.bin', 200 * 1024],
      ])
    } finally {
      spy.mockRestore()
    }
  })
})

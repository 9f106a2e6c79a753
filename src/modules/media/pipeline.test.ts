import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import * as shareHttp from '../roam-share/http.ts'
import { blob, shareHarness, testPhoto, testVideo } from '../roam-share/test-support.ts'
import * as mediaHttp from './http.ts'
import { videoTools } from './tools.ts'

const app = await shareHarness()
const { call } = app
const ana = await app.member('ana_pipeline')
const tools = videoTools({ ffmpegPath: undefined, ffprobePath: undefined })

const probe = (file: string) =>
  JSON.parse(execFileSync(tools.ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file], { encoding: 'utf8' })) as {
    format: { tags?: Record<string, string> }
    streams: { codec_type: string; codec_name: string }[]
  }

const served = (url: string, headers: Record<string, string> = {}) => {
  const [, folder, file] = /^\/uploads\/([^/]+)\/([^/?]+)/.exec(url)!
  return call(mediaHttp.handleUpload, url, { params: { folder: folder!, file: file! }, headers })
}

async function postVideo(file: string) {
  const form = app.postForm({ caption: 'Tram 28', location: 'Lisbon, Portugal', tags: JSON.stringify(['tourism']), post_type: 'video' }, [
    { field: 'video', blob: blob(fs.readFileSync(file), 'video/mp4'), name: 'clip.mp4' },
  ])
  return call(shareHttp.handleCreatePost, '/api/roam-share-posts', { token: ana.token, form })
}

describe('photos', () => {
  it('are re-encoded upright, without EXIF or GPS, within 1200 px and 1 MB, with a thumbnail and a placeholder', async () => {
    const withGps = await sharp(await testPhoto(3000, 2000))
      .withExif({ IFD0: { Make: 'SecretCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 42/1 0/1' } })
      .withMetadata({ orientation: 6 })
      .jpeg({ quality: 100 })
      .toBuffer()
    const { body } = await app.photoPost(ana.token, {}, [blob(withGps, 'image/jpeg')])
    const photo = body.post.photos[0]
    const file = path.join(app.mediaDir, 'roam_share_posts', photo.file)
    const metadata = await sharp(file).metadata()
    // Orientation 6 (rotate 90°) is applied: the landscape original is stored portrait.
    expect([metadata.width, metadata.height]).toEqual([800, 1200])
    expect(metadata.exif).toBeUndefined()
    expect(fs.statSync(file).size).toBeLessThanOrEqual(1024 * 1024)
    expect(fs.readFileSync(file).includes('SecretCam')).toBe(false)
    expect(photo).toMatchObject({ width: 800, height: 1200, color: expect.stringMatching(/^#[0-9a-f]{6}$/), hash: expect.any(String) })
    expect((await sharp(path.join(app.mediaDir, 'roam_share_posts', photo.thumb)).metadata()).width).toBe(480)
  })

  it('are served with nosniff, a year of caching and their type', async () => {
    const { body } = await app.photoPost(ana.token)
    const answer = await served(body.post.photos[0].url)
    expect(answer.status).toBe(200)
    expect(answer.headers.get('content-type')).toBe('image/jpeg')
    expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
    expect(answer.headers.get('cache-control')).toContain('max-age=31536000')
  })
})

describe('videos', () => {
  it('are processed by a job: faststart H.264/AAC without metadata, a poster at 0.5 s, then listed in the feed', async () => {
    const created = await postVideo(testVideo(app.workDir, 3))
    expect(created.status).toBe(201)
    expect(created.body.post).toMatchObject({ post_type: 'video', video_status: 'processing', video: null })
    const postId = created.body.post.post_id
    expect((await app.feed(ana.token)).body.posts.map((p: { post_id: string }) => p.post_id)).not.toContain(postId)
    expect(app.storedFiles().filter((entry) => entry.startsWith('incoming/'))).toHaveLength(1)

    expect(await app.runJobs('roam-share.process-video')).toBe(1)
    const post = (await app.feed(ana.token)).body.posts.find((p: { post_id: string }) => p.post_id === postId)
    expect(post).toMatchObject({ video_status: 'ready', video: expect.stringMatching(/\.mp4$/), poster_url: expect.stringMatching(/-poster\.jpg$/) })
    expect(app.storedFiles().filter((entry) => entry.startsWith('incoming/'))).toEqual([])

    const file = path.join(app.mediaDir, 'roam_share_posts', post.video)
    const info = probe(file)
    expect(info.streams.map((stream) => stream.codec_name).sort()).toEqual(['aac', 'h264'])
    expect(JSON.stringify(info.format.tags ?? {})).not.toMatch(/secret title|48\.8584/)
    const bytes = fs.readFileSync(file)
    expect(bytes.indexOf('moov')).toBeLessThan(bytes.indexOf('mdat'))
    expect((await served(post.poster_url)).status).toBe(200)
  })

  it('that are not H.264 are transcoded', async () => {
    const created = await postVideo(testVideo(app.workDir, 2, { codec: 'mpeg4' }))
    await app.runJobs('roam-share.process-video')
    const post = (await call(shareHttp.handleMyPosts, '/x', { token: ana.token })).body.find(
      (p: { post_id: string }) => p.post_id === created.body.post.post_id,
    )
    expect(post.video_status).toBe('ready')
    expect(probe(path.join(app.mediaDir, 'roam_share_posts', post.video)).streams.find((s) => s.codec_type === 'video')!.codec_name).toBe('h264')
  })

  it('are served in ranges, for seeking', async () => {
    const created = await postVideo(testVideo(app.workDir, 1, { name: 'short.mp4' }))
    await app.runJobs('roam-share.process-video')
    const post = (await call(shareHttp.handleMyPosts, '/x', { token: ana.token })).body.find(
      (p: { post_id: string }) => p.post_id === created.body.post.post_id,
    )
    const size = fs.statSync(path.join(app.mediaDir, 'roam_share_posts', post.video)).size
    const part = await served(post.video_url, { range: 'bytes=100-199' })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 100-199/${size}`)
    expect(part.headers.get('content-length')).toBe('100')
    expect((await served(post.video_url, { range: `bytes=${size + 10}-` })).status).toBe(416)
  })

  it('of a post deleted while processing leave nothing behind', async () => {
    const created = await postVideo(testVideo(app.workDir, 1, { name: 'gone.mp4' }))
    const before = app.storedFiles().filter((entry) => entry.startsWith('roam_share_posts/'))
    await call(shareHttp.handleDeletePost, '/x', { token: ana.token, method: 'DELETE', params: { post_id: created.body.post.post_id } })
    await app.runJobs('roam-share.process-video')
    expect(app.storedFiles().filter((entry) => entry.startsWith('incoming/'))).toEqual([])
    expect(app.storedFiles().filter((entry) => entry.startsWith('roam_share_posts/'))).toEqual(before)
  })
})

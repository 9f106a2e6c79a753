import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { localS3 } from '../../../test/s3.ts'
import { loadConfig } from '../../platform/config.ts'
import * as shareHttp from '../roam-share/http.ts'
import { shareHarness } from '../roam-share/test-support.ts'
import * as mediaHttp from './http.ts'
import { localStorage } from './local-storage.ts'
import { s3Storage } from './s3-storage.ts'
import type { MediaStorage } from './storage.ts'

const s3Env = await localS3()
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-storage-'))

const adapters: [string, MediaStorage][] = [
  ['local directory', localStorage(path.join(work, 'media'))],
  ['S3-compatible store', s3Storage(loadConfig(s3Env).s3!)],
]

describe.each(adapters)('media storage: %s', (_name, storage) => {
  it('stores bytes and files, reads them whole or by range, copies them out and removes them', async () => {
    await storage.put('roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', { bytes: Buffer.from('0123456789') }, 'image/jpeg')
    const source = path.join(work, 'source.bin')
    fs.writeFileSync(source, 'file contents')
    await storage.put('incoming/bbbbbbbbbbbbbbbbbbbbbbbb', { path: source }, 'application/octet-stream')
    expect(await storage.size('roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg')).toBe(10)
    expect(await storage.size('roam_share_posts/missing.jpg')).toBeUndefined()
    expect(await text((await storage.read('roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg'))!.body)).toBe('0123456789')
    expect(await text((await storage.read('roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', { start: 2, end: 4 }))!.body)).toBe('234')
    expect(await storage.read('roam_share_posts/missing.jpg')).toBeUndefined()
    const copy = path.join(work, 'copy.bin')
    await storage.download('incoming/bbbbbbbbbbbbbbbbbbbbbbbb', copy)
    expect(fs.readFileSync(copy, 'utf8')).toBe('file contents')
    await storage.remove(['roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg', 'incoming/bbbbbbbbbbbbbbbbbbbbbbbb', 'incoming/never-existed'])
    expect(await storage.size('roam_share_posts/aaaaaaaaaaaaaaaaaaaaaaaa.jpg')).toBeUndefined()
  })
})

describe('the app with media in an S3-compatible store', async () => {
  const first = await shareHarness({ env: s3Env })
  const ana = await first.member('ana_s3')

  it('stores a post only in the bucket and serves its files from there', async () => {
    const created = await first.photoPost(ana.token)
    expect(created.status).toBe(201)
    expect(first.storedFiles()).toEqual([])
    const [, folder, file] = /^\/uploads\/([^/]+)\/([^/?]+)/.exec(created.body.post.photos[0].url)!
    const answer = await first.call(mediaHttp.handleUpload, '/uploads', { params: { folder: folder!, file: file! }, headers: { range: 'bytes=0-1' } })
    expect(answer.status).toBe(206)
    expect([...(answer.body as Buffer)]).toEqual([0xff, 0xd8])
    expect((await first.call(shareHttp.handleMyPosts, '/x', { token: ana.token })).body).toHaveLength(1)
    // Another process (another machine) with the same settings sees the same object.
    const elsewhere = s3Storage(loadConfig(s3Env).s3!)
    expect(await elsewhere.size(`${folder}/${file}`)).toBeGreaterThan(1000)
  })
})

import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import * as share from '../modules/roam-share/http.ts'
import { shareHarness } from '../modules/roam-share/test-support.ts'
import { serveDirectApi } from './direct-api.ts'

const app = await shareHarness()
const ana = await app.member('direct_ana')
const ben = await app.member('direct_ben')
const postId = (await app.photoPost(ana.token)).body.post.post_id as string

// A server like the app's: the direct routes first, anything else left to Astro (here: a 599).
const server = http.createServer((req, res) => {
  if (!serveDirectApi(req, res, { runtime: app.runtime, logger: app.logger, config: app.config })) res.writeHead(599).end()
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

describe('the direct API routes', () => {
  it('answer the feed as its route file does, with the request id echoed', async () => {
    const response = await fetch(`${base}/api/roam-share-posts?limit=5`, { headers: { authorization: `Bearer ${ben.token}`, 'x-request-id': 'feed-check-1' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('feed-check-1')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual((await app.call(share.handleFeed, '/api/roam-share-posts?limit=5', { token: ben.token })).body)
    expect((await fetch(`${base}/api/roam-share-posts?limit=zero`)).status).toBe(400)
  })

  it('answer user search as its route file does', async () => {
    const search = '/api/roam-share-posts/user-search?q=direct_a'
    const response = await fetch(`${base}${search}`, { headers: { authorization: `Bearer ${ben.token}` } })
    expect(response.status).toBe(200)
    const found = await response.json()
    expect(found).toEqual((await app.call(share.handleUserSearch, search, { token: ben.token })).body)
    expect(found[0]).toMatchObject({ username: 'direct_ana' })
    expect((await fetch(`${base}${search}`)).status).toBe(401)
  })

  it('toggle a like from this site, refuse one from another, and leave every other route to Astro', async () => {
    const like = (origin: string) =>
      fetch(`${base}/api/roam-share-posts/like/${postId}`, { method: 'POST', headers: { authorization: `Bearer ${ben.token}`, origin } })
    const refused = await like('https://elsewhere.example')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: 'Cross-site request refused' })
    expect(await (await like(app.config.publicBaseUrl)).json()).toEqual({ liked: true, likes: 1 })
    expect((await fetch(`${base}/api/roam-share-posts/like/${postId}`, { method: 'POST' })).status).toBe(401)
    expect((await fetch(`${base}/api/roam-share-posts/like/${postId}`)).status).toBe(599)
    expect((await fetch(`${base}/api/roam-share-posts/my-posts`)).status).toBe(599)
    expect((await fetch(`${base}/api/roam-share-posts/like/%E0%A4%A`, { method: 'POST' })).status).toBe(599)
  })
})

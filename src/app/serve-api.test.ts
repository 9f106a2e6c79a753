import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, describe, expect, it } from 'vitest'
import * as share from '../modules/roam-share/http.ts'
import { shareHarness } from '../modules/roam-share/test-support.ts'
import { apiRoutes } from './api-routes.ts'
import { serveApi } from './serve-api.ts'

const app = await shareHarness()
const ana = await app.member('served_ana')
const ben = await app.member('served_ben')
const postId = (await app.photoPost(ana.token)).body.post.post_id as string

// A server like the app's: the route table first, anything else left to Astro (here: a 599).
const server = http.createServer((req, res) => {
  if (!serveApi(req, res, () => ({ runtime: app.runtime, logger: app.logger, config: app.config }))) res.writeHead(599).end()
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

describe('the API route table, served', () => {
  it('answers the feed as its handler does, with the request id echoed', async () => {
    const response = await fetch(`${base}/api/roam-share-posts?limit=5`, { headers: { ...bearer(ben.token), 'x-request-id': 'feed-check-1' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-request-id')).toBe('feed-check-1')
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(await response.json()).toEqual((await app.call(share.handleFeed, '/api/roam-share-posts?limit=5', { token: ben.token })).body)
    expect((await fetch(`${base}/api/roam-share-posts?limit=zero`)).status).toBe(400)
  })

  it('answers user search as its handler does', async () => {
    const search = '/api/roam-share-posts/user-search?q=served_a'
    const response = await fetch(`${base}${search}`, { headers: bearer(ben.token) })
    expect(response.status).toBe(200)
    const found = await response.json()
    expect(found).toEqual((await app.call(share.handleUserSearch, search, { token: ben.token })).body)
    expect(found[0]).toMatchObject({ username: 'served_ana' })
  })

  it('hands the handler the request body', async () => {
    const follow = await fetch(`${base}/api/roam-share-posts/follow`, {
      method: 'POST',
      headers: { ...bearer(ben.token), 'content-type': 'application/json' },
      body: JSON.stringify({ userId: ana.userId }),
    })
    expect(follow.status).toBe(200)
    const status = await fetch(`${base}/api/roam-share-posts/check-follow-status/${ana.userId}`, { headers: bearer(ben.token) })
    expect(await status.json()).toMatchObject({ isFollowing: true, isSelf: false })
  })

  it('decodes route parameters once, so a username with a slash is found', async () => {
    const odd = await app.member('served/odd')
    const response = await fetch(`${base}/api/roam-share-posts/user/${encodeURIComponent('@served/odd')}`)
    expect(response.status).toBe(200)
    expect((await response.json()).profile).toMatchObject({ user_id: odd.userId, username: 'served/odd' })
  })

  it('toggles a like from this site and refuses one from another', async () => {
    const like = (origin: string) => fetch(`${base}/api/roam-share-posts/like/${postId}`, { method: 'POST', headers: { ...bearer(ben.token), origin } })
    const refused = await like('https://elsewhere.example')
    expect(refused.status).toBe(403)
    expect(await refused.json()).toMatchObject({ error: 'Cross-site request refused' })
    expect(await (await like(app.config.publicBaseUrl)).json()).toEqual({ liked: true, likes: 1 })
  })

  it('answers HEAD on a GET route without a body', async () => {
    const response = await fetch(`${base}/api/health`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(await response.text()).toBe('')
  })

  it('answers 401 without a token on every route declared as wanting one', async () => {
    const unanswered: string[] = []
    for (const route of apiRoutes.filter((candidate) => candidate.auth === 'bearer')) {
      const path = route.path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000')
      const response = await fetch(`${base}${path}`, { method: route.method })
      if (response.status !== 401) unanswered.push(`${route.method} ${route.path}: ${response.status}`)
    }
    expect(unanswered).toEqual([])
  })

  it('leaves every path and method the table does not declare to the next handler', async () => {
    expect((await fetch(`${base}/api/roam-share-posts/like/${postId}`)).status).toBe(599)
    expect((await fetch(`${base}/api/roam-share-posts/nothing-here`)).status).toBe(599)
    expect((await fetch(`${base}/roam-share`)).status).toBe(599)
    expect((await fetch(`${base}/api/roam-share-posts/like/%E0%A4%A`, { method: 'POST' })).status).toBe(599)
  })
})

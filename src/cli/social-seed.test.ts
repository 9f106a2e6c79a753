import { describe, expect, it } from 'vitest'
import { registry } from '../app/registry.ts'
import * as authHttp from '../modules/auth/http.ts'
import { SEED_PASSWORD, seedEmail, seedSocial } from './social-seed.ts'
import { shareHarness } from '../modules/roam-share/test-support.ts'

const app = await shareHarness()

describe('seed:social', () => {
  it('seeds members who can log in, and posts with stored photos and like counts equal to their likers', async () => {
    const summary = await seedSocial(app.db, app.runtime, registry, { users: 4, posts: 6, likes: 8, follows: 1, seed: 7, log: () => {} })
    expect(summary).toMatchObject({ users: 4, posts: 6 })
    const login = await app.call(authHttp.handleLogin, '/auth/login', { body: { email: seedEmail(2), password: SEED_PASSWORD } })
    expect(login.body.user.username).toBe('traveller_2')
    const posts = (await app.feed(undefined)).body.posts as { photos: { file: string; thumb: string }[]; likes: number }[]
    expect(posts).toHaveLength(6)
    const files = app.storedFiles().map((file) => file.split('/').at(-1))
    for (const photo of posts.flatMap((post) => post.photos)) expect(files).toEqual(expect.arrayContaining([photo.file, photo.thumb]))
    expect(posts.reduce((sum, post) => sum + post.likes, 0)).toBe(summary.likes)
    // One post in eight carries a trip (the first of six here), found by the Trips filter.
    const trips = (await app.feed(undefined, '?trips=true')).body.posts as { trip: { days: number } | null }[]
    expect(trips.map((post) => post.trip?.days)).toEqual([3])
  })
})

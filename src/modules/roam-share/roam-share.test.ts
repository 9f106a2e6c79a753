import { describe, expect, it } from 'vitest'
import { registry } from '../../app/registry.ts'
import { catchUp } from '../../events/projector.ts'
import { handleCommand } from '../../events/decider.ts'
import { accountDecider, userStream } from '../auth/domain.ts'
import * as authHttp from '../auth/http.ts'
import * as notificationsHttp from '../notifications/http.ts'
import * as http from './http.ts'
import { likeStream } from './like-domain.ts'
import { removePostAsModerator } from './post-commands.ts'
import { postsProjection } from './posts-projection.ts'
import { blob, shareHarness, testPhoto } from './test-support.ts'

const app = await shareHarness()
const { call } = app
const notificationsProjection = registry.async.find((projection) => projection.name === 'notifications')!

const ana = await app.member('ana_travels')
const ben = await app.member('Ben.Walker')

describe('profiles', () => {
  it('sets a username once, unique ignoring case, and carries it in the session user', async () => {
    const taken = await call(http.handleSetUsername, '/x', { token: ben.token, body: { username: 'ANA_TRAVELS' } })
    expect(taken).toMatchObject({ status: 409, body: { error: 'Username already taken or invalid.' } })
    const again = await call(http.handleSetUsername, '/x', { token: ana.token, body: { username: 'another' } })
    expect(again.body.error).toBe('Username already taken or invalid.')
    const invalid = await call(http.handleSetUsername, '/x', { token: ana.token, body: { username: 'has space' } })
    expect(invalid).toMatchObject({ status: 400, body: { error: 'Username contains invalid characters.' } })
    const me = await call(authHttp.handleMe, '/api/users/me', { token: ana.token })
    expect(me.body.username).toBe('ana_travels')
    const login = await call(authHttp.handleLogin, '/auth/login', { body: { email: ana.email, password: ana.password } })
    expect(login.body.user.username).toBe('ana_travels')
  })

  it('keeps a bio, ignores an empty one, and shows the profile by username with or without @', async () => {
    await call(http.handleUpdateDescription, '/x', { token: ana.token, body: { bio: 'Slow travel, fast trains.' } })
    const empty = await call(http.handleUpdateDescription, '/x', { token: ana.token, body: { bio: '   ' } })
    expect(empty.body.bio).toBe('Slow travel, fast trains.')
    const profile = await call(http.handleUserProfile, '/x', { token: ben.token, params: { username: '@ANA_travels' } })
    expect(profile.body.profile).toMatchObject({ username: 'ana_travels', bio: 'Slow travel, fast trains.', follower_count: 0 })
    const missing = await call(http.handleUserProfile, '/x', { token: ben.token, params: { username: 'nobody' } })
    expect(missing).toMatchObject({ status: 404, body: { error: 'User not found.' } })
  })

  it('crops an uploaded picture to a 400 px square and serves it with a cache-buster', async () => {
    const form = app.postForm({}, [{ field: 'profile_picture', blob: blob(await testPhoto(900, 500), 'image/jpeg'), name: 'me.jpg' }])
    const answer = await call(http.handleUploadPicture, '/x', { token: ana.token, form })
    expect(answer.status).toBe(200)
    expect(answer.body.profile_picture).toMatch(/^\/uploads\/profile_pictures\/[a-z2-7]{24}\.jpg\?v=\d+$/)
    const sharp = (await import('sharp')).default
    const file = app.storedFiles().find((entry) => entry.startsWith('profile_pictures/'))!
    expect(await sharp(`${app.mediaDir}/${file}`).metadata()).toMatchObject({ width: 400, height: 400 })
  })

  it('finds users by prefix and by a near miss, from two characters', async () => {
    const search = (q: string) => call(http.handleUserSearch, `/x?q=${encodeURIComponent(q)}`, { token: ben.token })
    expect((await search('a')).body).toEqual([])
    expect((await search('an')).body.map((user: { username: string }) => user.username)).toContain('ana_travels')
    expect((await search('ana_travel')).body[0].username).toBe('ana_travels')
    expect((await search('ana_trevels')).body.map((user: { username: string }) => user.username)).toContain('ana_travels')
    // One leading "@" is how a username is written, not part of it.
    expect((await search('@an')).body.map((user: { username: string }) => user.username)).toContain('ana_travels')
  })

  it('lists near misses nearest first', async () => {
    for (const name of ['kora_walks', 'kora_walked_far', 'korallen_wanderer']) await app.member(name)
    const found = await call(http.handleUserSearch, '/x?q=kora_walk', { token: ben.token })
    expect(found.body.map((user: { username: string }) => user.username).slice(0, 2)).toEqual(['kora_walked_far', 'kora_walks'])
    const typo = await call(http.handleUserSearch, '/x?q=kora_wakls', { token: ben.token })
    expect(typo.body[0].username).toBe('kora_walks')
  })

  it('finds a username with /, ?, # or % from its encoded address', async () => {
    for (const name of ['a/b_route1', 'a?b_route2', 'a#b_route3', 'a%b_route4']) {
      await app.member(name)
      const path = `/api/roam-share-posts/user/${encodeURIComponent(name)}`
      const profile = await call(http.handleUserProfile, path, { token: ben.token })
      expect(profile.body.profile?.username, name).toBe(name)
    }
  })
})

describe('posts, likes, follows, reports', () => {
  it('publishes a photo post that appears first in the feed with its files served', async () => {
    const created = await app.photoPost(ana.token)
    expect(created.status).toBe(201)
    const post = created.body.post
    expect(post).toMatchObject({
      username: 'ana_travels',
      post_type: 'photo',
      location: 'Lisbon, Portugal',
      tags: ['beaches', 'scenic views'],
      likes: 0,
      liked: false,
    })
    expect(post.images).toHaveLength(1)
    const feed = await app.feed(ben.token)
    expect(feed.body.posts[0].post_id).toBe(post.post_id)
    const tagged = await app.feed(ben.token, '?tag=beaches')
    expect(tagged.body.posts.map((p: { post_id: string }) => p.post_id)).toContain(post.post_id)
    expect((await app.feed(ben.token, '?tag=museums')).body.posts).toEqual([])
    expect((await app.feed(ben.token, '?location=lisb')).body.posts[0].post_id).toBe(post.post_id)
  })

  it('toggles likes, one per user, and notifies the author once a day', async () => {
    const { body } = await app.photoPost(ana.token)
    const postId = body.post.post_id
    const like = () => call(http.handleLike, '/x', { token: ben.token, params: { post_id: postId }, method: 'POST' })
    expect((await like()).body).toEqual({ liked: true, likes: 1 })
    expect((await like()).body).toEqual({ liked: false, likes: 0 })
    expect((await like()).body).toEqual({ liked: true, likes: 1 })
    await call(http.handleLike, '/x', { token: ana.token, params: { post_id: postId }, method: 'POST' })
    expect((await call(http.handleIsLiked, '/x', { token: ben.token, params: { post_id: postId } })).body).toEqual({ liked: true, likes: 2 })
    expect((await app.feed(ben.token, '?liked=true')).body.posts.map((p: { post_id: string }) => p.post_id)).toEqual([postId])
    await catchUp(app.db, notificationsProjection)
    const notes = await call(notificationsHttp.handleNotifications, '/api/notifications', { token: ana.token })
    expect(notes.body.filter((note: { message: string }) => note.message === 'Ben.Walker liked your post.')).toHaveLength(1)
    expect(notes.body.some((note: { message: string }) => note.message.startsWith('ana_travels'))).toBe(false)
  })

  it("answers each like with the count once it has committed, others' likes committed with it included", async () => {
    const { body } = await app.photoPost(ana.token)
    const postId = body.post.post_id
    const likers = await Promise.all(['Like.One', 'Like.Two', 'Like.Three', 'Like.Four', 'Like.Five'].map((name) => app.member(name)))
    const answers = await Promise.all(likers.map((liker) => call(http.handleLike, '/x', { token: liker.token, params: { post_id: postId }, method: 'POST' })))
    expect(answers.map((answer) => answer.body.liked)).toEqual([true, true, true, true, true])
    // The last like to commit counts all five, however the likes were grouped into transactions.
    expect(Math.max(...answers.map((answer) => answer.body.likes))).toBe(5)
  })

  it('answers a like with the count its commit leaves, when an unlike in the same commit cancels it out', async () => {
    const { body } = await app.photoPost(ana.token)
    const postId = body.post.post_id
    await call(http.handleLike, '/x', { token: ben.token, params: { post_id: postId }, method: 'POST' })
    const cara = '00000000-0000-4000-8000-00000000ca7a'
    const toggle = (type: 'PostLiked' | 'PostUnliked', userId: string) =>
      ({
        type,
        data: { postId, userId, authorId: ana.userId },
        streamId: likeStream(postId, userId),
        streamVersion: 1,
        globalPosition: 0,
        transactionId: '0',
        metadata: {},
        occurredAt: new Date(),
      }) as const
    // Ben's unlike and another member's like, grouped into one commit: the count stays at one.
    const readings = await postsProjection.apply(app.db, [toggle('PostUnliked', ben.userId), toggle('PostLiked', cara)])
    expect(readings).toEqual(
      new Map([
        [likeStream(postId, ben.userId), { likes: 1 }],
        [likeStream(postId, cara), { likes: 1 }],
      ]),
    )
  })

  it('pages through the feed and through Liked Posts with the cursor, each post once, with its state', async () => {
    const pager = await app.member('Page.Turner')
    const posts: string[] = []
    for (const caption of ['First', 'Second', 'Third']) {
      const { body } = await app.photoPost(ana.token, { caption, tags: JSON.stringify(['camping']) })
      posts.push(body.post.post_id)
      await call(http.handleLike, '/x', { token: pager.token, params: { post_id: body.post.post_id }, method: 'POST' })
    }
    const newestFirst = [...posts].reverse()
    for (const filter of ['tag=camping', 'liked=true']) {
      const first = await app.feed(pager.token, `?${filter}&limit=2`)
      expect(first.body.posts.map((post: { post_id: string }) => post.post_id)).toEqual(newestFirst.slice(0, 2))
      expect(first.body.posts.every((post: { liked: boolean; likes: number }) => post.liked && post.likes === 1)).toBe(true)
      expect(typeof first.body.nextCursor).toBe('string')
      const last = await app.feed(pager.token, `?${filter}&limit=2&cursor=${first.body.nextCursor}`)
      expect(last.body.posts.map((post: { post_id: string }) => post.post_id)).toEqual(newestFirst.slice(2))
      expect(last.body.nextCursor).toBeNull()
    }
    expect((await app.feed(pager.token, '?followed=true')).body).toEqual({ posts: [], nextCursor: null })
  })

  it('shows likes, edits, new and deleted posts at once, though it holds feed pages', async () => {
    const { body } = await app.photoPost(ana.token, { caption: 'Held page', tags: JSON.stringify(['stargazing']) })
    const postId = body.post.post_id
    const tagPage = async () =>
      (await app.feed(ben.token, '?tag=stargazing')).body.posts as { post_id: string; caption: string; likes: number; liked: boolean }[]
    expect((await tagPage())[0]).toMatchObject({ post_id: postId, caption: 'Held page', likes: 0, liked: false })
    await call(http.handleLike, '/x', { token: ben.token, params: { post_id: postId }, method: 'POST' })
    expect((await tagPage())[0]).toMatchObject({ post_id: postId, likes: 1, liked: true })
    expect((await app.feed(ana.token, '?tag=stargazing')).body.posts[0]).toMatchObject({ post_id: postId, likes: 1, liked: false })
    const form = app.postForm({
      caption: 'Edited while held',
      location: 'Lisbon, Portugal',
      tags: JSON.stringify(['stargazing']),
      keep_images: JSON.stringify(body.post.images),
    })
    expect((await call(http.handleUpdatePost, '/x', { token: ana.token, form, method: 'PUT', params: { postId } })).status).toBe(200)
    expect((await tagPage())[0]).toMatchObject({ post_id: postId, caption: 'Edited while held' })
    const newer = (await app.photoPost(ben.token, { caption: 'Newer', tags: JSON.stringify(['stargazing']) })).body.post.post_id
    expect((await tagPage()).map((post) => post.post_id).slice(0, 2)).toEqual([newer, postId])
    await call(http.handleDeletePost, '/x', { token: ben.token, method: 'DELETE', params: { post_id: newer } })
    expect((await tagPage())[0]!.post_id).toBe(postId)
  })

  it('follows from a public profile, filters the feed by followed users, and refuses following oneself', async () => {
    const self = await call(http.handleFollow, '/x', { token: ana.token, body: { userId: ana.userId } })
    expect(self.status).toBe(400)
    expect((await app.feed(ben.token, '?followed=true')).body.posts).toEqual([])
    const follow = await call(http.handleFollow, '/x', { token: ben.token, body: { userId: ana.userId } })
    expect(follow.body).toEqual({ isFollowing: true, follower_count: 1 })
    expect((await call(http.handleFollowStatus, '/x', { token: ben.token, params: { userId: ana.userId } })).body).toEqual({ isFollowing: true, isSelf: false })
    expect((await call(http.handleFollowStatus, '/x', { token: ana.token, params: { userId: ana.userId } })).body).toEqual({ isFollowing: false, isSelf: true })
    const followed = await app.feed(ben.token, '?followed=true')
    expect(followed.body.posts.length).toBeGreaterThan(0)
    expect(followed.body.posts.every((p: { username: string }) => p.username === 'ana_travels')).toBe(true)
    expect((await call(http.handleFollowers, '/x', { params: { user_id: ana.userId } })).body).toEqual([expect.objectContaining({ username: 'Ben.Walker' })])
    expect((await call(http.handleFollowing, '/x', { params: { user_id: ben.userId } })).body).toEqual([expect.objectContaining({ username: 'ana_travels' })])
    await catchUp(app.db, notificationsProjection)
    const notes = await call(notificationsHttp.handleNotifications, '/x', { token: ana.token })
    expect(notes.body.map((note: { message: string }) => note.message)).toContain('Ben.Walker started following you.')
    const followNote = notes.body.find((note: { message: string }) => note.message === 'Ben.Walker started following you.')
    expect(followNote).toMatchObject({ actor: { username: 'Ben.Walker', profile_picture: null }, link: '/u/Ben.Walker' })
    const liked = notes.body.find((note: { message: string }) => note.message === 'Ben.Walker liked your post.')
    expect(liked.link).toMatch(/^\/profile\?post=[0-9a-f-]{36}$/)
    // The bell counts per account: what one device has shown is seen on every other.
    const phone = (await call(authHttp.handleLogin, '/auth/login', { body: { email: ana.email, password: ana.password } })).body.accessToken
    const unread = async (token: string) => (await call(notificationsHttp.handleUnreadCount, '/x', { token })).body
    const seen = (token: string, upTo: string) => call(notificationsHttp.handleNotificationsSeen, '/x', { token, body: { upTo } })
    expect(await unread(ana.token)).toEqual({ count: notes.body.length })
    expect(await unread(phone)).toEqual({ count: notes.body.length })
    expect((await seen(ana.token, notes.body[1].id)).body).toEqual({ count: 1 })
    expect(await unread(phone)).toEqual({ count: 1 })
    expect((await seen(phone, notes.body[0].id)).body).toEqual({ count: 0 })
    expect(await unread(ana.token)).toEqual({ count: 0 })
    // An older page shown on a slow device does not bring back what was seen.
    expect((await seen(ana.token, notes.body[1].id)).body).toEqual({ count: 0 })
    expect((await seen(ana.token, '-1')).status).toBe(400)
    // A mark past the newest one does not swallow the next.
    expect((await seen(phone, '999999999999')).body).toEqual({ count: 0 })
    const cara = await app.member('cara_roams')
    await call(http.handleFollow, '/x', { token: cara.token, body: { userId: ana.userId } })
    await catchUp(app.db, notificationsProjection)
    expect(await unread(phone)).toEqual({ count: 1 })
    await call(http.handleUnfollow, '/x', { token: cara.token, body: { userId: ana.userId } })
    const unfollow = await call(http.handleUnfollow, '/x', { token: ben.token, body: { userId: ana.userId } })
    expect(unfollow.body).toEqual({ isFollowing: false, follower_count: 0 })
  })

  it('notifies a user once a day of one follower, however often they follow and unfollow', async () => {
    const fan = await app.member('fickle_fan')
    const star = await app.member('steady_star')
    const toggle = async () => {
      expect((await call(http.handleFollow, '/x', { token: fan.token, body: { userId: star.userId } })).status).toBe(200)
      expect((await call(http.handleUnfollow, '/x', { token: fan.token, body: { userId: star.userId } })).status).toBe(200)
    }
    for (let i = 0; i < 4; i++) await toggle()
    await catchUp(app.db, notificationsProjection) // the first four in one run
    for (let i = 0; i < 4; i++) await toggle()
    await catchUp(app.db, notificationsProjection) // the next four checked against the stored one
    const notes = await call(notificationsHttp.handleNotifications, '/x', { token: star.token })
    expect(notes.body.filter((note: { message: string }) => note.message === 'fickle_fan started following you.')).toHaveLength(1)
  })

  it('answers ids that are not ids as users and posts that do not exist', async () => {
    for (const id of ['user_id', '-'.repeat(36), 'ffffffff-ffff-ffff-ffff-ffffffffffff']) {
      expect((await call(http.handleFollowers, '/x', { params: { user_id: id } })).body).toEqual([])
      expect((await call(http.handleFollowing, '/x', { params: { user_id: id } })).body).toEqual([])
      expect((await call(http.handleFollowStatus, '/x', { token: ben.token, params: { userId: id } })).body).toEqual({ isFollowing: false, isSelf: false })
      expect((await call(http.handleFollow, '/x', { token: ben.token, body: { userId: id } })).status).toBe(404)
      expect((await call(http.handleLike, '/x', { token: ben.token, params: { post_id: id }, method: 'POST' })).status).toBe(404)
    }
  })

  it('takes one open report per user and post', async () => {
    const { body } = await app.photoPost(ana.token)
    const report = () => call(http.handleReport, '/x', { token: ben.token, body: { post_id: body.post.post_id, reason: 'Spam, Other: not a travel photo' } })
    expect((await report()).status).toBe(201)
    expect(await report()).toMatchObject({ status: 409, body: { error: 'You have already reported this post.' } })
    const feed = await app.feed(ben.token)
    expect(feed.body.posts.find((p: { post_id: string }) => p.post_id === body.post.post_id).is_reported).toBe(true)
  })

  it('edits a post: removes one photo, adds one, and the removed files are deleted by a job', async () => {
    const photos = [blob(await testPhoto(640, 480), 'image/jpeg'), blob(await testPhoto(480, 640, 'png'), 'image/png')]
    const { body } = await app.photoPost(ana.token, {}, photos)
    const [first, second] = body.post.images as string[]
    const form = app.postForm(
      { caption: 'Edited', location: 'Porto, Portugal', tags: JSON.stringify(['museums']), post_type: 'photo', keep_images: JSON.stringify([second]) },
      [{ field: 'images', blob: blob(await testPhoto(300, 300, 'webp'), 'image/webp'), name: 'new.webp' }],
    )
    const edited = await call(http.handleUpdatePost, '/x', { token: ana.token, form, method: 'PUT', params: { postId: body.post.post_id } })
    expect(edited.status).toBe(200)
    expect(edited.body.post).toMatchObject({ caption: 'Edited', location: 'Porto, Portugal', tags: ['museums'] })
    expect(edited.body.post.images[0]).toBe(second)
    expect(edited.body.post.images).toHaveLength(2)
    expect(app.storedFiles()).toContain(`roam_share_posts/${first}`)
    await app.runJobs('media.remove')
    expect(app.storedFiles()).not.toContain(`roam_share_posts/${first}`)
    const others = await call(http.handleUpdatePost, '/x', {
      token: ben.token,
      form: app.postForm({ location: 'x', tags: '["museums"]' }),
      method: 'PUT',
      params: { postId: body.post.post_id },
    })
    expect(others.status).toBe(404)
  })

  it('deletes only own posts, and their files with them', async () => {
    const { body } = await app.photoPost(ana.token)
    const postId = body.post.post_id
    expect((await call(http.handleDeletePost, '/x', { token: ben.token, method: 'DELETE', params: { post_id: postId } })).status).toBe(404)
    expect((await call(http.handleDeletePost, '/x', { token: ana.token, method: 'DELETE', params: { post_id: postId } })).status).toBe(200)
    await app.runJobs('media.remove')
    expect(app.storedFiles()).not.toContain(`roam_share_posts/${body.post.images[0]}`)
    expect((await app.feed(ben.token)).body.posts.map((p: { post_id: string }) => p.post_id)).not.toContain(postId)
  })

  it('hides the posts and profile of a blocked author, and shows them again once unblocked', async () => {
    const dan = await app.member('dan_blocked')
    const { body } = await app.photoPost(dan.token)
    const listed = async () => (await app.feed(ben.token)).body.posts.some((p: { post_id: string }) => p.post_id === body.post.post_id)
    const found = async () => (await call(http.handleUserSearch, '/x?q=dan_b', { token: ben.token })).body.length > 0
    expect([await listed(), await found()]).toEqual([true, true])
    await app.run(handleCommand(accountDecider, userStream(dan.userId), { type: 'Block', userId: dan.userId, by: { adminId: ben.userId, role: 'admin' } }))
    expect(await listed()).toBe(false)
    expect((await call(http.handleUserProfile, '/x', { params: { username: 'dan_blocked' } })).status).toBe(404)
    expect(await found()).toBe(false)
    await app.run(handleCommand(accountDecider, userStream(dan.userId), { type: 'Unblock', userId: dan.userId, by: { adminId: ben.userId, role: 'admin' } }))
    expect(await listed()).toBe(true)
  })

  it('tells an author that a moderator removed their post, and takes it out of the feed', async () => {
    const { body } = await app.photoPost(ana.token)
    await app.run(removePostAsModerator(body.post.post_id, ben.userId, 'Spam'))
    expect((await app.feed(ben.token)).body.posts.map((p: { post_id: string }) => p.post_id)).not.toContain(body.post.post_id)
    await catchUp(app.db, notificationsProjection)
    const notes = await call(notificationsHttp.handleNotifications, '/x', { token: ana.token })
    expect(notes.body.map((note: { message: string }) => note.message)).toContain('Your post was removed by a moderator. Reason: Spam')
    // The moderator who removed it is not named.
    expect(notes.body.find((note: { message: string }) => note.message.startsWith('Your post was removed'))).toMatchObject({ actor: null, link: null })
  })

  it('asks for a username before anything is shared', async () => {
    const carl = await app.loggedIn('carl@example.com')
    const answer = await app.photoPost(carl.accessToken)
    expect(answer).toMatchObject({ status: 403, body: { error: 'Please set up your username in Profile Page to access Roam Share.' } })
  })
})

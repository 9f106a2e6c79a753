import { Effect } from 'effect'
import { sql } from 'kysely'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import type { AppRuntime } from '../app/runtime.ts'
import { appendNewStreams, type NewStream } from '../events/bulk.ts'
import { saveCheckpoint } from '../events/checkpoints.ts'
import { rebuildProjection } from '../events/rebuild.ts'
import type { ProjectionRegistry } from '../events/registry.ts'
import type { Db } from '../platform/database.ts'
import { userStream } from '../modules/auth/domain.ts'
import { hashPassword } from '../modules/auth/passwords.ts'
import { insertUser } from '../modules/auth/users.ts'
import { storePhotos } from '../modules/media/uploads.ts'
import { followStream } from '../modules/roam-share/follow-domain.ts'
import { likeStream } from '../modules/roam-share/like-domain.ts'
import { postStream } from '../modules/roam-share/post-domain.ts'
import { profileStream } from '../modules/roam-share/profile-domain.ts'
import { POST_TAGS } from '../modules/roam-share/rules.ts'
import type { TripSnapshot } from '../modules/itinerary/saved/trip-snapshot.ts'

const NOTIFICATIONS = 'notifications'

export const SEED_PASSWORD = 'Seeded-traveller-2026'
export const seedEmail = (n: number) => `traveller${n}@seed.roam.local`

export interface SeedOptions {
  readonly users: number
  readonly posts: number
  readonly likes: number
  /** Follows per user (on average). */
  readonly follows: number
  readonly seed: number
  readonly log: (line: string) => void
}

const PLACES = [
  'Lisbon, Portugal',
  'Kyoto, Japan',
  'Cusco, Peru',
  'Reykjavik, Iceland',
  'Marrakesh, Morocco',
  'Hanoi, Vietnam',
  'Cape Town, South Africa',
  'Queenstown, New Zealand',
  'Tbilisi, Georgia',
  'Oaxaca, Mexico',
  'Porto, Portugal',
  'Bergen, Norway',
]
/** One post in this many carries a trip. */
const TRIP_EVERY = 8

/**
 * A made-up trip of three days in the post's city, for benchmarks only: three stops a day around a point
 * near the city (the names and places are not real ones).
 */
function seededTrip(location: string, n: number): TripSnapshot {
  const city = location.split(',')[0]!
  const [latitude, longitude] = [((n * 37) % 120) - 60, ((n * 71) % 340) - 170]
  const days = Array.from({ length: 3 }, (_, d) => ({
    day: d + 1,
    date: `2027-0${1 + (n % 9)}-1${d}`,
    city,
    places: Array.from({ length: 3 }, (_, k) => {
      const point = { latitude: latitude + d * 0.01 + k * 0.003, longitude: longitude + k * 0.004 }
      return {
        id: `seed-${n}-${d}-${k}`,
        name: `${city} stop ${d * 3 + k + 1}`,
        address: null,
        rating: null,
        reviews_count: null,
        visit_duration: 1.5,
        start_time: 9 + k * 2.5,
        travel_time_from_previous: k === 0 ? 0 : 15,
        city,
        coordinates: point,
        ...point,
      }
    }),
  }))
  return {
    title: `Three days in ${city}`,
    destinations: [city],
    daysPerDestination: { [city]: 3 },
    startDate: days[0]!.date,
    tripType: ['Tourist Attractions'],
    tripPace: 'moderate',
    days,
  }
}

const CAPTIONS = [
  'Golden hour never gets old.',
  'Worth every step of the climb.',
  'Found this spot by accident.',
  'Street food heaven.',
  'The view from the top.',
  '',
]

function mulberry32(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** Twelve plain photos of different colours, made as JPEG files and stored through the media module as uploads are. */
async function seedPhotos(runtime: AppRuntime) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'roam-seed-'))
  try {
    const uploads = []
    for (let i = 0; i < 12; i++) {
      const file = path.join(dir, `photo-${i}.jpg`)
      const hue = Math.round((i * 360) / 12)
      const { size } = await sharp({ create: { width: 1200, height: 900, channels: 3, background: `hsl(${hue}, 55%, 55%)` } })
        .jpeg()
        .toFile(file)
      uploads.push({ field: 'images', filename: `photo-${i}.jpg`, declaredType: 'image/jpeg', path: file, size })
    }
    return (await runtime.runPromise(storePhotos(uploads))).photos
  } finally {
    await fs.rm(dir, { recursive: true, force: true })
  }
}

/**
 * `seed:social`: a community of the given size for demos and benchmarks, written as real events
 * (accounts, usernames, posts with photos, follows, likes) and projected by rebuilding the read
 * models from the log. Every seeded account logs in with SEED_PASSWORD. The notification history of
 * the seeded likes and follows is skipped (nobody was there to read it).
 */
export async function seedSocial(db: Db, runtime: AppRuntime, registry: ProjectionRegistry, options: SeedOptions) {
  const { catalog } = registry
  const random = mulberry32(options.seed)
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!
  const started = performance.now()
  const now = Date.now()
  const day = 86_400_000
  const at = (ms: number) => new Date(Math.min(ms, now))

  // A handful of real photos, shared by the seeded posts, stored as an upload would be.
  const photos = await seedPhotos(runtime)

  // Accounts: the personal-data rows through the account module, the events in bulk.
  const passwordHash = await runtime.runPromise(hashPassword(SEED_PASSWORD))
  const users = Array.from({ length: options.users }, () => randomUUID())
  await runtime.runPromise(
    Effect.forEach(
      users,
      (id, n) => insertUser(id, seedEmail(n), { name: `Seeded Traveller ${n}`, gender: 'other', dob: '1990-01-01', phone: null, password_hash: passwordHash }),
      { concurrency: 8, discard: true },
    ),
  )
  const joined = (n: number) => at(now - 200 * day + n)
  const accountStreams: NewStream[] = users.map((userId, n) => ({
    id: userStream(userId),
    type: 'user',
    actorId: userId,
    events: [
      { type: 'UserRegistered', data: { userId }, occurredAt: joined(n) },
      { type: 'UserEmailVerified', data: { userId }, occurredAt: joined(n) },
    ],
  }))
  const profileStreams: NewStream[] = users.map((userId, n) => ({
    id: profileStream(userId),
    type: 'profile',
    actorId: userId,
    events: [{ type: 'UsernameSet', data: { userId, username: `traveller_${n}` }, occurredAt: joined(n) }],
  }))
  await appendNewStreams(db, catalog, [...accountStreams, ...profileStreams])
  options.log(`${users.length} accounts with usernames`)

  // Follows: each user follows a few others, popular users more often.
  const followStreams: NewStream[] = []
  const seenFollow = new Set<string>()
  for (let n = 0; n < users.length; n++) {
    const count = Math.floor(random() * options.follows * 2)
    for (let k = 0; k < count; k++) {
      const target = Math.floor(Math.pow(random(), 2) * users.length)
      const key = `${n}:${target}`
      if (target === n || seenFollow.has(key)) continue
      seenFollow.add(key)
      const [followerId, followeeId] = [users[n]!, users[target]!]
      followStreams.push({
        id: followStream(followerId, followeeId),
        type: 'follow',
        actorId: followerId,
        events: [{ type: 'UserFollowed', data: { followerId, followeeId }, occurredAt: at(now - 150 * day + n) }],
      })
    }
  }
  await appendNewStreams(db, catalog, followStreams)
  options.log(`${followStreams.length} follows`)

  // Posts, oldest first, so that log order is time order.
  const posts: { id: string; authorId: string; time: number }[] = []
  const postStreams: NewStream[] = []
  for (let i = 0; i < options.posts; i++) {
    const time = now - 120 * day + Math.floor((i / options.posts) * 120 * day)
    const authorId = users[Math.floor(Math.pow(random(), 1.5) * users.length)]!
    const postId = randomUUID()
    const tags = [...new Set([pick(POST_TAGS), pick(POST_TAGS), pick(POST_TAGS)].slice(0, 1 + Math.floor(random() * 3)))]
    const chosen = Array.from({ length: 1 + Math.floor(random() * 3) }, () => pick(photos))
    posts.push({ id: postId, authorId, time })
    const location = pick(PLACES)
    postStreams.push({
      id: postStream(postId),
      type: 'post',
      actorId: authorId,
      events: [
        {
          type: 'PostPublished',
          data: { postId, authorId, postType: 'photo', caption: pick(CAPTIONS), location, tags, photos: chosen, videoSource: null },
          occurredAt: at(time),
        },
        ...(i % TRIP_EVERY === 0 ? [{ type: 'PostTripAttached', data: { postId, trip: seededTrip(location, i) }, occurredAt: at(time) }] : []),
      ],
    })
    if (postStreams.length === 20_000) await appendNewStreams(db, catalog, postStreams.splice(0))
  }
  await appendNewStreams(db, catalog, postStreams)
  options.log(`${posts.length} posts`)

  // Likes: one per user and post, popular posts more often, in batches to keep memory flat.
  const seenLike = new Set<string>()
  let likeBatch: NewStream[] = []
  let likes = 0
  let attempts = 0
  while (likes < options.likes && attempts < options.likes * 3) {
    attempts++
    const p = Math.floor(Math.pow(random(), 3) * posts.length)
    const u = Math.floor(random() * users.length)
    const key = p * users.length + u
    if (seenLike.has(String(key))) continue
    seenLike.add(String(key))
    const post = posts[posts.length - 1 - p]!
    const userId = users[u]!
    likeBatch.push({
      id: likeStream(post.id, userId),
      type: 'like',
      actorId: userId,
      events: [{ type: 'PostLiked', data: { postId: post.id, userId, authorId: post.authorId }, occurredAt: at(post.time + Math.floor(random() * 2 * day)) }],
    })
    likes++
    if (likeBatch.length === 50_000) {
      await appendNewStreams(db, catalog, likeBatch)
      likeBatch = []
    }
  }
  await appendNewStreams(db, catalog, likeBatch)
  options.log(`${likes} likes`)

  for (const projection of [...registry.inline, ...registry.async]) {
    if (projection.name === NOTIFICATIONS) continue
    const result = await rebuildProjection(db, registry, projection)
    options.log(`rebuilt ${result.projection} from ${result.events} events in ${result.ms} ms`)
  }
  // The seeded history notifies nobody: the notifications projector starts after it.
  const last = await db
    .selectFrom('events')
    .select(['transaction_id', 'global_position'])
    .orderBy('transaction_id', 'desc')
    .orderBy('global_position', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (last) await saveCheckpoint(db, NOTIFICATIONS, { transactionId: String(last.transaction_id), globalPosition: last.global_position })
  // A bulk load leaves its pages for autovacuum to visit and its tables without statistics: done here, so
  // the app starts on a community in the state it would be in after a while, not in the minutes after.
  const vacuumStarted = performance.now()
  await sql`VACUUM (ANALYZE)`.execute(db)
  options.log(`vacuumed and analysed in ${Math.round(performance.now() - vacuumStarted)} ms`)
  return { users: users.length, follows: followStreams.length, posts: posts.length, likes, ms: Math.round(performance.now() - started) }
}

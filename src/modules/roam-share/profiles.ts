import { Effect } from 'effect'
import { sql } from 'kysely'
import { Config } from '../../platform/config.ts'
import { query } from '../../platform/database.ts'
import { UserNotFound, UsernameRequired } from './errors.ts'
import { isId, uploadUrl, usernameProblem } from './rules.ts'
import './tables.ts'

/** The Roam Share profile read model, and the few facts other modules may ask of it. */

export interface ProfileRow {
  readonly user_id: string
  readonly username: string | null
  readonly bio: string
  readonly picture: string | null
  readonly picture_changed_at: Date | null
  readonly follower_count: number
  readonly following_count: number
  readonly blocked: boolean
}

const columns = ['user_id', 'username', 'bio', 'picture', 'picture_changed_at', 'follower_count', 'following_count', 'blocked'] as const

export const findProfile = Effect.fn('Profiles.find')(function* (userId: string) {
  return yield* query((db) => db.selectFrom('rs_profiles').select(columns).where('user_id', '=', userId).executeTakeFirst())
})

/** A visible profile by username, ignoring case; blocked users are not found. */
export const findProfileByUsername = Effect.fn('Profiles.findByUsername')(function* (username: string) {
  // A name nobody could have claimed (e.g. with a NUL byte, which PostgreSQL text refuses) names nobody.
  if (usernameProblem(username)) return yield* new UserNotFound()
  const row = yield* query((db) =>
    db.selectFrom('rs_profiles').select(columns).where('username_lower', '=', username.toLowerCase()).where('blocked', '=', false).executeTakeFirst(),
  )
  if (!row) return yield* new UserNotFound()
  return row
})

/** The caller's username, or 403 with the spec's notice when they have none yet. */
export const requireUsername = Effect.fn('Profiles.requireUsername')(function* (userId: string) {
  const row = yield* findProfile(userId)
  if (!row?.username) return yield* new UsernameRequired()
  return row.username
})

/** Takes a username for a user, ignoring case; false when someone (or they) already holds one. */
export const claimUsername = Effect.fn('Profiles.claimUsername')(function* (userId: string, username: string) {
  const row = yield* query((db) =>
    db
      .insertInto('username_claims')
      .values({ username_lower: username.toLowerCase(), user_id: userId })
      .onConflict((oc) => oc.doNothing())
      .returning('user_id')
      .executeTakeFirst(),
  )
  return row !== undefined
})

/** `/uploads/profile_pictures/<file>?v=<changed at>`: the timestamp busts caches when the picture changes. */
export const pictureUrl = Effect.fn('Profiles.pictureUrl')(function* (row: Pick<ProfileRow, 'picture' | 'picture_changed_at'> | undefined) {
  if (!row?.picture) return null
  const { mediaBaseUrl } = yield* Config
  return `${uploadUrl(mediaBaseUrl ?? '', 'profile_pictures', row.picture)}?v=${row.picture_changed_at?.getTime() ?? 0}`
})

/** What the account module shows of a user's Roam Share profile (session user, GET /api/users/me). */
export const publicIdentity = Effect.fn('Profiles.publicIdentity')(function* (userId: string) {
  const row = yield* findProfile(userId)
  return { username: row?.username ?? null, profile_picture: yield* pictureUrl(row) }
})

/** Usernames of several users at once (notifications name who did what). */
export const usernamesOf = Effect.fn('Profiles.usernamesOf')(function* (userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, string>()
  const rows = yield* query((db) =>
    db
      .selectFrom('rs_profiles')
      .select(['user_id', 'username'])
      .where('user_id', 'in', [...userIds])
      .execute(),
  )
  return new Map(rows.filter((row) => row.username).map((row) => [row.user_id, row.username!]))
})

export interface UserEntry {
  readonly user_id: string
  readonly username: string
  readonly profile_picture: string | null
}

const entries = Effect.fn('Profiles.entries')(function* (rows: readonly Pick<ProfileRow, 'user_id' | 'username' | 'picture' | 'picture_changed_at'>[]) {
  const out: UserEntry[] = []
  for (const row of rows) if (row.username) out.push({ user_id: row.user_id, username: row.username, profile_picture: yield* pictureUrl(row) })
  return out
})

/** The username and picture of each of these users who has a username, by id. */
export const entriesOf = Effect.fn('Profiles.entriesOf')(function* (userIds: readonly string[]) {
  if (userIds.length === 0) return new Map<string, UserEntry>()
  const rows = yield* query((db) =>
    db
      .selectFrom('rs_profiles')
      .select(['user_id', 'username', 'picture', 'picture_changed_at'])
      .where('user_id', 'in', [...userIds])
      .execute(),
  )
  return new Map((yield* entries(rows)).map((entry) => [entry.user_id, entry]))
})

const FOLLOW_LIST_LIMIT = 2000

/** Followers of a user, or the users they follow (spec §3 follower entries), newest first. */
const followList = Effect.fn('Profiles.followList')(function* (userId: string, side: 'followers' | 'following') {
  if (!isId(userId)) return []
  const [self, other] = side === 'followers' ? (['f.followee_id', 'f.follower_id'] as const) : (['f.follower_id', 'f.followee_id'] as const)
  const rows = yield* query((db) =>
    db
      .selectFrom('rs_follows as f')
      .innerJoin('rs_profiles as p', 'p.user_id', other)
      .select(['p.user_id', 'p.username', 'p.picture', 'p.picture_changed_at'])
      .where(self, '=', userId)
      .where('p.blocked', '=', false)
      .orderBy('f.followed_at', 'desc')
      .limit(FOLLOW_LIST_LIMIT)
      .execute(),
  )
  return yield* entries(rows)
})

export const followersOf = (userId: string) => followList(userId, 'followers')
export const followingOf = (userId: string) => followList(userId, 'following')

export const isFollowing = Effect.fn('Profiles.isFollowing')(function* (followerId: string, followeeId: string) {
  if (!isId(followeeId)) return false
  const row = yield* query((db) =>
    db.selectFrom('rs_follows').select('follower_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst(),
  )
  return row !== undefined
})

const SEARCH_LIMIT = 10
let trigramAvailable: boolean | undefined
const likePattern = (text: string) => text.replace(/[\\%_]/g, '\\$&')

/**
 * User search (spec §5: from 2 characters): usernames starting with the text first (an index range),
 * then, when those are fewer than ten, the usernames closest to it by trigram distance (so a typo still
 * finds the person; the GiST index hands them out nearest first, so only those are read, however many
 * near-identical names there are), then usernames containing it; blocked users never.
 */
export const searchUsers = Effect.fn('Profiles.search')(function* (text: string) {
  const q = text.trim().toLowerCase()
  type Row = Pick<ProfileRow, 'user_id' | 'username' | 'bio' | 'picture' | 'picture_changed_at'>
  const rows = yield* query(async (db) => {
    const visible = db
      .selectFrom('rs_profiles')
      .select(['user_id', 'username', 'bio', 'picture', 'picture_changed_at'])
      .where('username_lower', 'is not', null)
      .where('blocked', '=', false)
    // In byte order ("C"), as the unique index keeps them: the prefix is one index range, read in order.
    const byName = sql<string>`username_lower COLLATE "C"`
    const found: Row[] = await visible
      .where(byName, 'like', `${likePattern(q)}%`)
      .orderBy(byName)
      .limit(SEARCH_LIMIT)
      .execute()
    const notFound = (query: typeof visible) =>
      found.length === 0
        ? query
        : query.where(
            'user_id',
            'not in',
            found.map((row) => row.user_id),
          )
    trigramAvailable ??=
      (await sql<{ on: boolean }>`SELECT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') AS on`.execute(db)).rows[0]?.on ?? false
    if (found.length < SEARCH_LIMIT && trigramAvailable) {
      found.push(
        ...(await notFound(visible)
          .where(sql<boolean>`username_lower % ${q}`)
          .orderBy(sql`username_lower <-> ${q}`)
          .limit(SEARCH_LIMIT - found.length)
          .execute()),
      )
    }
    if (found.length < SEARCH_LIMIT) {
      found.push(
        ...(await notFound(visible)
          .where('username_lower', 'like', `%${likePattern(q)}%`)
          .orderBy('username_lower')
          .limit(SEARCH_LIMIT - found.length)
          .execute()),
      )
    }
    return found
  })
  const out = []
  for (const row of rows) out.push({ user_id: row.user_id, username: row.username!, bio: row.bio, profile_picture: yield* pictureUrl(row) })
  return out
})

import { Effect } from 'effect'
import { sql } from 'kysely'
import { query } from '../../platform/database.ts'
import './tables.ts'

/** What the like and follow commands need to know from the read models, each in one round trip. */

/** Whether the liker has a username, and the author of the post if the feed shows it. */
export const likeFacts = Effect.fn('Social.likeFacts')(function* (userId: string, postId: string) {
  const { rows } = yield* query((db) =>
    sql<{ username: string | null; author_id: string | null }>`
      SELECT (SELECT username FROM rs_profiles WHERE user_id = ${userId}) AS username, p.author_id
      FROM (SELECT 1) AS one LEFT JOIN rs_posts p ON p.post_id = ${postId}::uuid AND p.listed`.execute(db),
  )
  const { username, author_id } = rows[0]!
  return { likerHasUsername: username !== null, authorId: author_id ?? undefined }
})

/** Whether the follower has a username, and whether the other user has a profile anyone can see. */
export const followFacts = Effect.fn('Social.followFacts')(function* (followerId: string, followeeId: string) {
  const rows = yield* query((db) =>
    db.selectFrom('rs_profiles').select(['user_id', 'username', 'blocked']).where('user_id', 'in', [followerId, followeeId]).execute(),
  )
  const follower = rows.find((row) => row.user_id === followerId)
  const followee = rows.find((row) => row.user_id === followeeId)
  return { followerHasUsername: Boolean(follower?.username), followeeVisible: Boolean(followee?.username && !followee.blocked) }
})

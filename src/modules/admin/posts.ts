import { Effect } from 'effect'
import { handleCommand } from '../../events/decider.ts'
import { transaction } from '../../platform/database.ts'
import type { Caller } from '../auth/authenticate.ts'
import { emailsOf } from '../auth/users.ts'
import { findPost } from '../roam-share/feed.ts'
import { postsForModeration } from '../roam-share/moderation-queries.ts'
import { clearReports, removePostAsModerator, type Moderated } from '../roam-share/post-commands.ts'
import { usernamesOf } from '../roam-share/profiles.ts'
import { newNoteId, saveNote } from './notes.ts'
import { postModerationDecider, postModerationStream, type PostModerationAction } from './post-moderation-domain.ts'
import { cleanNote, POSTS_MAX_PAGE_SIZE, POSTS_PAGE_SIZE, wholeOr } from './rules.ts'

/**
 * The Posts tab: every Roam Share post (hidden ones too: a blocked author's, a video still processing)
 * or only the reported ones, newest first, with the author's e-mail and each open report's reason. Posts
 * are moderated through Roam Share's own commands, so the events name the moderator.
 */

export interface PostListQuery {
  readonly reported?: boolean | undefined
  /** The `seq` of the last post of the previous page. */
  readonly before?: number | undefined
  readonly limit?: number | undefined
}

/** GET /api/admin/posts?reported=true&before=&limit= */
export const listPosts = Effect.fn('AdminPosts.list')(function* (input: PostListQuery) {
  const limit = Math.min(Math.max(1, wholeOr(input.limit, POSTS_PAGE_SIZE)), POSTS_MAX_PAGE_SIZE)
  const before = input.before !== undefined && Number.isSafeInteger(input.before) ? input.before : undefined
  const { posts, nextBefore } = yield* postsForModeration({ reported: input.reported === true, before, limit })
  const reporterIds = new Set(posts.flatMap((post) => post.reports.map((report) => report.reporterId)))
  const [emails, reporters] = yield* Effect.all([emailsOf(posts.map((post) => post.user_id)), usernamesOf([...reporterIds])], { concurrency: 2 })
  return {
    nextBefore,
    posts: posts.map(({ reports, ...post }) => ({
      ...post,
      email: emails.get(post.user_id) ?? null,
      reports: reports.map((report) => ({
        reason: report.reason,
        reporter: reporters.get(report.reporterId) ?? null,
        reported_at: report.reportedAt.toISOString(),
      })),
    })),
  }
})

/** Adds what a moderator did to the post's moderation record, which outlives the post and its author. */
const recordModeration = (caller: Caller, postId: string, action: PostModerationAction, noteId?: string) => (moderated: Moderated) =>
  moderated.changed
    ? Effect.asVoid(
        handleCommand(
          postModerationDecider,
          postModerationStream(postId),
          { type: 'Record', postId, authorId: moderated.authorId, moderatorId: caller.userId, action, noteId },
          { actorId: caller.userId },
        ),
      )
    : Effect.void

/** DELETE /api/admin/posts/{postId}/clear-report: the open reports were unfounded; the post stays. */
export const clearPostReports = Effect.fn('AdminPosts.clearReports')(function* (caller: Caller, postId: string | undefined) {
  const post = yield* findPost(postId ?? '')
  yield* transaction(clearReports(post.post_id, caller.userId).pipe(Effect.flatMap(recordModeration(caller, post.post_id, 'clear_report'))))
  return { message: 'Report cleared' }
})

/**
 * DELETE /api/admin/posts/{postId}: removes the post; its author is told, with the reason if one is given.
 * The reason is also kept as a moderation note, which the post's record names.
 */
export const removePost = Effect.fn('AdminPosts.remove')(function* (caller: Caller, postId: string | undefined, reason: string | undefined) {
  const note = cleanNote(reason)
  const noteId = yield* newNoteId(note)
  const post = yield* findPost(postId ?? '')
  yield* transaction(
    Effect.gen(function* () {
      const moderated = yield* removePostAsModerator(post.post_id, caller.userId, note ?? null)
      yield* recordModeration(caller, post.post_id, 'remove_post', noteId)(moderated)
      if (noteId && note && moderated.changed) yield* saveNote(noteId, moderated.authorId, caller.userId, note)
    }),
  )
  return { message: 'Post deleted' }
})

import { Effect } from 'effect'
import { query } from '../../platform/database.ts'
import { mediaBaseUrl, parsePresented, selectPresented, type PresentedPost } from './feed.ts'
import './tables.ts'

/** What moderators see of Roam Share's posts (the admin dashboard's Posts tab). Read models only. */

export interface ModerationPageQuery {
  /** Only posts with open reports. */
  readonly reported: boolean
  /** The `seq` of the last post of the previous page. */
  readonly before: number | undefined
  readonly limit: number
}

export interface OpenReport {
  readonly reporterId: string
  readonly reason: string
  readonly reportedAt: Date
}

/** Every post (hidden ones too: a blocked author's, a video still processing) or only the reported ones, newest first, each with its open reports, oldest first. */
export const postsForModeration = Effect.fn('Posts.forModeration')(function* (input: ModerationPageQuery) {
  const mediaBase = yield* mediaBaseUrl
  const rows = yield* query((db) =>
    selectPresented(db, undefined, mediaBase)
      .$if(input.reported, (posts) => posts.where('p.open_reports', '>', 0))
      .$if(input.before !== undefined, (posts) => posts.where('p.seq', '<', input.before!))
      .orderBy('p.seq', 'desc')
      .limit(input.limit + 1)
      .execute(),
  )
  const page = rows.slice(0, input.limit)
  const reports = yield* openReportsOf(page.map((row) => row.post_id))
  return {
    nextBefore: rows.length > input.limit ? page.at(-1)!.seq : null,
    posts: page.map((row): PresentedPost & { readonly reports: readonly OpenReport[] } => ({
      ...parsePresented(row),
      reports: reports.get(row.post_id) ?? [],
    })),
  }
})

/** The open reports of each of these posts. */
const openReportsOf = Effect.fn('Posts.openReportsOf')(function* (postIds: readonly string[]) {
  if (postIds.length === 0) return new Map<string, OpenReport[]>()
  const rows = yield* query((db) =>
    db
      .selectFrom('rs_reports')
      .select(['post_id', 'reporter_id', 'reason', 'reported_at'])
      .where('post_id', 'in', [...postIds])
      .where('resolved_at', 'is', null)
      .orderBy('reported_at')
      .execute(),
  )
  const byPost = new Map<string, OpenReport[]>()
  for (const row of rows)
    byPost.set(row.post_id, [...(byPost.get(row.post_id) ?? []), { reporterId: row.reporter_id, reason: row.reason, reportedAt: row.reported_at }])
  return byPost
})

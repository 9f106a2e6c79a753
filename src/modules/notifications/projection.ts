import { sql, type Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection, RecordedEvent } from '../../events/types.ts'
import { AccountEvents } from '../auth/domain.ts'
import { FollowEvents } from '../roam-share/follow-domain.ts'
import { LikeEvents } from '../roam-share/like-domain.ts'
import { PostEvents } from '../roam-share/post-domain.ts'
import type { NotificationKind } from './messages.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    notifications: {
      id: number
      user_id: string
      kind: NotificationKind
      actor_id: string | null
      post_id: string | null
      detail: string | null
      created_at: Date
    }
  }
}

/** What a notification says, before it is stored: who gets it, about what, caused by whom. */
export interface NotificationDraft {
  readonly recipientId: string
  readonly kind: NotificationKind
  readonly actorId: string | null
  readonly postId?: string | null
  readonly detail?: string | null
  /** Skip when the same recipient, kind, actor and post were notified within this many hours. */
  readonly quietHours?: number
}

/**
 * The events that notify someone, each with the function that says whom and about what. Another
 * module's event becomes a notification by adding its set here and one function below (e.g. the admin
 * module's `UserWarned`).
 */
const NotifyingEvents = combineEvents(
  pickEvents(LikeEvents, ['PostLiked']),
  pickEvents(FollowEvents, ['UserFollowed']),
  pickEvents(PostEvents, ['PostRemovedByModerator']),
  pickEvents(AccountEvents, ['UserWarned']),
)
type NotifyingEvent = EventOf<typeof NotifyingEvents>

type Drafter = {
  [T in NotifyingEvent['type']]: (event: RecordedEvent<Extract<NotifyingEvent, { type: T }>>, db: Kysely<any>) => NotificationDraft | Promise<NotificationDraft>
}

/**
 * A warning's words: the admin module keeps them out of the log (`moderation_notes`, always in the public
 * schema, hence named bare in raw SQL, which a rebuild's scratch schema leaves alone).
 */
async function warningText(db: Kysely<any>, warningId: string): Promise<string | null> {
  const { rows } = await sql<{ text: string }>`SELECT text FROM moderation_notes WHERE id = ${warningId}`.execute(db)
  return rows[0]?.text ?? null
}

const drafts: Drafter = {
  // A like, not an unlike; once a day per liker and post, however often they toggle.
  PostLiked: (event) => ({ recipientId: event.data.authorId, kind: 'like', actorId: event.data.userId, postId: event.data.postId, quietHours: 24 }),
  UserFollowed: (event) => ({ recipientId: event.data.followeeId, kind: 'follow', actorId: event.data.followerId }),
  PostRemovedByModerator: (event) => ({
    recipientId: event.data.authorId,
    kind: 'post_removed',
    actorId: event.metadata.actorId ?? null,
    postId: event.data.postId,
    detail: event.data.reason,
  }),
  UserWarned: async (event, db) => ({
    recipientId: event.data.userId,
    kind: 'warning',
    actorId: event.data.adminId,
    detail: await warningText(db, event.data.warningId),
  }),
}

/** A deleted user's notifications go with them, and those their likes and follows made. */
const Erasing = pickEvents(AccountEvents, ['UserDeleted'])

/**
 * Notifications (async, DESIGN §4): written by the projector runner after the events commit, so a
 * like never waits for them. Nobody is notified of their own action. The id is the log position of
 * the event, so a rebuild gives the same rows.
 */
export const notificationsProjection: Projection<NotifyingEvent | EventOf<typeof Erasing>> = {
  name: 'notifications',
  events: combineEvents(NotifyingEvents, Erasing),
  tables: ['notifications'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".notifications (
      id         bigint PRIMARY KEY,
      user_id    uuid NOT NULL,
      kind       text NOT NULL,
      actor_id   uuid,
      post_id    uuid,
      detail     text,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX notifications_user ON "${schema}".notifications (user_id, created_at DESC);
    CREATE INDEX notifications_repeat ON "${schema}".notifications (user_id, kind, actor_id, post_id, created_at DESC);`,
  apply: async (db, events) => {
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        // Theirs, and what their likes and follows (purged with the account) told others.
        await db
          .deleteFrom('notifications')
          .where((eb) => eb.or([eb('user_id', '=', event.data.userId), eb.and([eb('actor_id', '=', event.data.userId), eb('kind', 'in', ['like', 'follow'])])]))
          .execute()
        continue
      }
      const draft = await (drafts[event.type] as (event: RecordedEvent<NotifyingEvent>, db: Kysely<any>) => NotificationDraft | Promise<NotificationDraft>)(
        event,
        db,
      )
      if (draft.actorId === draft.recipientId) continue
      if (draft.quietHours) {
        const since = new Date(event.occurredAt.getTime() - draft.quietHours * 3_600_000)
        const repeat = await db
          .selectFrom('notifications')
          .select('id')
          .where('user_id', '=', draft.recipientId)
          .where('kind', '=', draft.kind)
          .where('actor_id', draft.actorId === null ? 'is' : '=', draft.actorId)
          .where('post_id', draft.postId ? '=' : 'is', draft.postId ?? null)
          .where('created_at', '>', since)
          .executeTakeFirst()
        if (repeat) continue
      }
      await db
        .insertInto('notifications')
        .values({
          id: event.globalPosition,
          user_id: draft.recipientId,
          kind: draft.kind,
          actor_id: draft.actorId,
          post_id: draft.postId ?? null,
          detail: draft.detail ?? null,
          created_at: event.occurredAt,
        })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute()
    }
  },
}

import type { Kysely } from 'kysely'
import { combineEvents, pickEvents, type EventOf } from '../../events/event-set.ts'
import type { Projection, RecordedEvent } from '../../events/types.ts'
import { noteTextIn } from '../admin/notes.ts'
import { AccountEvents } from '../auth/domain.ts'
import { FollowEvents } from '../roam-share/follow-domain.ts'
import { LikeEvents } from '../roam-share/like-domain.ts'
import { PostEvents } from '../roam-share/post-domain.ts'
import { TripCopyEvents } from '../roam-share/trip-copy-domain.ts'
import { zipped } from '../../events/zipped.ts'
import type { NotificationKind } from './messages.ts'
import type { ReadModels } from '../../events/registry.ts'

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
  /** Skip when the same recipient, kind, actor and post (or no post for either) were notified within this many hours. */
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
  TripCopyEvents,
)
type NotifyingEvent = EventOf<typeof NotifyingEvents>

type Drafter = {
  [T in NotifyingEvent['type']]: (event: RecordedEvent<Extract<NotifyingEvent, { type: T }>>, db: Kysely<any>) => NotificationDraft | Promise<NotificationDraft>
}

const drafts: Drafter = {
  // A like, not an unlike; once a day per liker and post, however often they toggle.
  PostLiked: (event) => ({ recipientId: event.data.authorId, kind: 'like', actorId: event.data.userId, postId: event.data.postId, quietHours: 24 }),
  // Once a day per follower and user, however often they follow and unfollow.
  UserFollowed: (event) => ({ recipientId: event.data.followeeId, kind: 'follow', actorId: event.data.followerId, quietHours: 24 }),
  PostRemovedByModerator: (event) => ({
    recipientId: event.data.authorId,
    kind: 'post_removed',
    actorId: event.metadata.actorId ?? null,
    postId: event.data.postId,
    detail: event.data.reason,
  }),
  // Once per copier and trip: the copy stream records one copy at most.
  PostTripCopied: (event) => ({
    recipientId: event.data.authorId,
    kind: 'trip_copy',
    actorId: event.data.copierId,
    postId: event.data.postId,
    detail: event.data.city,
  }),
  UserWarned: async (event, db) => ({
    recipientId: event.data.userId,
    kind: 'warning',
    actorId: event.data.adminId,
    detail: await noteTextIn(db, event.data.warningId),
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
    let run: Pending[] = []
    for (const event of events) {
      if (event.type === 'UserDeleted') {
        await insertNotifications(db, run)
        run = []
        // Theirs, and what their likes, follows and trip copies (purged with the account) told others.
        await db
          .deleteFrom('notifications')
          .where((eb) =>
            eb.or([eb('user_id', '=', event.data.userId), eb.and([eb('actor_id', '=', event.data.userId), eb('kind', 'in', ['like', 'follow', 'trip_copy'])])]),
          )
          .execute()
        continue
      }
      const draft = await (drafts[event.type] as (event: RecordedEvent<NotifyingEvent>, db: Kysely<any>) => NotificationDraft | Promise<NotificationDraft>)(
        event,
        db,
      )
      if (draft.actorId !== draft.recipientId) run.push({ id: event.globalPosition, at: event.occurredAt, draft })
    }
    await insertNotifications(db, run)
  },
}

interface Pending {
  readonly id: number
  readonly at: Date
  readonly draft: NotificationDraft
}

/**
 * Stores a run of notifications in one statement. A draft with quiet hours is dropped when the same
 * recipient, kind, actor and post were notified within them: by an earlier one of the run (checked here)
 * or by a stored one (checked by the statement, for the first of the run only: a later one kept here is
 * quiet hours past an earlier one, so past any stored one too).
 */
async function insertNotifications(db: Kysely<any>, run: readonly Pending[]) {
  const lastKept = new Map<string, number>()
  const rows = run.flatMap(({ id, at, draft }) => {
    if (!draft.quietHours) return [{ id, at, draft, since: null }]
    const key = JSON.stringify([draft.recipientId, draft.kind, draft.actorId, draft.postId ?? null])
    const quietMs = draft.quietHours * 3_600_000
    const previous = lastKept.get(key)
    if (previous !== undefined && at.getTime() - previous < quietMs) return []
    lastKept.set(key, at.getTime())
    return [{ id, at, draft, since: previous === undefined ? new Date(at.getTime() - quietMs) : null }]
  })
  for (let i = 0; i < rows.length; i += 2000) {
    const batch = rows.slice(i, i + 2000)
    const column = <T>(type: string, pick: (row: (typeof batch)[number]) => T) => ({ type, values: batch.map(pick) })
    const drafts = zipped(db, {
      id: column('bigint', (r) => r.id),
      user_id: column('uuid', (r) => r.draft.recipientId),
      kind: column('text', (r) => r.draft.kind),
      actor_id: column('uuid', (r) => r.draft.actorId),
      post_id: column('uuid', (r) => r.draft.postId ?? null),
      detail: column('text', (r) => r.draft.detail ?? null),
      created_at: column('timestamptz', (r) => r.at),
      since: column('timestamptz', (r) => r.since),
    })
    await db
      .insertInto('notifications')
      .columns(['id', 'user_id', 'kind', 'actor_id', 'post_id', 'detail', 'created_at'])
      .expression(
        db
          .selectFrom(drafts)
          .select(['t.id', 't.user_id', 't.kind', 't.actor_id', 't.post_id', 't.detail', 't.created_at'])
          .where((eb) =>
            eb.or([
              eb('t.since', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('notifications as n')
                    .select('n.id')
                    .whereRef('n.user_id', '=', 't.user_id')
                    .whereRef('n.kind', '=', 't.kind')
                    .whereRef('n.actor_id', '=', 't.actor_id')
                    .whereRef('n.post_id', 'is not distinct from', 't.post_id')
                    .whereRef('n.created_at', '>', 't.since'),
                ),
              ),
            ]),
          ),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute()
  }
}

/** The notifications module's read models (src/app/registry.ts gathers every module's). */
export const notificationsReadModels: ReadModels = { async: [notificationsProjection] }

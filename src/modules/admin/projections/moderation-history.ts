import type { Projection } from '../../../events/types.ts'
import { historyEntry, ModerationEvents, type ModerationEvent } from '../history.ts'

declare module '../../../platform/tables.ts' {
  interface Tables {
    moderation_history: {
      position: number
      occurred_at: Date
      action: string
      admin_id: string | null
      target_id: string
      post_id: string | null
      note_id: string | null
      detail: string | null
    }
  }
}

/**
 * The Activity tab: every moderation action on accounts and posts replayed from the log (async). It keeps the ids of deleted
 * users and posts: moderation records outlive the account (privacy policy §7; posts have moderation
 * records of their own that erasure leaves), and with the personal data gone an id names nobody.
 */
export const moderationHistoryProjection: Projection<ModerationEvent> = {
  name: 'moderation_history',
  events: ModerationEvents,
  tables: ['moderation_history'],
  ddl: (schema) => `
    CREATE TABLE "${schema}".moderation_history (
      position    bigint PRIMARY KEY,
      occurred_at timestamptz NOT NULL,
      action      text NOT NULL,
      admin_id    uuid,
      target_id   uuid NOT NULL,
      post_id     uuid,
      note_id     uuid,
      detail      text
    );
    CREATE INDEX ON "${schema}".moderation_history (occurred_at DESC, position DESC);
    CREATE INDEX ON "${schema}".moderation_history (admin_id, occurred_at DESC);
    CREATE INDEX ON "${schema}".moderation_history (target_id, occurred_at DESC)`,
  apply: async (db, events) => {
    if (events.length === 0) return
    await db
      .insertInto('moderation_history')
      .values(
        events.map((event) => {
          const entry = historyEntry(event)
          return {
            position: event.globalPosition,
            occurred_at: event.occurredAt,
            action: entry.action,
            admin_id: entry.adminId,
            target_id: entry.targetId,
            post_id: entry.postId,
            note_id: entry.noteId,
            detail: entry.detail,
          }
        }),
      )
      .onConflict((oc) => oc.column('position').doNothing())
      .execute()
  },
}

import { Effect } from 'effect'
import { sql, type Kysely } from 'kysely'
import { randomUUID } from 'node:crypto'
import { query } from '../../platform/database.ts'
import { now } from '../../platform/time.ts'
import { NoteTooLong } from './errors.ts'
import { NOTE_MAX_LENGTH } from './rules.ts'

declare module '../../platform/tables.ts' {
  interface Tables {
    moderation_notes: { id: string; subject_id: string; author_id: string; text: string; created_at: Date }
  }
}

/**
 * What admins write when they moderate (a warning, the reason for a block or a deletion). Free text about
 * a person stays out of the event log (DESIGN §4): events carry the note's id, this table the words.
 */

/** A new note's id, or undefined when there is no text; refuses a note that is too long. */
export const newNoteId = (text: string | undefined) =>
  text === undefined ? Effect.succeed(undefined) : text.length > NOTE_MAX_LENGTH ? Effect.fail(new NoteTooLong()) : Effect.sync(() => randomUUID())

/** Stores a note under the id its event carries. Joins the current transaction. */
export const saveNote = Effect.fn('ModerationNotes.save')(function* (id: string, subjectId: string, authorId: string, text: string) {
  const createdAt = yield* now
  yield* query((db) => db.insertInto('moderation_notes').values({ id, subject_id: subjectId, author_id: authorId, text, created_at: createdAt }).execute())
})

/** The text of each of these notes. */
export const noteTexts = Effect.fn('ModerationNotes.texts')(function* (ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, string>()
  const rows = yield* query((db) =>
    db
      .selectFrom('moderation_notes')
      .select(['id', 'text'])
      .where('id', 'in', [...new Set(ids)])
      .execute(),
  )
  return new Map(rows.map((row) => [row.id, row.text]))
})

/**
 * A note's text, for a projection reading it on the connection it was given: the notes are not a read model
 * and always live in the public schema, hence named bare in raw SQL, which a rebuild's scratch schema leaves alone.
 */
export async function noteTextIn(db: Kysely<any>, id: string): Promise<string | null> {
  const { rows } = await sql<{ text: string }>`SELECT text FROM moderation_notes WHERE id = ${id}`.execute(db)
  return rows[0]?.text ?? null
}

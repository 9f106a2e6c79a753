import { Effect, Result } from 'effect'
import { positionOf, readLog } from '../../events/store.ts'
import type { LogPosition } from '../../events/types.ts'
import { query } from '../../platform/database.ts'
import { isUuid } from '../../platform/ids.ts'
import { emailsOf, usersWithEmailContaining } from '../auth/users.ts'
import { InvalidPeriod } from './errors.ts'
import { historyEntry, ModerationEvents, type HistoryEntry } from './history.ts'
import { noteTexts } from './notes.ts'
import { addDays, isDay } from './rules.ts'

export interface AuditFilter {
  /** First and last day (YYYY-MM-DD, UTC), inclusive. */
  readonly from?: string | undefined
  readonly to?: string | undefined
  /** The target user: an id or part of an e-mail. */
  readonly user?: string | undefined
  /** The acting admin: an id or part of an e-mail. */
  readonly admin?: string | undefined
}

export interface AuditLine extends HistoryEntry {
  readonly position: number
  readonly at: Date
  readonly adminEmail: string | null
  readonly targetEmail: string | null
  readonly note: string | null
}

/** The ids an id-or-e-mail-fragment names (an id stays an id even when its account is gone). */
const idsNamed = (text: string) =>
  isUuid(text.trim())
    ? Effect.succeed(new Set([text.trim().toLowerCase()]))
    : Effect.map(
        query((db) => usersWithEmailContaining(db, text).execute()),
        (rows) => new Set(rows.map((row) => row.id)),
      )

/**
 * `npm run cli -- audit:moderation`: the moderation history read straight from the event log (not from
 * the read model), oldest first, with e-mails and notes looked up for the accounts that still exist.
 */
export const auditTrail = Effect.fn('Admin.auditTrail')(function* (filter: AuditFilter) {
  for (const day of [filter.from, filter.to]) if (day !== undefined && !isDay(day)) return yield* new InvalidPeriod()
  const from = filter.from ? new Date(`${filter.from}T00:00:00Z`) : undefined
  const until = filter.to ? new Date(`${addDays(filter.to, 1)}T00:00:00Z`) : undefined
  const targets = filter.user ? yield* idsNamed(filter.user) : undefined
  const admins = filter.admin ? yield* idsNamed(filter.admin) : undefined

  const entries: (HistoryEntry & { position: number; at: Date })[] = []
  let after: LogPosition | undefined
  for (;;) {
    const batch = yield* query((db) => readLog(db, { after, limit: 5000, eventTypes: ModerationEvents.types, includeInFlight: true }))
    if (batch.length === 0) break
    after = positionOf(batch[batch.length - 1]!)
    for (const stored of batch) {
      const decoded = ModerationEvents.decode(stored)
      if (Result.isFailure(decoded)) return yield* Effect.die(decoded.failure)
      const event = decoded.success
      if ((from && event.occurredAt < from) || (until && event.occurredAt >= until)) continue
      const entry = historyEntry(event)
      if (targets && !targets.has(entry.targetId)) continue
      if (admins && !(entry.adminId && admins.has(entry.adminId))) continue
      entries.push({ ...entry, position: event.globalPosition, at: event.occurredAt })
    }
  }
  const [emails, notes] = yield* Effect.all(
    [emailsOf(entries.flatMap((e) => (e.adminId ? [e.adminId, e.targetId] : [e.targetId]))), noteTexts(entries.flatMap((e) => (e.noteId ? [e.noteId] : [])))],
    { concurrency: 2 },
  )
  return entries.map((entry): AuditLine => ({
    ...entry,
    adminEmail: entry.adminId ? (emails.get(entry.adminId) ?? null) : null,
    targetEmail: emails.get(entry.targetId) ?? null,
    note: entry.noteId ? (notes.get(entry.noteId) ?? null) : null,
  }))
})

import { Cause, Exit } from 'effect'
import { registry } from '../../app/registry.ts'
import { projectionNamed } from '../../events/registry.ts'
import { verifyProjection } from '../../events/verify.ts'
import { auditTrail, type AuditLine } from '../../modules/admin/audit.ts'
import { ACTION_LABELS } from '../../modules/admin/rules.ts'
import { option, positional } from '../args.ts'
import type { Command } from '../context.ts'

const person = (email: string | null, id: string) => (email ? `${email} (${id})` : `deleted account ${id}`)

/** Whom an action was about: the account, or the post and its author (both gone once the author is deleted). */
const target = (line: AuditLine) => {
  if (!line.postId) return person(line.targetEmail, line.targetId)
  if (line.targetEmail === null) return `deleted post of a deleted account (post ${line.postId}, account ${line.targetId})`
  return `${person(line.targetEmail, line.targetId)}  post ${line.postId}`
}

function describe(line: AuditLine): string {
  const by = line.adminId ? `by ${person(line.adminEmail, line.adminId)}` : line.action === 'delete' ? 'by the account owner' : 'by the operator (CLI)'
  const parts = [line.at.toISOString(), ACTION_LABELS[line.action].padEnd(12), target(line), by]
  if (line.detail) parts.push(line.detail)
  if (line.noteId) parts.push(line.note === null ? 'note: (not found)' : `note: ${JSON.stringify(line.note)}`)
  return parts.join('  ')
}

export const auditModeration: Command = {
  name: 'audit:moderation',
  usage: 'audit:moderation [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--user id|email] [--admin id|email] [--json]   moderation history from the event log',
  run: async ({ runtime, args, out }) => {
    const exit = await runtime.runPromiseExit(
      auditTrail({ from: option(args, 'from'), to: option(args, 'to'), user: option(args, 'user'), admin: option(args, 'admin') }),
    )
    if (Exit.isFailure(exit)) {
      const failure = exit.cause.reasons.find(Cause.isFailReason)?.error
      out(failure instanceof Error ? failure.message : Cause.pretty(exit.cause))
      return 1
    }
    const json = args.includes('--json')
    for (const line of exit.value) out(json ? JSON.stringify(line) : describe(line))
    if (!json) out(`${exit.value.length} moderation action${exit.value.length === 1 ? '' : 's'}`)
  },
}

/** The read models the audit trusts: who is blocked and what role they have, the admin views, the statistics. */
const AUDITED = ['accounts', 'admin_users', 'admin_stats', 'moderation_history']

export const auditVerify: Command = {
  name: 'audit:verify',
  usage: 'audit:verify [name ...]        rebuild the moderation and statistics read models from events and compare them with the live ones',
  run: async ({ database, args, out }) => {
    const names = positional(args)
    let different = 0
    for (const name of names.length > 0 ? names : AUDITED) {
      const projection = projectionNamed(registry, name)
      if (!projection) {
        out(`Unknown read model "${name}"`)
        return 1
      }
      const result = await verifyProjection(database.db, registry, projection)
      if (result.differences.length === 0) {
        out(`${name}: matches the log (${result.events} events replayed)`)
        continue
      }
      different++
      out(`${name}: DIFFERS from the log (${result.events} events replayed)`)
      for (const table of result.differences) {
        out(`  ${table.table}: ${table.missingCount} row(s) the log gives are missing, ${table.unexpectedCount} live row(s) the log does not give`)
        for (const row of table.missing) out(`    - missing:    ${JSON.stringify(row)}`)
        for (const row of table.unexpected) out(`    + unexpected: ${JSON.stringify(row)}`)
      }
    }
    return different > 0 ? 1 : 0
  },
}

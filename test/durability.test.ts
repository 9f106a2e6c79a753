import { sql } from 'kysely'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startApp, type RunningTestApp } from '../e2e/app-server.ts'
import { verificationCode } from '../e2e/mail.ts'
import { registry } from '../src/app/registry.ts'
import { projectorLag } from '../src/events/checkpoints.ts'
import { rebuildProjection } from '../src/events/rebuild.ts'
import { allProjections } from '../src/events/registry.ts'
import { connect, type Db } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'

/**
 * The server is killed with SIGKILL (and its PostgreSQL after it) in the middle of a write load of
 * sign-ups, verifications and logins, then started again on the same DATA_DIR. Every command that was
 * acknowledged must be in the event log, every read model must equal its rebuild from the log, and no
 * log line of either run may hold a secret.
 */

const AUTH_SECRET = randomBytes(32).toString('base64url')
const PASSWORD = 'Durable-pass-2026'
const CLIENTS = 8
const LOAD_MS = 6000

interface Acknowledged {
  readonly signups: string[]
  readonly verified: Array<{ email: string; requestId: string }>
  readonly logins: Array<{ email: string; requestId: string }>
  readonly secrets: string[]
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-durability-'))
let output = ''
const env = { AUTH_SECRET, TRUST_PROXY: 'loopback', LOG_LEVEL: 'info' }
const apps: RunningTestApp[] = []
afterAll(async () => {
  for (const app of apps) await app.stop().catch(() => {})
  const server = await startEmbeddedPostgres(dataDir).catch(() => undefined)
  await server?.stop().catch(() => {})
  fs.rmSync(dataDir, { recursive: true, force: true })
})

/** Sign-up, verification and logins of one account after another until `until`, keeping what was acknowledged. */
async function writeLoad(baseUrl: string, client: number, until: number, acknowledged: Acknowledged) {
  for (let i = 0; Date.now() < until; i++) {
    const email = `durable-${client}-${i}@example.com`
    const address = `198.19.${client}.${i % 250}`
    const post = async (url: string, body: object) => {
      const requestId = randomBytes(8).toString('hex')
      const response = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-request-id': requestId, 'x-forwarded-for': address },
        body: JSON.stringify(body),
      })
      const cookie = response.headers.get('set-cookie')
      if (cookie) acknowledged.secrets.push(cookie.split(';')[0]!.split('=')[1]!)
      return { ok: response.ok, requestId }
    }
    try {
      const signup = await post('/auth/signup', { name: 'Dura Ble', email, password: PASSWORD, confirm_password: PASSWORD, gender: 'other', dob: '1990-01-01' })
      if (!signup.ok) continue
      acknowledged.signups.push(email)
      const code = await verificationCode(email, dataDir)
      acknowledged.secrets.push(code)
      const verify = await post('/auth/verify-otp', { email, otp: code })
      if (!verify.ok) continue
      acknowledged.verified.push({ email, requestId: verify.requestId })
      for (let n = 0; n < 3; n++) {
        const login = await post('/auth/login', { email, password: PASSWORD })
        if (login.ok) acknowledged.logins.push({ email, requestId: login.requestId })
      }
    } catch {
      return // the server is gone
    }
  }
}

const rows = async (db: Db, table: string) =>
  (await sql<{ row: string }>`SELECT to_jsonb(t)::text AS row FROM ${sql.table(table)} t ORDER BY 1`.execute(db)).rows.map((r) => r.row)

describe('a server killed under load', () => {
  it('keeps every acknowledged command, and read models equal their rebuild, after a restart', { timeout: 600_000 }, async () => {
    const first = await startApp({ dataDir, env, onOutput: (text) => (output += text) })
    apps.push(first)
    const acknowledged: Acknowledged = { signups: [], verified: [], logins: [], secrets: [] }
    const until = Date.now() + 60_000
    const load = Promise.all(Array.from({ length: CLIENTS }, (_, client) => writeLoad(first.baseUrl, client, until, acknowledged)))
    // Killed mid-load, once every client could have been acknowledged (a busy machine takes longer).
    const started = Date.now()
    await expect.poll(() => Date.now() - started >= LOAD_MS && acknowledged.logins.length > CLIENTS, { timeout: 50_000, interval: 100 }).toBe(true)
    process.kill(first.pid, 'SIGKILL')
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    process.kill(postmaster, 'SIGKILL')
    await load
    expect(acknowledged.logins.length).toBeGreaterThan(CLIENTS)
    if (process.env.DURABILITY_REPORT)
      console.info(
        `acknowledged before the kill: ${acknowledged.signups.length} sign-ups, ${acknowledged.verified.length} verifications, ${acknowledged.logins.length} logins`,
      )

    const second = await startApp({ dataDir, env, onOutput: (text) => (output += text) }).catch((error: Error) => {
      throw new Error(`${error.message}\n--- the app's output, last lines ---\n${output.slice(-4000)}`)
    })
    apps.push(second)
    const server = await startEmbeddedPostgres(dataDir) // attaches to the one the app started
    const database = connect(server.url, { max: 2 })
    try {
      const db = database.db
      const events = await db.selectFrom('events').select(['type', 'metadata']).execute()
      const byRequest = new Map<string, string[]>()
      for (const event of events) {
        const requestId = (event.metadata as { requestId?: string }).requestId ?? ''
        byRequest.set(requestId, [...(byRequest.get(requestId) ?? []), event.type])
      }
      for (const { requestId } of acknowledged.verified) expect(byRequest.get(requestId)).toEqual(['UserRegistered', 'UserEmailVerified'])
      for (const { requestId } of acknowledged.logins) expect(byRequest.get(requestId)).toContain('UserLoggedIn')
      const users = new Set((await db.selectFrom('users').select('email').execute()).map((user) => user.email))
      const pending = new Set((await db.selectFrom('pending_signups').select('email').execute()).map((signup) => signup.email))
      expect(acknowledged.signups.filter((email) => !users.has(email) && !pending.has(email))).toEqual([])

      for (const projection of registry.async) {
        await expect.poll(() => projectorLag(db, projection.name), { timeout: 30_000 }).toBe(0)
      }
      for (const projection of allProjections(registry)) {
        const live = await Promise.all(projection.tables.map((table) => rows(db, table)))
        await rebuildProjection(db, registry, projection)
        expect(await Promise.all(projection.tables.map((table) => rows(db, table))), projection.name).toEqual(live)
      }
    } finally {
      await database.close()
    }

    const secrets = [AUTH_SECRET, PASSWORD, fs.readFileSync(path.join(dataDir, 'postgres-password'), 'utf8').trim(), ...acknowledged.secrets]
    expect(output).toContain('"msg":"request"')
    // Whole tokens only: a six-digit code may sit inside a longer number (a timestamp) by chance.
    const leaked = secrets.filter((secret) => new RegExp(`(?<![\\w-])${secret.replace(/[^\w]/g, '\\$&')}(?![\\w-])`).test(output))
    expect(leaked).toEqual([])
  })
})

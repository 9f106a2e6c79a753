/**
 * `npm run bench:admin [-- --users N --activity N --requests N]`: the admin dashboard and user search
 * through the running app (HTTP, real PostgreSQL) with 100 000 users and 1 000 000 activity events in
 * the log (defaults). The log is seeded by SQL in the shape the account aggregate writes; the read
 * models are then rebuilt from it (timed); with `--verify`, `audit:verify`'s check confirms them.
 *
 * Measures GET /api/admin/dashboard, GET /api/admin/users with varied searches (e-mail fragments of 2 to
 * 12 characters, with and without a status filter) and the first page without a search, plus the
 * active-users lookup and the charts. Prints one line per phase and a JSON summary line last.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { registry } from '../src/app/registry.ts'
import { ensureProjections } from '../src/events/rebuild.ts'
import { verifyProjection } from '../src/events/verify.ts'
import { projectionNamed } from '../src/events/registry.ts'
import { signAccessToken } from '../src/modules/auth/tokens.ts'
import { connect, type Db } from '../src/platform/database.ts'
import { startEmbeddedPostgres } from '../src/platform/embedded-postgres.ts'
import { migrateToLatest } from '../src/platform/migrations.ts'
import { option, percentile, seededRandom, startApp } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const USERS = Number(option(args, 'users') ?? 100_000)
const ACTIVITY = Number(option(args, 'activity') ?? 1_000_000)
const REQUESTS = Number(option(args, 'requests') ?? 300)
const DAYS = 400
const AUTH_SECRET = 'bench-secret-bench-secret-bench-secret-42'
const ADMIN_ID = '00000000-0000-4000-8000-00000000a001'
const ADMIN_SESSION_ID = '00000000-0000-4000-8000-00000000a5e5'

/** Users, their accounts' events and their activity, as the account aggregate would have written them. */
async function seed(db: Db) {
  const perUser = Math.max(1, Math.round(ACTIVITY / USERS))
  const id = (n: string) => sql.raw(`md5('bench-user-' || ${n})::uuid`)
  const registeredAt = sql`now() - make_interval(days => ${DAYS + 30}) + make_interval(secs => n)`
  await sql`
    INSERT INTO users (id, email, name, gender, dob, password_hash, created_at)
    SELECT ${id('n')}, 'traveller.' || n || '@mail' || (n % 97) || '.example', 'Traveller ' || n, 'other', '1990-01-01', 'not-a-hash', ${registeredAt}
    FROM generate_series(1, ${USERS}) n`.execute(db)
  await sql`
    INSERT INTO event_streams (stream_id, stream_type, version)
    SELECT 'user-' || ${id('n')}, 'user', 2 + ${perUser} + CASE WHEN n % 100 = 0 THEN 1 ELSE 0 END
    FROM generate_series(1, ${USERS}) n`.execute(db)
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data, occurred_at)
    SELECT 'user-' || ${id('n')}, 1, 'UserRegistered', jsonb_build_object('userId', ${id('n')}), ${registeredAt}
    FROM generate_series(1, ${USERS}) n`.execute(db)
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data, occurred_at)
    SELECT 'user-' || ${id('n')}, 2, 'UserEmailVerified', jsonb_build_object('userId', ${id('n')}), ${registeredAt}
    FROM generate_series(1, ${USERS}) n`.execute(db)
  // Each user's days are distinct, over the last 400 days, and their versions follow the days.
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data, occurred_at)
    SELECT 'user-' || ${id('n')}, 3 + k2, 'UserActiveOnDay',
           jsonb_build_object('userId', ${id('n')}, 'day', to_char(day, 'YYYY-MM-DD')), day
    FROM (
      SELECT n, k, (current_date - ${sql.lit(DAYS - 1)} + ((n * 7 + k * 37) % ${sql.lit(DAYS)}))::timestamptz AS day,
             row_number() OVER (PARTITION BY n ORDER BY (n * 7 + k * 37) % ${sql.lit(DAYS)}) - 1 AS k2
      FROM generate_series(1, ${USERS}) n, generate_series(0, ${perUser - 1}) k
    ) a
    ORDER BY k2, n`.execute(db)
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data)
    SELECT 'user-' || ${id('n')}, 3 + ${perUser}, 'UserBlocked', jsonb_build_object('userId', ${id('n')}, 'adminId', ${ADMIN_ID}::text)
    FROM generate_series(100, ${USERS}, 100) n`.execute(db)
  // The admin who asks.
  await sql`INSERT INTO users (id, email, name, gender, dob, password_hash) VALUES (${ADMIN_ID}, 'admin@bench.example', 'Bench Admin', 'other', '1990-01-01', 'x')`.execute(
    db,
  )
  // The admin's session: access tokens name it, and it must be live for them to work.
  await sql`INSERT INTO refresh_tokens (token_hash, user_id, family_id, remember, family_expires_at)
    VALUES ('bench-admin-session', ${ADMIN_ID}, ${ADMIN_SESSION_ID}, true, now() + interval '1 day')`.execute(db)
  await sql`INSERT INTO event_streams (stream_id, stream_type, version) VALUES (${`user-${ADMIN_ID}`}, 'user', 3)`.execute(db)
  await sql`
    INSERT INTO events (stream_id, stream_version, type, data) VALUES
      (${`user-${ADMIN_ID}`}, 1, 'UserRegistered', ${JSON.stringify({ userId: ADMIN_ID })}),
      (${`user-${ADMIN_ID}`}, 2, 'UserEmailVerified', ${JSON.stringify({ userId: ADMIN_ID })}),
      (${`user-${ADMIN_ID}`}, 3, 'UserRoleChanged', ${JSON.stringify({ userId: ADMIN_ID, role: 'super-admin', previousRole: 'user' })})`.execute(db)
  await sql`VACUUM ANALYZE`.execute(db)
  const { rows } = await sql<{ events: number }>`SELECT count(*)::int AS events FROM events`.execute(db)
  return rows[0]!.events
}

/** Search texts drawn (seeded) from the seeded e-mails: 2 to 12 characters, some with a status filter. */
function searches(count: number): string[] {
  const random = seededRandom(11)
  return Array.from({ length: count }, () => {
    const n = 1 + Math.floor(random() * USERS)
    const email = `traveller.${n}@mail${n % 97}.example`
    const length = 2 + Math.floor(random() * 11)
    const start = Math.floor(random() * (email.length - length))
    const status = random() < 0.3 ? (random() < 0.5 ? '&status=banned' : '&status=active') : ''
    return `search=${encodeURIComponent(email.slice(start, start + length))}${status}`
  })
}

async function timed(baseUrl: string, token: string, paths: readonly string[]) {
  const latencies: number[] = []
  for (const [index, pathname] of paths.entries()) {
    const started = performance.now()
    const response = await fetch(`${baseUrl}${pathname}`, { headers: { authorization: `Bearer ${token}` } })
    await response.arrayBuffer()
    if (!response.ok) throw new Error(`${pathname}: ${response.status}`)
    if (index >= 10) latencies.push(performance.now() - started)
  }
  return { p50Ms: +percentile(latencies, 50).toFixed(1), p95Ms: +percentile(latencies, 95).toFixed(1), maxMs: +Math.max(...latencies).toFixed(1) }
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-admin-'))
  fs.chmodSync(dataDir, 0o755)
  const server = await startEmbeddedPostgres(dataDir)
  const database = connect(server.url, { max: 4, applicationName: 'roam-bench' })
  let app: Awaited<ReturnType<typeof startApp>> | undefined
  try {
    await migrateToLatest(database.db)
    let started = performance.now()
    const events = await seed(database.db)
    console.log(`seeded ${USERS} users and ${events} events in ${Math.round(performance.now() - started)} ms`)
    started = performance.now()
    for (const result of await ensureProjections(database.db, registry)) console.log(`rebuilt ${result.projection}: ${result.events} events in ${result.ms} ms`)
    const rebuildMs = Math.round(performance.now() - started)
    for (const name of args.includes('--verify') ? ['accounts', 'admin_users', 'admin_stats'] : []) {
      const check = await verifyProjection(database.db, registry, projectionNamed(registry, name)!)
      console.log(`verify ${name}: ${check.differences.length === 0 ? 'matches the log' : 'DIFFERS'}`)
    }

    app = await startApp(ROOT, { dataDir, databaseUrl: server.url, authSecret: AUTH_SECRET })
    const { baseUrl } = app
    const token = await signAccessToken({ userId: ADMIN_ID, role: 'super-admin', passwordVersion: 0, sessionId: ADMIN_SESSION_ID }, AUTH_SECRET, new Date())
    const dashboard = await timed(baseUrl, token, Array(REQUESTS + 10).fill('/api/admin/dashboard'))
    console.log(`dashboard: ${JSON.stringify(dashboard)}`)
    const search = await timed(
      baseUrl,
      token,
      searches(REQUESTS + 10).map((query) => `/api/admin/users?${query}`),
    )
    console.log(`user search: ${JSON.stringify(search)}`)
    const firstPage = await timed(baseUrl, token, Array(60).fill('/api/admin/users'))
    console.log(`user list, first page: ${JSON.stringify(firstPage)}`)
    const lookup = await timed(baseUrl, token, Array(60).fill(`/api/admin/dashboard/active-users?month=${new Date().toISOString().slice(0, 7)}`))
    console.log(`active-users lookup: ${JSON.stringify(lookup)}`)
    const charts = await timed(baseUrl, token, Array(60).fill('/api/admin/dashboard/charts'))
    console.log(`charts: ${JSON.stringify(charts)}`)
    console.log(
      JSON.stringify({
        users: USERS,
        events,
        rebuildMs,
        dashboardP50Ms: dashboard.p50Ms,
        dashboardP95Ms: dashboard.p95Ms,
        searchP50Ms: search.p50Ms,
        searchP95Ms: search.p95Ms,
        firstPageP95Ms: firstPage.p95Ms,
        lookupP95Ms: lookup.p95Ms,
        chartsP95Ms: charts.p95Ms,
        cores: os.availableParallelism(),
      }),
    )
  } finally {
    await app?.stop()
    await database.close()
    await server.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

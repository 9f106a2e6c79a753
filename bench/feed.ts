/**
 * `npm run bench:feed [-- --data-dir DIR --users 20000 --posts 100000 --likes 1000000 --seconds 10 --like-seconds 20]`:
 * Roam Share through the running app (HTTP, real PostgreSQL) on a seeded community.
 *
 * 1. Seeds DATA_DIR with `seed:social` unless it already holds a seeded community (reuse with --data-dir).
 * 2. Feed latency at 10 connections: first and next page of the feed and of a tag filter, the Trips filter's
 *    first page (one post in eight carries a trip), and user search.
 * 3. 50 connections, each a different user, toggle likes on 100 posts for --like-seconds: toggles per
 *    second, then checks that every post's like count equals its number of likers.
 *
 * Load comes from autocannon in this process: its HTTP client costs far less CPU than fetch's, which on a
 * 2-core machine shared with the app and PostgreSQL counted for more than the app itself. `cpuMsPerRequest`
 * is the app's and PostgreSQL's CPU per answered request, whatever else the machine runs.
 *
 * Prints one line per phase and a JSON summary line last.
 */
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'
import { sql } from 'kysely'
import { SEED_PASSWORD, seedEmail } from '../src/cli/social-seed.ts'
import { loadConfig } from '../src/platform/config.ts'
import { resolveDatabase } from '../src/platform/connect-database.ts'
import { connect } from '../src/platform/database.ts'
import { appCommand, cpuMs, freePort, option, percentile, seededRandom, waitForHealth } from './support.ts'

const ROOT = fileURLToPath(new URL('../', import.meta.url))
const args = process.argv.slice(2)
const number = (name: string, fallback: number) => Number(option(args, name) ?? fallback)
const users = number('users', 20_000)
const posts = number('posts', 100_000)
const likes = number('likes', 1_000_000)
const seconds = number('seconds', 10)
const likeSeconds = number('like-seconds', 20)
const given = option(args, 'data-dir')
const dataDir = path.resolve(given ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roam-bench-feed-')))
const tsx = path.join(ROOT, 'node_modules/.bin/tsx')

interface Load {
  readonly requests: number
  readonly failures: number
  readonly p50: number
  readonly p95: number
  readonly perSecond: number
  /** CPU of the app and PostgreSQL per request: what a request costs whatever else the machine runs. */
  readonly cpuMsPerRequest?: number
}

interface Requests {
  readonly method?: 'GET' | 'POST'
  /** The path (and query) of each request; called anew for every request. */
  readonly path: () => string
  /** Each connection's headers, by connection number (e.g. a different user's token per connection). */
  readonly headers: (connection: number) => Record<string, string>
}

/**
 * `connections` connections, each sending its next request when the last is answered, for `durationMs`;
 * the latency of every answer in ms. autocannon's lean HTTP client keeps the load generator's own CPU use
 * small: on a small machine it shares the cores with the app and PostgreSQL.
 */
async function load(baseUrl: string, connections: number, durationMs: number, requests: Requests): Promise<Load> {
  const latencies: number[] = []
  let failures = 0
  let nextConnection = 0
  const started = performance.now()
  const options: autocannon.Options = {
    url: baseUrl,
    connections,
    duration: durationMs / 1000,
    method: requests.method ?? 'GET',
    requests: [{ setupRequest: (request) => ({ ...request, path: requests.path() }) }],
    setupClient: (client) => client.setHeaders(requests.headers(nextConnection++)),
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)))
    instance.on('response', (_client, status, _bytes, responseTime) => {
      latencies.push(responseTime)
      if (status < 200 || status >= 300) failures++
    })
  })
  failures += result.errors + result.timeouts
  const elapsed = (performance.now() - started) / 1000
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    requests: latencies.length,
    failures,
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    perSecond: Math.round(latencies.length / elapsed),
  }
}

async function main() {
  fs.mkdirSync(dataDir, { recursive: true })
  fs.chmodSync(dataDir, 0o755)
  const marker = path.join(dataDir, 'seeded-social.json')
  let seeding: unknown = given && fs.existsSync(marker) ? JSON.parse(fs.readFileSync(marker, 'utf8')) : undefined
  if (!seeding) {
    const started = performance.now()
    const result = spawnSync(tsx, ['src/cli/main.ts', 'seed:social', '--users', String(users), '--posts', String(posts), '--likes', String(likes)], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    })
    process.stdout.write(result.stdout)
    if (result.status !== 0) throw new Error('seeding failed')
    const summary = JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { seeded: object }
    seeding = { ...summary.seeded, wallSeconds: Math.round((performance.now() - started) / 1000) }
    fs.writeFileSync(marker, JSON.stringify(seeding))
  }
  console.log(`seeded: ${JSON.stringify(seeding)}`)

  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const start = appCommand(ROOT)
  const app = spawn(start.command, [...start.args], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_BASE_URL: baseUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  try {
    await waitForHealth(baseUrl, 600_000)
    const login = async (n: number) => {
      const response = await fetch(`${baseUrl}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl },
        body: JSON.stringify({ email: seedEmail(n), password: SEED_PASSWORD }),
      })
      if (!response.ok) throw new Error(`login of ${seedEmail(n)} failed: ${response.status} ${await response.text()}`)
      return ((await response.json()) as { accessToken: string }).accessToken
    }
    const tokens: string[] = []
    for (let n = 0; n < 50; n++) tokens.push(await login(n))
    const bearer = (n: number) => ({ authorization: `Bearer ${tokens[n % tokens.length]}` })
    const page = async (query: string) =>
      (await (await fetch(`${baseUrl}/api/roam-share-posts${query}`, { headers: bearer(0) })).json()) as { posts: { post_id: string }[]; nextCursor: string }

    const first = await page('')
    const tagFirst = await page('?tag=beaches')
    const random = seededRandom(11)
    const searches = ['tr', 'trav', 'traveller_1', 'travler_2', 'traveller_99']
    const reads = (path: () => string): Requests => ({ path, headers: bearer })
    const queries: [string, Requests][] = [
      ['feed first page', reads(() => '/api/roam-share-posts')],
      ['feed next page', reads(() => `/api/roam-share-posts?cursor=${first.nextCursor}`)],
      ['tag first page', reads(() => '/api/roam-share-posts?tag=beaches')],
      ['tag next page', reads(() => `/api/roam-share-posts?tag=beaches&cursor=${tagFirst.nextCursor}`)],
      ['followed first page', reads(() => '/api/roam-share-posts?followed=true')],
      ['trips first page', reads(() => '/api/roam-share-posts?trips=true')],
      ['user search', reads(() => `/api/roam-share-posts/user-search?q=${searches[Math.floor(random() * searches.length)]}`)],
    ]
    const postmaster = Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0])
    const measured = async (connections: number, durationMs: number, requests: Requests): Promise<Load> => {
      const before = cpuMs([app.pid!, postmaster])
      const result = await load(baseUrl, connections, durationMs, requests)
      return { ...result, cpuMsPerRequest: Math.round(((cpuMs([app.pid!, postmaster]) - before) / Math.max(1, result.requests)) * 10) / 10 }
    }
    const feed: Record<string, Load> = {}
    for (const [name, requests] of queries) {
      await load(baseUrl, 10, 1000, requests)
      feed[name] = await measured(10, seconds * 1000, requests)
      console.log(`${name}: ${JSON.stringify(feed[name])}`)
    }

    const targets = (await page('?limit=60')).posts.map((post) => post.post_id)
    const more = await page(`?limit=40&cursor=${(await page('?limit=60')).nextCursor}`)
    targets.push(...more.posts.map((post) => post.post_id))
    const toggles = await measured(50, likeSeconds * 1000, {
      method: 'POST',
      path: () => `/api/roam-share-posts/like/${targets[Math.floor(random() * targets.length)]}`,
      headers: (connection) => ({ ...bearer(connection), origin: baseUrl }),
    })
    console.log(`like toggles: ${JSON.stringify(toggles)}`)

    const server = await resolveDatabase(loadConfig({ ...process.env, DATA_DIR: dataDir }))
    const database = connect(server.url, { max: 1 })
    const mismatched = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM rs_posts p
      WHERE p.likes <> (SELECT count(*) FROM rs_likes l WHERE l.post_id = p.post_id)`.execute(database.db)
    await database.close()
    const consistency = { postsChecked: posts, countsDifferingFromLikers: mismatched.rows[0]!.n }
    console.log(`like counts: ${JSON.stringify(consistency)}`)

    console.log(
      JSON.stringify({
        bench: 'feed',
        seeding,
        connections: 10,
        feed,
        likeToggles: { connections: 50, posts: targets.length, seconds: likeSeconds, ...toggles },
        consistency,
        // The machine's load meanwhile: on a shared machine the latencies follow it.
        loadAverage: os.loadavg().map((value) => Number(value.toFixed(1))),
      }),
    )
  } finally {
    const exited = new Promise((resolve) => app.once('exit', resolve))
    app.kill('SIGTERM')
    await exited
    if (!given) fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()

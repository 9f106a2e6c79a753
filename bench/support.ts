import fs from 'node:fs'
import { spawn } from 'node:child_process'
import path from 'node:path'
import { Random } from '../src/modules/itinerary/planner/solver/random.ts'
import { freePort } from '../src/platform/free-port.ts'

export { option } from '../src/cli/args.ts'
export { freePort }

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

/** A small deterministic generator (mulberry32), so benchmark inputs are the same every run. */
export function seededRandom(seed: number): () => number {
  const random = new Random(seed)
  return () => random.next()
}

export async function waitForHealth(baseUrl: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`${baseUrl} did not become healthy within ${timeoutMs / 1000} s`)
}

/**
 * How `npm start` runs the app of the checkout at `root`: the launcher that builds and runs the compiled
 * server, or, in a checkout from before it (`--compare`), the server's sources through tsx.
 */
export function appCommand(root: string): { readonly command: string; readonly args: readonly string[] } {
  return fs.existsSync(path.join(root, 'src/app/start.mjs'))
    ? { command: process.execPath, args: ['src/app/start.mjs'] }
    : { command: path.join(root, 'node_modules/.bin/tsx'), args: ['src/app/server.ts'] }
}

/** The app as `npm start` runs it, on a free port against `databaseUrl`; `stop` ends it (SIGTERM) and waits. */
export async function startApp(root: string, env: { readonly dataDir: string; readonly databaseUrl: string; readonly authSecret?: string }) {
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const { command, args } = appCommand(root)
  const app = spawn(command, [...args], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: env.dataDir,
      DATABASE_URL: env.databaseUrl,
      ...(env.authSecret ? { AUTH_SECRET: env.authSecret } : {}),
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const stop = async () => {
    if (app.exitCode !== null) return
    const exited = new Promise((resolve) => app.once('exit', resolve))
    app.kill('SIGTERM')
    await exited
  }
  try {
    await waitForHealth(baseUrl, 300_000)
  } catch (error) {
    await stop()
    throw error
  }
  return { baseUrl, stop }
}

/** CPU time (ms) used so far by these processes and all their descendants, from /proc. */
export function cpuMs(roots: readonly number[]): number {
  const stats = new Map<number, { ppid: number; ticks: number }>()
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const fields = fs
        .readFileSync(`/proc/${entry}/stat`, 'utf8')
        .replace(/^.*\) /, '')
        .split(' ')
      stats.set(Number(entry), { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) })
    } catch {
      // gone meanwhile
    }
  }
  const included = new Set(roots)
  let grew = true
  while (grew) {
    grew = false
    for (const [pid, stat] of stats) if (!included.has(pid) && included.has(stat.ppid)) grew = included.add(pid) !== undefined
  }
  let ticks = 0
  for (const pid of included) ticks += stats.get(pid)?.ticks ?? 0
  return ticks * 10
}

/**
 * Polls `GET /api/health` every 20 ms until `done` resolves; the latencies. The poller is a process of its
 * own, so that the work of the bench (clients' answers to parse) is not counted.
 */
export async function pollHealth(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  return (await healthDuring(baseUrl, () => done)).health
}

/**
 * Starts polling `GET /api/health` every 20 ms from a process of its own (its first request, which sets up
 * the process's connection, is not counted), runs `work`, and stops: the latencies meanwhile, and what
 * `work` answered.
 */
export async function healthDuring<T>(baseUrl: string, work: () => Promise<T>): Promise<{ readonly health: number[]; readonly result: T }> {
  const poller = spawn(
    process.execPath,
    [
      '-e',
      `const times = []; let running = true
       process.stdin.on('end', () => (running = false)); process.stdin.resume()
       ;(async () => {
         await (await fetch(${JSON.stringify(`${baseUrl}/api/health`)})).arrayBuffer()
         process.stderr.write('ready')
         while (running) {
           const started = performance.now()
           await (await fetch(${JSON.stringify(`${baseUrl}/api/health`)})).arrayBuffer()
           times.push(performance.now() - started)
           await new Promise((resolve) => setTimeout(resolve, 20))
         }
         process.stdout.write(JSON.stringify(times))
       })()`,
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  let output = ''
  poller.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise((resolve) => poller.once('exit', resolve))
  await new Promise<void>((resolve) => poller.stderr.once('data', () => resolve()))
  const result = await work()
  poller.stdin.end()
  await exited
  return { health: JSON.parse(output) as number[], result }
}

import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { freePort } from '../src/platform/free-port.ts'

const ROOT = path.resolve(import.meta.dirname, '..')

export interface RunningTestApp {
  readonly baseUrl: string
  readonly port: number
  readonly dataDir: string
  readonly pid: number
  /** SIGTERM, then removes the DATA_DIR it made (one passed in is kept). */
  readonly stop: () => Promise<void>
}

export interface StartOptions {
  /** Added to or overriding the app's environment (PUBLIC_BASE_URL defaults to its own address). */
  readonly env?: Record<string, string>
  /** An existing DATA_DIR (kept at stop); by default a fresh one. */
  readonly dataDir?: string
  /** Receives the app's output instead of this process's stdout/stderr. */
  readonly onOutput?: (text: string) => void
}

async function waitForHealth(url: string, exited: () => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited()) throw new Error('the app exited before it was ready; see its output above')
    try {
      if ((await fetch(`${url}/api/health`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`the app did not answer ${url}/api/health within ${timeoutMs / 1000} s`)
}

/** Starts the app the way `npm start` does (building first when needed) on a free port. */
export async function startApp(options: StartOptions = {}): Promise<RunningTestApp> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'roam-e2e-'))
  fs.chmodSync(dataDir, 0o755)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const app = spawn(process.execPath, ['src/app/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      // The small demo catalog keeps the first start fast; the tests plan trips in its cities.
      PLACES_CATALOG: 'demo',
      // Offline: no OpenStreetMap fill in the background (e2e/osm-places.spec.ts runs against local fakes).
      PLACES_PROVIDER: 'catalog',
      // The tests' own proxy hop: accounts made through the API come from addresses of their own (account.ts).
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // No street map host unless a test gives one (global-setup.ts serves local tiles): nothing leaves the machine.
      MAP_STYLE_URL: 'none',
      ...options.env,
    },
    stdio: ['ignore', options.onOutput ? 'pipe' : 'inherit', options.onOutput ? 'pipe' : 'inherit'],
  })
  app.stdout?.on('data', (chunk: Buffer) => options.onOutput?.(chunk.toString()))
  app.stderr?.on('data', (chunk: Buffer) => options.onOutput?.(chunk.toString()))
  let exited = false
  app.on('exit', () => (exited = true))
  await waitForHealth(baseUrl, () => exited, 300_000)
  return {
    baseUrl,
    port,
    dataDir,
    pid: app.pid!,
    stop: async () => {
      if (!exited) {
        const done = new Promise((resolve) => app.once('exit', resolve))
        app.kill('SIGTERM')
        await done
      }
      if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

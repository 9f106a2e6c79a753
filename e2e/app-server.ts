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
  readonly stop: () => Promise<void>
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

/**
 * Starts the app the way `npm start` does (building first when needed) on a free port with a temporary
 * DATA_DIR; `env` adds to or overrides its environment (PUBLIC_BASE_URL defaults to its own address).
 */
export async function startApp(env: Record<string, string> = {}): Promise<RunningTestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'roam-e2e-'))
  fs.chmodSync(dataDir, 0o755)
  const port = await freePort()
  const baseUrl = `http://127.0.0.1:${port}`
  const app = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/app/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_BASE_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  let exited = false
  app.on('exit', () => (exited = true))
  await waitForHealth(baseUrl, () => exited, 300_000)
  return {
    baseUrl,
    port,
    dataDir,
    stop: async () => {
      if (!exited) {
        const done = new Promise((resolve) => app.once('exit', resolve))
        app.kill('SIGTERM')
        await done
      }
      fs.rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

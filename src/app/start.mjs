/**
 * `npm start`: builds the app when there is no build yet or a source changed since the last one, then runs
 * the server bundle (`dist/server/entry.mjs`: the launcher of `server.ts` and every page in one module
 * graph, plain JavaScript; nothing is transformed at run time). Plain JavaScript itself, so that nothing
 * but Node runs it.
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = fileURLToPath(new URL('../../', import.meta.url))
const ENTRY = path.join(ROOT, 'dist/server/entry.mjs')
const STAMP = path.join(ROOT, 'dist/.built-at')
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json']

/** @param {string} target @returns {number} */
function newestMtime(target) {
  let stat
  try {
    stat = fs.statSync(target)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)))
  return newest
}

const needsBuild = () => !fs.existsSync(ENTRY) || newestMtime(STAMP) < Math.max(...SOURCES.map((source) => newestMtime(path.join(ROOT, source))))

/** @type {NodeJS.Signals | undefined} */
let signalled
/** @param {NodeJS.Signals} signal */
const remember = (signal) => (signalled ??= signal)
process.on('SIGINT', remember)
process.on('SIGTERM', remember)

/**
 * `astro build` as a production build whatever the caller's NODE_ENV (a test runner sets its own): React's
 * production bundle, and import.meta.env.PROD for the service worker's registration. A signal stops it.
 * @returns {Promise<boolean>} whether it finished
 */
function build() {
  console.log('building the app (first start or sources changed)…')
  const child = spawn(path.join(ROOT, 'node_modules/.bin/astro'), ['build'], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  /** @param {NodeJS.Signals} signal */
  const forward = (signal) => child.kill(signal)
  process.on('SIGINT', forward)
  process.on('SIGTERM', forward)
  return new Promise((resolve) =>
    child.on('exit', (code) => {
      process.off('SIGINT', forward)
      process.off('SIGTERM', forward)
      if (code === 0) fs.writeFileSync(STAMP, new Date().toISOString())
      else if (!signalled) console.error('astro build failed; see the output above')
      resolve(code === 0)
    }),
  )
}

if (needsBuild() && !(await build())) process.exit(signalled ? 0 : 1)
if (signalled) process.exit(0)
const { startServer } = await import(pathToFileURL(ENTRY).href)
process.off('SIGINT', remember)
process.off('SIGTERM', remember)
// The server installs its own signal handlers before anything else; one that came while it loaded is passed on.
startServer()
if (signalled) process.kill(process.pid, signalled)

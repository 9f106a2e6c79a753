import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'

const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json']

function newestMtime(target: string): number {
  let stat: fs.Stats
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

/** Runs `astro build` when there is no build yet or a source file changed since the last one. */
export function ensureBuilt(root: string, log: (msg: string) => void): void {
  const entry = path.join(root, 'dist/server/entry.mjs')
  const stamp = path.join(root, 'dist/.built-at')
  const builtAt = fs.existsSync(entry) ? newestMtime(stamp) : 0
  const sourcesAt = Math.max(...SOURCES.map((source) => newestMtime(path.join(root, source))))
  if (builtAt >= sourcesAt) return
  log('building the app (first start or sources changed)…')
  // A production build whatever the caller's NODE_ENV (a test runner sets its own): React's production
  // bundle, and import.meta.env.PROD for the service worker's registration.
  const result = spawnSync(path.join(root, 'node_modules/.bin/astro'), ['build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  })
  if (result.status !== 0) throw new Error('astro build failed; see the output above')
  fs.writeFileSync(stamp, new Date().toISOString())
}

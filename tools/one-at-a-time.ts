import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Waits until no other run of the same tool holds its lock file, then holds it until this process exits:
 * the review loads the whole catalog and the world's coastline (gigabytes), and several reviewers running
 * it at once would run the machine out of memory. A lock left by a process that is gone is taken over.
 */
export function oneAtATime(tool: string): void {
  const lock = path.join(os.tmpdir(), `roam-${tool}.lock`)
  const pause = new Int32Array(new SharedArrayBuffer(4))
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: 'wx' })
      process.on('exit', () => fs.rmSync(lock, { force: true }))
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130))
      return
    } catch {
      const holder = Number(fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8') : 0)
      if (holder && !isRunning(holder)) fs.rmSync(lock, { force: true })
      else Atomics.wait(pause, 0, 0, 500)
    }
  }
}

function isRunning(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

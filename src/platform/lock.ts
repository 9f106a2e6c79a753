import fs from 'node:fs'
import path from 'node:path'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Takes DATA_DIR/server.pid so that two servers never share one embedded database. A lock left by a
 * process that no longer runs is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'server.pid')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
      return () => fs.rmSync(file, { force: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const owner = Number(fs.readFileSync(file, 'utf8'))
      if (Number.isInteger(owner) && owner > 0 && alive(owner)) {
        throw new Error(`Roam is already running on DATA_DIR ${dataDir} (pid ${owner}). Stop it first, or start this one with another DATA_DIR.`)
      }
      fs.rmSync(file, { force: true })
    }
  }
  throw new Error(`Could not lock ${file}`)
}

import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Reads a secret kept in a file under DATA_DIR, creating it (mode 0600) on first use. */
export function fileSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name)
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  try {
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' })
    return secret
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim()
    throw error
  }
}

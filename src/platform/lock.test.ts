import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockDataDir } from './lock.ts'

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'roam-lock-'))

describe('lockDataDir', () => {
  it('refuses a second server on the same DATA_DIR with a clear message', () => {
    const dir = tempDir()
    const release = lockDataDir(dir)
    expect(() => lockDataDir(dir)).toThrow(/already running on DATA_DIR/)
    release()
    expect(() => lockDataDir(dir)()).not.toThrow()
  })

  it('takes over a lock left by a process that no longer runs', () => {
    const dir = tempDir()
    fs.writeFileSync(path.join(dir, 'server.pid'), '2147483646')
    const release = lockDataDir(dir)
    expect(fs.readFileSync(path.join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid))
    release()
  })
})

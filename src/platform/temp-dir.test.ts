import { Effect } from 'effect'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { withTempDir } from './temp-dir.ts'

describe('a temporary directory', () => {
  it('is private to the work and removed with its files when the work ends', async () => {
    const seen = await Effect.runPromise(
      withTempDir('roam-test-', (dir) =>
        Effect.sync(() => {
          fs.writeFileSync(path.join(dir, 'upload'), 'bytes')
          return { dir, mode: fs.statSync(dir).mode & 0o777 }
        }),
      ),
    )
    expect(seen.mode).toBe(0o700)
    expect(fs.existsSync(seen.dir)).toBe(false)
  })

  it('is removed when the work fails too', async () => {
    let used = ''
    const exit = await Effect.runPromiseExit(
      withTempDir('roam-test-', (dir) => {
        used = dir
        fs.writeFileSync(path.join(dir, 'upload'), 'bytes')
        return Effect.fail('refused')
      }),
    )
    expect(exit._tag).toBe('Failure')
    expect(used).not.toBe('')
    expect(fs.existsSync(used)).toBe(false)
  })
})

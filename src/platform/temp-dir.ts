import { Effect } from 'effect'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Runs `use` in a fresh private temporary directory, removed with everything in it when `use` ends, however it ends. */
export const withTempDir = <A, E, R>(prefix: string, use: (dir: string) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.acquireUseRelease(
    Effect.promise(() => fs.promises.mkdtemp(path.join(os.tmpdir(), prefix))),
    use,
    (dir) => Effect.promise(() => fs.promises.rm(dir, { recursive: true, force: true })),
  )

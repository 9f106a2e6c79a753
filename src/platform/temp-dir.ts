import { Effect } from 'effect'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** The file system answers with promises: here they become Effects. */
const files = <A>(run: () => Promise<A>) => Effect.promise(run)

/** Runs `use` in a fresh private temporary directory, removed with everything in it when `use` ends, however it ends. */
export const withTempDir = <A, E, R>(prefix: string, use: (dir: string) => Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
  Effect.acquireUseRelease(
    files(() => fs.promises.mkdtemp(path.join(os.tmpdir(), prefix))),
    use,
    (dir) => files(() => fs.promises.rm(dir, { recursive: true, force: true })),
  )

import { hash, verify } from '@node-rs/argon2'
import { Effect } from 'effect'
import { ARGON2_OPTIONS } from './policy.ts'

// 2 = Argon2id; the package's `Algorithm` enum is a const enum that does not survive Vite's build.
const OPTIONS = { ...ARGON2_OPTIONS, algorithm: 2 } as const

const verifyHash = (passwordHash: string, password: string) => verify(passwordHash, password).catch(() => false)

/** argon2 answers with promises (it runs on libuv's thread pool): here, and only here, they become Effects. */
const argon2 = <A>(run: () => Promise<A>) => Effect.promise(run)

/** An argon2id hash with our parameters. */
export const hashPassword = (password: string) => argon2(() => hash(password, OPTIONS))

export const verifyPassword = (passwordHash: string, password: string) => argon2(() => verifyHash(passwordHash, password))

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export const verifyAgainstNothing = (password: string) =>
  argon2(async () => {
    dummyHash ??= hash('roam-timing-equaliser', OPTIONS)
    await verifyHash(await dummyHash, password)
    return false as const
  })

import { hash, verify } from '@node-rs/argon2'
import { ARGON2_OPTIONS } from './policy.ts'

// 2 = Argon2id; the package's `Algorithm` enum is a const enum that does not survive Vite's build.
const OPTIONS = { ...ARGON2_OPTIONS, algorithm: 2 } as const

export const hashPassword = (password: string) => hash(password, OPTIONS)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check, so an unknown e-mail cannot be told apart by timing. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('roam-timing-equaliser')
  await verifyPassword(await dummyHash, password)
  return false
}

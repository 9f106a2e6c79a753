/**
 * The account rules a form and the server share: roles, e-mail and password policy, sign-up fields.
 * Pure and dependency-light, so islands can import them.
 */
import commonPasswords from 'fxa-common-password-list'
import { MINIMUM_AGE_YEARS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './policy.ts'

export const ROLES = ['user', 'admin', 'super-admin'] as const
export type Role = (typeof ROLES)[number]
export const GENDERS = ['male', 'female', 'other'] as const
export type Gender = (typeof GENDERS)[number]

export function parseRole(value: string): Role | undefined {
  const lower = value.trim().toLowerCase()
  return ROLES.find((role) => role === lower)
}

/** Why a moderator may not act on an account from the dashboard: their own, a super-admin's, or an admin's (super-admins only). */
export type ModerationBarrier = 'self' | 'super-admin' | 'admin'

/**
 * The one rule of who moderates whom, shared by the account decider and the dashboard (which shows
 * only the actions the viewer may take). Undefined when the moderator may act.
 */
export function moderationBarrier(
  moderator: { readonly id: string; readonly role: string },
  target: { readonly id: string; readonly role: string },
): ModerationBarrier | undefined {
  if (moderator.id === target.id) return 'self'
  if (parseRole(target.role) === 'super-admin') return 'super-admin'
  if (parseRole(target.role) === 'admin' && parseRole(moderator.role) !== 'super-admin') return 'admin'
  return undefined
}

export const normalizeEmail = (email: string) => email.trim().toLowerCase()

const EMAIL = /^[^\s@"<>()[\]\\,;:]+@[^\s@"<>()[\]\\,;:]+\.[^\s@"<>()[\]\\,;:.]{2,}$/

export function emailProblem(email: string): string | undefined {
  const trimmed = email.trim()
  if (trimmed === '') return 'Email is required'
  if (trimmed.length > 254 || !EMAIL.test(trimmed)) return 'Please enter a valid email address'
  return undefined
}

export function passwordProblem(password: string): string | undefined {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`
  if (commonPasswords.test(password) || commonPasswords.test(password.toLowerCase())) {
    return 'This password is too common. Please choose a less common password.'
  }
  return undefined
}

export interface SignupInput {
  readonly name?: string | undefined
  readonly email?: string | undefined
  readonly password?: string | undefined
  readonly confirm_password?: string | undefined
  readonly gender?: string | undefined
  readonly dob?: string | undefined
  readonly phone_number?: string | null | undefined
}

export interface Signup {
  readonly name: string
  readonly email: string
  readonly password: string
  readonly gender: Gender
  readonly dob: string
  readonly phone: string | null
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const PHONE = /^\+?[\d\s().-]{6,25}$/

/** Whole years between a YYYY-MM-DD birth date and `today` (YYYY-MM-DD), or undefined for an impossible date. */
export function ageOn(dob: string, today: string): number | undefined {
  const birth = DATE.exec(dob)
  const now = DATE.exec(today)
  if (!birth || !now) return undefined
  const [y, m, d] = [Number(birth[1]), Number(birth[2]), Number(birth[3])]
  const date = new Date(Date.UTC(y, m - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d || y < 1900) return undefined
  const [ty, tm, td] = [Number(now[1]), Number(now[2]), Number(now[3])]
  const age = ty - y - (tm < m || (tm === m && td < d) ? 1 : 0)
  return age < 0 ? undefined : age
}

/** Checks a sign-up form; returns the first problem as the message the form shows, or the clean values. */
export function validateSignup(input: SignupInput, today: string): { ok: true; value: Signup } | { ok: false; message: string } {
  const fail = (message: string) => ({ ok: false as const, message })
  const name = (input.name ?? '').trim()
  if (name === '') return fail('Name is required')
  if (name.length > 100) return fail('Name must be at most 100 characters')
  const emailIssue = emailProblem(input.email ?? '')
  if (emailIssue) return fail(emailIssue)
  const password = input.password ?? ''
  if (password === '') return fail('Password is required')
  const passwordIssue = passwordProblem(password)
  if (passwordIssue) return fail(passwordIssue)
  if (password !== (input.confirm_password ?? '')) return fail('Passwords do not match')
  const gender = GENDERS.find((g) => g === (input.gender ?? '').trim().toLowerCase())
  if (!gender) return fail('Please select a gender')
  const dob = (input.dob ?? '').trim().slice(0, 10)
  const age = ageOn(dob, today)
  if (age === undefined) return fail('Please enter a valid date of birth')
  if (age < MINIMUM_AGE_YEARS) return fail(`You must be at least ${MINIMUM_AGE_YEARS} years old to sign up`)
  const phone = (input.phone_number ?? '').trim()
  if (phone !== '' && (!PHONE.test(phone) || phone.replace(/\D/g, '').length < 6)) return fail('Please enter a valid phone number')
  return { ok: true, value: { name, email: normalizeEmail(input.email!), password, gender, dob, phone: phone || null } }
}

export const hasRole = (role: string, allowed: readonly string[]) => allowed.some((r) => r.toLowerCase() === role.toLowerCase())

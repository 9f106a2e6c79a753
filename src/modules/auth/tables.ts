import type { Generated } from 'kysely'

/** What a sign-up gives an account, kept alike by the account and the sign-up awaiting verification. */
interface SignupColumns {
  id: string
  email: string
  name: string
  gender: string
  dob: string
  phone: string | null
  password_hash: string
}

declare module '../../platform/tables.ts' {
  interface Tables {
    users: SignupColumns & {
      profile_picture: string | null
      created_at: Generated<Date>
    }
    pending_signups: SignupColumns & {
      code_hash: string
      code_expires_at: Date
      failed_attempts: Generated<number>
      created_at: Date
    }
    login_known_addresses: { user_id: string; address_hash: string; last_login_at: Date }
    password_reset_tokens: { token_hash: string; user_id: string; expires_at: Date; used_at: Date | null }
    refresh_tokens: {
      token_hash: string
      user_id: string
      family_id: string
      remember: boolean
      family_expires_at: Date
      created_at: Date
      rotated_at: Date | null
      revoked_at: Date | null
    }
  }
}

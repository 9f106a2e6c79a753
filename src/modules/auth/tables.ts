import type { Generated } from 'kysely'

declare module '../../platform/tables.ts' {
  interface Tables {
    users: {
      id: string
      email: string
      name: string
      gender: string
      dob: string
      phone: string | null
      password_hash: string
      profile_picture: string | null
      created_at: Generated<Date>
    }
    pending_signups: {
      id: string
      email: string
      name: string
      gender: string
      dob: string
      phone: string | null
      password_hash: string
      code_hash: string
      code_expires_at: Date
      failed_attempts: Generated<number>
      created_at: Date
    }
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

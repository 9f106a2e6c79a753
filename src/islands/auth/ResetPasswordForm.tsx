import { useEffect, useState } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormProblem, useSubmit } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import { PasswordField } from './PasswordField.tsx'

export const RESET_REDIRECT_MS = 2500

/** Sets a new password with the token of the e-mailed link (`/reset-password?token=...`). */
export function ResetPasswordForm() {
  const [token, setToken] = useState<string | null | undefined>(undefined)
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const { busy, error, success, onSubmit } = useSubmit()

  useEffect(() => setToken(new URLSearchParams(location.search).get('token')), [])

  if (token === undefined) return null
  if (!token) {
    return (
      <div className="stack">
        <FormMessage error="Invalid reset link" />
        <p>
          <a href="/forgot-password">Ask for a new link</a>
        </p>
      </div>
    )
  }

  const submit = onSubmit(async () => {
    if (password !== confirm) throw new FormProblem('Passwords do not match')
    const answer = await api<{ message?: string }>('/api/auth/reset-password', { body: { token, password } })
    setTimeout(() => location.assign('/login'), RESET_REDIRECT_MS)
    return { success: answer.message ?? 'Password reset successful.' }
  })

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <PasswordField purpose="new" label="New Password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <PasswordField purpose="confirm" label="Confirm Password" name="confirm" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
      <FormMessage error={error} success={success} />
      <Button type="submit" variant="primary" block loading={busy} disabled={success !== null} loadingText="Saving…">
        Reset Password
      </Button>
    </Form>
  )
}

import { useState } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { useSubmit } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import styles from './auth-form.module.css'

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('')
  const { busy, error, success, onSubmit } = useSubmit()

  const submit = onSubmit(async () => {
    const answer = await api<{ message?: string }>('/api/auth/forgot-password', { body: { email } })
    return { success: answer.message ?? 'If that email exists, a reset link has been sent.' }
  })

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <FormField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormMessage error={error} success={success} />
      <Button type="submit" variant="primary" block loading={busy} loadingText="Sending…">
        Send Reset Link
      </Button>
      <p className={styles.alternative}>
        <a href="/login">Back to Login</a>
      </p>
    </Form>
  )
}

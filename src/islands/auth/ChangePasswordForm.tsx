import { useState } from 'react'
import { api } from '../session/api.ts'
import { setToken } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { toast } from '../ui/Toast.tsx'
import { FormProblem, useSubmit } from '../ui/use-submit.ts'
import { changePasswordFailure } from './change-password.ts'
import { FormMessage } from './FormMessage.tsx'
import { PasswordField } from './PasswordField.tsx'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY)
  const { busy, error, onSubmit } = useSubmit({
    describeFailure: (failure) => {
      const message = changePasswordFailure(failure)
      toast(message, { kind: 'error' })
      return message
    },
  })
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })

  const submit = onSubmit(async () => {
    if (form.newPassword !== form.confirmPassword) throw new FormProblem('New passwords do not match')
    const answer = await api<{ accessToken?: string }>('/api/users/change-password', {
      auth: true,
      body: { currentPassword: form.currentPassword, newPassword: form.newPassword },
    })
    if (answer.accessToken) setToken(answer.accessToken)
    setForm(EMPTY)
    toast('Password updated successfully!', { kind: 'success' })
  })

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <PasswordField purpose="current" label="Current Password" name="currentPassword" value={form.currentPassword} onChange={set('currentPassword')} />
      <PasswordField purpose="new" label="New Password" name="newPassword" value={form.newPassword} onChange={set('newPassword')} />
      <PasswordField purpose="confirm" label="Confirm New Password" name="confirmPassword" value={form.confirmPassword} onChange={set('confirmPassword')} />
      <FormMessage error={error} />
      <Button type="submit" variant="primary" loading={busy} loadingText="Updating…">
        Update Password
      </Button>
    </Form>
  )
}

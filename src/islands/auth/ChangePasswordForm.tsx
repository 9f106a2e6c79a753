import { useState, type FormEvent } from 'react'
import { api } from '../session/api.ts'
import { setToken } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { toast } from '../ui/Toast.tsx'
import { changePasswordFailure } from './change-password.ts'
import { FormMessage } from './FormMessage.tsx'
import { NewPasswordField } from './NewPasswordField.tsx'

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' }

export function ChangePasswordForm() {
  const [form, setForm] = useState(EMPTY)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const set = (field: keyof typeof EMPTY) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })

  async function submit(event: FormEvent) {
    event.preventDefault()
    setError(null)
    if (form.newPassword !== form.confirmPassword) {
      setError('New passwords do not match')
      return
    }
    setBusy(true)
    try {
      const answer = await api<{ accessToken?: string }>('/api/users/change-password', {
        auth: true,
        body: { currentPassword: form.currentPassword, newPassword: form.newPassword },
      })
      if (answer.accessToken) setToken(answer.accessToken)
      setForm(EMPTY)
      toast('Password updated successfully!', { kind: 'success' })
    } catch (failure) {
      const message = changePasswordFailure(failure)
      setError(message)
      toast(message, { kind: 'error' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <FormField label="Current Password" type="password" name="currentPassword" autoComplete="current-password" required value={form.currentPassword} onChange={set('currentPassword')} />
      <NewPasswordField label="New Password" name="newPassword" value={form.newPassword} onChange={set('newPassword')} />
      <FormField label="Confirm New Password" type="password" name="confirmPassword" autoComplete="new-password" required value={form.confirmPassword} onChange={set('confirmPassword')} />
      <FormMessage error={error} />
      <Button type="submit" variant="primary" loading={busy} loadingText="Updating…">
        Update Password
      </Button>
    </Form>
  )
}

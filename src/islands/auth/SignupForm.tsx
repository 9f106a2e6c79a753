import { useState } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { FormProblem, useSubmit } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import { PasswordField } from './PasswordField.tsx'
import { rememberEmailToVerify } from './verify-email.ts'
import { useKeptFrom } from './use-kept-from.ts'
import styles from './auth-form.module.css'

const today = () => new Date().toISOString().slice(0, 10)

/** The sign-up form. On success the e-mail travels to /verify-otp (in session storage, not the URL). */
export function SignupForm() {
  const [form, setForm] = useState({ name: '', email: '', password: '', confirm_password: '', gender: '', dob: '', phone_number: '' })
  const { busy, error, onSubmit } = useSubmit()
  const mismatch = form.confirm_password !== '' && form.password !== form.confirm_password
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [field]: event.target.value })

  const submit = onSubmit(async () => {
    if (form.password !== form.confirm_password) throw new FormProblem('Passwords do not match')
    await api('/auth/signup', { body: form })
    rememberEmailToVerify(form.email.trim(), new URLSearchParams(location.search).get('from'))
    location.assign('/verify-otp')
    return { navigating: true }
  })

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <FormField label="Name" name="name" autoComplete="name" required maxLength={100} value={form.name} onChange={set('name')} />
      <FormField label="Email" type="email" name="email" autoComplete="email" required value={form.email} onChange={set('email')} />
      <PasswordField purpose="new" label="Password" name="password" value={form.password} onChange={set('password')} />
      <PasswordField
        purpose="confirm"
        label="Confirm Password"
        name="confirm_password"
        value={form.confirm_password}
        error={mismatch ? 'Passwords do not match' : undefined}
        onChange={set('confirm_password')}
      />
      <FormField as="select" label="Gender" name="gender" required value={form.gender} onChange={set('gender')}>
        <option value="" disabled>
          Select gender
        </option>
        <option value="male">Male</option>
        <option value="female">Female</option>
        <option value="other">Other</option>
      </FormField>
      <FormField label="Date of Birth" type="date" name="dob" required max={today()} value={form.dob} onChange={set('dob')} />
      <FormField label="Phone (optional)" type="tel" name="phone_number" autoComplete="tel" value={form.phone_number} onChange={set('phone_number')} />
      <FormMessage error={error} />
      <Button type="submit" variant="primary" block loading={busy} loadingText="Signing up…">
        Sign Up
      </Button>
      <p className={styles.alternative}>
        Already have an account? <a href={useKeptFrom('/login')}>Log in</a>
      </p>
    </Form>
  )
}

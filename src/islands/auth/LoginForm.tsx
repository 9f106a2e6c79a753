import { useEffect, useState } from 'react'
import { safeFrom } from '../../modules/auth/route-access.ts'
import { destinationAfterLogin } from '../itinerary/pending-save.ts'
import { api } from '../session/api.ts'
import { setSession, type SessionUser } from '../session/store.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { PasswordField } from './PasswordField.tsx'
import { useSubmit } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import { emailToVerify } from './verify-email.ts'
import { useKeptFrom } from './use-kept-from.ts'
import styles from './auth-form.module.css'

/** The login form. After success the user goes back to the page that sent them here, or home. */
export function LoginForm() {
  const [email, setEmail] = useState('')
  // Just verified: say so and fill the address in (it came from the sign-up form, in session storage).
  const [verified, setVerified] = useState(false)
  useEffect(() => {
    if (new URLSearchParams(location.search).get('verified') !== '1') return
    setVerified(true)
    setEmail((current) => current || emailToVerify())
  }, [])
  const [password, setPassword] = useState('')
  const [rememberMe, setRememberMe] = useState(false)
  const { busy, error, onSubmit } = useSubmit()

  const submit = onSubmit(async () => {
    const { user, accessToken } = await api<{ user: SessionUser; accessToken: string }>('/auth/login', { body: { email, password, rememberMe } })
    await setSession(user, accessToken)
    location.assign(await destinationAfterLogin(safeFrom(new URLSearchParams(location.search).get('from'))))
    return { navigating: true }
  })

  return (
    <Form className="auth-form stack" onSubmit={submit}>
      <FormField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <PasswordField purpose="current" label="Password" name="password" value={password} onChange={(e) => setPassword(e.target.value)} />
      <div className={styles.row}>
        <label className="checkbox">
          <input type="checkbox" name="rememberMe" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
          <span>Remember me</span>
        </label>
        <a href="/forgot-password">Forgot Password?</a>
      </div>
      <FormMessage error={error} success={verified && !error ? 'Email verified. Log in to continue.' : null} />
      <Button type="submit" variant="primary" block loading={busy} loadingText="Logging in…">
        Log in
      </Button>
      <p className={styles.alternative}>
        Don't have an account? <a href={useKeptFrom('/signup')}>Register</a>
      </p>
    </Form>
  )
}

import { useEffect, useState, type FormEvent } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { failureText, FormMessage } from './FormMessage.tsx'
import { emailToVerify } from './verify-email.ts'

export const VERIFIED_REDIRECT_MS = 2000

/** E-mail verification: the 6-digit code from the mail, with Resend OTP. */
export function VerifyOtpForm() {
  const [email, setEmail] = useState('')
  const [otp, setOtp] = useState('')
  const [busy, setBusy] = useState<'verify' | 'resend' | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [success, setSuccess] = useState<string | null>(null)
  const [verified, setVerified] = useState(false)

  useEffect(() => setEmail((current) => current || emailToVerify()), [])

  async function verify(event: FormEvent) {
    event.preventDefault()
    setBusy('verify')
    setError(null)
    setSuccess(null)
    try {
      await api('/auth/verify-otp', { body: { email, otp } })
      setVerified(true)
      setSuccess('Email verified! Redirecting to login...')
      setTimeout(() => location.assign('/login'), VERIFIED_REDIRECT_MS)
    } catch (failure) {
      setError(failureText(failure, 'Something went wrong'))
    } finally {
      setBusy(null)
    }
  }

  async function resend() {
    setError(null)
    setSuccess(null)
    if (email.trim() === '') {
      setError('Please enter your email to resend OTP.')
      return
    }
    setBusy('resend')
    try {
      const answer = await api<{ message?: string }>('/auth/resend-otp', { body: { email } })
      setSuccess(answer.message ?? 'A new code has been sent.')
    } catch (failure) {
      setError(failureText(failure, 'Something went wrong'))
    } finally {
      setBusy(null)
    }
  }

  return (
    <Form className="auth-form stack" onSubmit={verify}>
      <FormField label="Email" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
      <FormField
        label="OTP"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        hint="Enter the 6-digit OTP sent to your email."
        value={otp}
        onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, 6))}
      />
      <FormMessage error={error} success={success} />
      <Button type="submit" variant="primary" block loading={busy === 'verify'} disabled={verified} loadingText="Verifying…">
        Verify Email
      </Button>
      <Button variant="secondary" block onClick={resend} loading={busy === 'resend'} disabled={verified} loadingText="Sending…">
        Resend OTP
      </Button>
    </Form>
  )
}

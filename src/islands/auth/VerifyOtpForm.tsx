import { useEffect, useState, type FormEvent } from 'react'
import { api } from '../session/api.ts'
import { Button } from '../ui/Button.tsx'
import { Form } from '../ui/Form.tsx'
import { FormField } from '../ui/FormField.tsx'
import { FormProblem, useSubmit } from '../ui/use-submit.ts'
import { FormMessage } from './FormMessage.tsx'
import { emailToVerify, loginAfterVerifying } from './verify-email.ts'

export const VERIFIED_REDIRECT_MS = 2000

/** E-mail verification: the 6-digit code from the mail, with Resend OTP. */
export function VerifyOtpForm() {
  const [email, setEmail] = useState('')
  const [otp, setOtp] = useState('')
  const { busy, error, success, run } = useSubmit()
  const [action, setAction] = useState<'verify' | 'resend'>('verify')
  const [verified, setVerified] = useState(false)

  useEffect(() => setEmail((current) => current || emailToVerify()), [])

  function verify(event: FormEvent) {
    event.preventDefault()
    setAction('verify')
    void run(async () => {
      await api('/auth/verify-otp', { body: { email, otp } })
      setVerified(true)
      setTimeout(() => location.assign(loginAfterVerifying()), VERIFIED_REDIRECT_MS)
      return { success: 'Email verified! Redirecting to login...' }
    })
  }

  function resend() {
    setAction('resend')
    void run(async () => {
      if (email.trim() === '') throw new FormProblem('Please enter your email to resend OTP.')
      const answer = await api<{ message?: string }>('/auth/resend-otp', { body: { email } })
      return { success: answer.message ?? 'A new code has been sent.' }
    })
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
      <Button type="submit" variant="primary" block loading={busy && action === 'verify'} disabled={verified || busy} loadingText="Verifying…">
        Verify Email
      </Button>
      <Button variant="secondary" block onClick={resend} loading={busy && action === 'resend'} disabled={verified || busy} loadingText="Sending…">
        Resend OTP
      </Button>
    </Form>
  )
}

import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../modules/auth/policy.ts'
import { FormField } from '../ui/FormField.tsx'

interface PasswordFieldProps {
  label: string
  name: string
  value: string
  onChange: (event: { target: { value: string } }) => void
  /** `current` for the password a user has; `confirm` for typing a new one again; `new` for choosing one. */
  purpose: 'current' | 'confirm' | 'new'
  error?: string | undefined
}

/** A required password field; one for choosing a password carries the server's length rules and their hint. */
export function PasswordField({ purpose, ...props }: PasswordFieldProps) {
  const rules = purpose === 'new' ? { minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, hint: `Minimum ${PASSWORD_MIN_LENGTH} characters` } : {}
  return <FormField type="password" autoComplete={purpose === 'current' ? 'current-password' : 'new-password'} required {...rules} {...props} />
}

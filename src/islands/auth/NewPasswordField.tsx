import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../modules/auth/policy.ts'
import { FormField } from '../ui/FormField.tsx'

interface NewPasswordFieldProps {
  label: string
  name: string
  value: string
  onChange: (event: { target: { value: string } }) => void
}

/** A field for choosing a password, with the server's length rules and their hint. */
export function NewPasswordField({ label, name, value, onChange }: NewPasswordFieldProps) {
  return (
    <FormField
      label={label}
      type="password"
      name={name}
      autoComplete="new-password"
      required
      minLength={PASSWORD_MIN_LENGTH}
      maxLength={PASSWORD_MAX_LENGTH}
      hint={`Minimum ${PASSWORD_MIN_LENGTH} characters`}
      value={value}
      onChange={onChange}
    />
  )
}

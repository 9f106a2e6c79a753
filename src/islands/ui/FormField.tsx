import { useId, type ComponentPropsWithRef, type ReactNode } from 'react'

interface FieldCommon {
  /** Visible label; it is the control's accessible name, so use the spec's wording. */
  label: ReactNode
  /** Help text under the control, linked with `aria-describedby`. */
  hint?: ReactNode
  /** Error text; when present the control gets `aria-invalid="true"` and is linked to it. */
  error?: ReactNode
  /** Sets `required` on the control and shows a marker after the label (hidden from assistive technology, which announces "required" itself). */
  required?: boolean
  /** Control id; generated when omitted. */
  id?: string
  /** Class of the wrapping element. */
  className?: string
  /** Class added to the control itself. */
  controlClassName?: string
  /** Keeps the label for assistive technology only (e.g. a search box with a visible button). */
  hideLabel?: boolean
}

type Native<T extends 'input' | 'select' | 'textarea'> = Omit<ComponentPropsWithRef<T>, 'id' | 'required' | 'className'>

export type InputFieldProps = FieldCommon & { as?: 'input' } & Native<'input'>
export type SelectFieldProps = FieldCommon & { as: 'select'; children: ReactNode } & Native<'select'>
export type TextareaFieldProps = FieldCommon & { as: 'textarea' } & Native<'textarea'>
export type FormFieldProps = InputFieldProps | SelectFieldProps | TextareaFieldProps

/**
 * A labelled form control: `<input>` by default, or `as="select"` / `as="textarea"`.
 * Every other prop (name, type, value, onChange, ref, autoComplete, …) goes to the control.
 *
 *   <FormField label="Email" type="email" name="email" autoComplete="email" required error={errors.email} />
 *   <FormField as="select" label="Gender" name="gender" required>…options…</FormField>
 */
export function FormField(props: FormFieldProps) {
  const generatedId = useId()
  const { label, hint, error, required, id = generatedId, className, controlClassName, hideLabel, ...rest } = props
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [rest['aria-describedby'], hintId, errorId].filter((part): part is string => Boolean(part)).join(' ') || undefined
  const invalid = error ? true : rest['aria-invalid']

  const shared = {
    id,
    required,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
  }

  let control: ReactNode
  if (rest.as === 'select') {
    const { as: _as, children, ...selectProps } = rest
    control = (
      <select {...selectProps} {...shared} className={cx('select', controlClassName)}>
        {children}
      </select>
    )
  } else if (rest.as === 'textarea') {
    const { as: _as, ...textareaProps } = rest
    control = <textarea {...textareaProps} {...shared} className={cx('textarea', controlClassName)} />
  } else {
    const { as: _as, ...inputProps } = rest
    control = <input {...inputProps} {...shared} className={cx('input', controlClassName)} />
  }

  return (
    <div className={cx('field', className)}>
      {/* The marker sits outside the <label> so the label text stays exactly the field's name. */}
      <div className={hideLabel ? 'field__label-row visually-hidden' : 'field__label-row'}>
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {required && (
          <span className="field__required" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {control}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <svg viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" aria-hidden="true">
            <circle cx="8" cy="8" r="6.5" />
            <path d="M8 4.8v3.6M8 11v.1" />
          </svg>
          <span>{error}</span>
        </p>
      )}
    </div>
  )
}

function cx(...parts: Array<string | false | undefined>): string {
  return parts.filter(Boolean).join(' ')
}

import type { FormHTMLAttributes } from 'react'
import { useHydrated } from './use-hydrated.ts'

/**
 * A form whose controls stay disabled until its island has hydrated: text typed into the server-rendered
 * markup would be dropped by React, and a click on submit would post the form natively.
 * `className` styles the fieldset that holds the controls, so layout classes such as `stack` keep working.
 */
export function Form({ className, children, ...props }: FormHTMLAttributes<HTMLFormElement>) {
  const hydrated = useHydrated()
  return (
    <form {...props}>
      <fieldset className={['form-fieldset', className].filter(Boolean).join(' ')} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  )
}

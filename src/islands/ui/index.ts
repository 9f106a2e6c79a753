export { Button, buttonClass, type ButtonProps, type ButtonSize, type ButtonStyleOptions, type ButtonVariant } from './Button.tsx'
export {
  ConfirmDialog,
  Dialog,
  useConfirm,
  type ConfirmDialogProps,
  type ConfirmOptions,
  type DialogProps,
  type DialogSize,
} from './Dialog.tsx'
export {
  FormField,
  type FormFieldProps,
  type InputFieldProps,
  type SelectFieldProps,
  type TextareaFieldProps,
} from './FormField.tsx'
export { Form } from './Form.tsx'
export { useHydrated } from './use-hydrated.ts'
export { Loading, type LoadingProps } from './Loading.tsx'
export { Spinner, type SpinnerProps, type SpinnerSize } from './Spinner.tsx'
export { $toasts, Toaster, clearToasts, dismissToast, toast, type ToastItem, type ToastKind, type ToastOptions } from './Toast.tsx'

export { Button, ButtonLink, buttonClassName, type ButtonProps, type ButtonLinkProps } from './button/Button';
export {
  FormAlert,
  SubmitButton,
  TextField,
  formatRetryAfter,
  useErrorMessages,
  useFormErrors,
  type ErrorMessages,
  type FieldErrors,
  type FormAlertProps,
  type FormErrors,
  type FormErrorsOptions,
  type SubmitButtonProps,
  type TextFieldProps,
} from './form';
export { Toasts, useToast, toastsSlice, type Toast, type ToastKind, type ToastApi } from './toast';
export { DialogProvider, Modal, useDialogs, type AlertOptions, type ConfirmOptions, type DialogApi } from './dialog';
export { ProgressBar } from './progress/ProgressBar';
export { ErrorPage, NotFoundPage, type ErrorPageProps } from './error/ErrorPage';
export { LanguageSwitcher } from './language/LanguageSwitcher';
export { Logo } from './Logo';

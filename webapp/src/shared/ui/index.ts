export { Button, ButtonLink, buttonClassName, type ButtonProps, type ButtonLinkProps } from './button/Button';
export {
  Fieldset,
  FormAlert,
  SubmitButton,
  TextAreaField,
  TextField,
  formatRetryAfter,
  inputClassName,
  useErrorMessages,
  useFormErrors,
  type ErrorMessages,
  type FieldErrors,
  type FormAlertProps,
  type FormErrors,
  type FieldsetProps,
  type FormErrorsOptions,
  type SubmitButtonProps,
  type TextAreaFieldProps,
  type TextFieldProps,
} from './form';
export { Toasts, useToast, toastsSlice, type Toast, type ToastKind, type ToastApi } from './toast';
export { DialogProvider, Modal, ModalActions, ModalTitle, useDialogs, type AlertOptions, type ConfirmOptions, type DialogApi } from './dialog';
export { AdminNav } from './admin/AdminNav';
export { PageHeader } from './page/PageHeader';
export { SettingsLayout, SettingsSection, type SettingsLayoutProps } from './page/SettingsLayout';
export { ProgressBar } from './progress/ProgressBar';
export { EmptyState, LoadError, Loading, type EmptyStateProps, type LoadErrorProps } from './state/QueryState';
export { ErrorPage, NotFoundPage, type ErrorPageProps } from './error/ErrorPage';
export { LanguageSwitcher } from './language/LanguageSwitcher';
export { Logo } from './Logo';
export { useActionLabel } from './a11y/actionLabel';
export { ThemeSwitcher, type ThemeSwitcherProps } from './theme/ThemeSwitcher';
export {
  THEMES,
  THEME_STORAGE_KEY,
  applyTheme,
  knownTheme,
  readBrowserTheme,
  useThemeChoice,
  writeBrowserTheme,
  type ThemeChoice,
} from './theme/theme';
export { ActionMenu, type ActionMenuProps, type MenuItemProps } from './menu/ActionMenu';
export { actionMenuDangerClassName } from './menu/classes';

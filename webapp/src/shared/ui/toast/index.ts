export { Toasts } from './Toasts';
export { useToast, type ToastApi, type ToastOptions } from './useToast';
export { toastsSlice, toastShown, toastDismissed, selectToasts, TOAST_LIFETIME_MS, type Toast, type ToastKind } from './toastSlice';

import { useMemo } from 'react';
import { useDispatch } from 'react-redux';
import { toastDismissed, toastShown, type ToastKind } from './toastSlice';

export interface ToastOptions {
  title?: string;
}

export interface ToastApi {
  show(kind: ToastKind, message: string, options?: ToastOptions): string;
  info(message: string, options?: ToastOptions): string;
  success(message: string, options?: ToastOptions): string;
  warning(message: string, options?: ToastOptions): string;
  error(message: string, options?: ToastOptions): string;
  dismiss(id: string): void;
}

/** Shows toast messages: `const toast = useToast(); toast.success(t('saved'))`. Returns the id. */
export function useToast(): ToastApi {
  const dispatch = useDispatch();
  return useMemo(() => {
    const show = (kind: ToastKind, message: string, options?: ToastOptions) =>
      dispatch(toastShown({ kind, message, ...options })).payload.id;
    return {
      show,
      info: (message, options) => show('info', message, options),
      success: (message, options) => show('success', message, options),
      warning: (message, options) => show('warning', message, options),
      error: (message, options) => show('error', message, options),
      dismiss: (id) => {
        dispatch(toastDismissed(id));
      },
    };
  }, [dispatch]);
}

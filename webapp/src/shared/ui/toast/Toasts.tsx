import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { selectToasts, toastDismissed, TOAST_LIFETIME_MS, type Toast, type toastsSlice } from './toastSlice';
import styles from './Toasts.module.css';

type RootWithToasts = { [toastsSlice.reducerPath]: ReturnType<typeof toastsSlice.reducer> };

const ICON_PATHS: Record<Toast['kind'], string> = {
  info: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-6h2v6Zm0-8h-2V7h2v2Z',
  success: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm-1.5 14.5-4-4 1.4-1.4 2.6 2.6 5.6-5.6 1.4 1.4-7 7Z',
  warning: 'M1 21h22L12 2 1 21Zm12-3h-2v-2h2v2Zm0-4h-2v-4h2v4Z',
  error: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm1 15h-2v-2h2v2Zm0-4h-2V7h2v6Z',
};

function ToastItem({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const [paused, setPaused] = useState(false);
  const remaining = useRef(TOAST_LIFETIME_MS);

  useEffect(() => {
    if (paused) return;
    const started = Date.now();
    const timer = setTimeout(() => dispatch(toastDismissed(toast.id)), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [paused, dispatch, toast.id]);

  const urgent = toast.kind === 'error' || toast.kind === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      aria-atomic="true"
      className={`${styles.toast} ${styles[toast.kind]}`}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <svg className={styles.icon} width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
        <path d={ICON_PATHS[toast.kind]} />
      </svg>
      <div className={styles.body}>
        <span className="visually-hidden">{t(`toast.kind.${toast.kind}`)}: </span>
        {toast.title && <strong className={styles.title}>{toast.title}</strong>}
        <span className={styles.message}>{toast.message}</span>
      </div>
      <button
        type="button"
        className={styles.close}
        aria-label={t('toast.close')}
        onClick={() => dispatch(toastDismissed(toast.id))}
      >
        <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
    </div>
  );
}

/** Renders the toast stack, 72 px from the top of the viewport. */
export function Toasts() {
  const toasts = useSelector((state: RootWithToasts) => selectToasts(state));
  return (
    <div className={styles.region}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}

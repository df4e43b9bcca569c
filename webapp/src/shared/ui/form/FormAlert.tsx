import type { ReactNode } from 'react';
import styles from './FormAlert.module.css';

export interface FormAlertProps {
  kind?: 'error' | 'info' | 'success' | 'warning';
  title?: string;
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A message about a whole form (not one field): errors are announced at once (role="alert"),
 * information politely (role="status"); a warning is part of the page, not announced.
 */
export function FormAlert({ kind = 'error', title, children, id, className }: FormAlertProps) {
  return (
    <div
      id={id}
      role={kind === 'error' ? 'alert' : kind === 'warning' ? undefined : 'status'}
      className={[styles.alert, styles[kind], className].filter(Boolean).join(' ')}
    >
      {title && <p className={styles.title}>{title}</p>}
      <div className={styles.body}>{children}</div>
    </div>
  );
}

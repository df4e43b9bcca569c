import { useId, type ReactNode } from 'react';
import { Button } from '../button/Button';
import styles from './QueryState.module.css';

/** The placeholder while a page's data loads. */
export function Loading({ children }: { children: ReactNode }) {
  return (
    <p className={styles.loading} role="status">
      {children}
    </p>
  );
}

export interface LoadErrorProps {
  message: ReactNode;
  retryLabel: string;
  onRetry(): void;
  className?: string;
}

/** The message when a page's data could not be loaded, with a way to try again. */
export function LoadError({ message, retryLabel, onRetry, className }: LoadErrorProps) {
  return (
    <div className={[styles.error, className].filter(Boolean).join(' ')} role="alert">
      <p>{message}</p>
      <Button variant="secondary" size="small" onClick={onRetry}>
        {retryLabel}
      </Button>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  text: ReactNode;
  /** The level of the title in the page's outline. */
  level?: 2 | 3;
  /** What the reader can do next (buttons or links). */
  children?: ReactNode;
}

/** A framed section saying there is nothing here yet, and what to do about it. */
export function EmptyState({ title, text, level = 2, children }: EmptyStateProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.empty} aria-labelledby={id}>
      <Heading id={id} className={styles.emptyTitle}>
        {title}
      </Heading>
      <p>{text}</p>
      {children && <div className={styles.emptyActions}>{children}</div>}
    </section>
  );
}

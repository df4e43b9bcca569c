import type { ReactNode } from 'react';
import styles from './PageHeader.module.css';

/** A page's title with its main controls (a button, a filter) on the same line while they fit. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </header>
  );
}

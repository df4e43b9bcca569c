import type { ReactNode } from 'react';
import styles from './AuthCard.module.css';

export interface AuthCardProps {
  heading: string;
  lead?: ReactNode;
  children?: ReactNode;
  /** Links under the card ("New to Lamplight? Create an account"). */
  footer?: ReactNode;
}

/** The frame of the sign-in screens: a centred card with a heading. */
export function AuthCard({ heading, lead, children, footer }: AuthCardProps) {
  return (
    <div className={styles.page}>
      <section className={styles.card} aria-labelledby="auth-heading">
        <h1 id="auth-heading" className={styles.heading}>
          {heading}
        </h1>
        {lead && <p className={styles.lead}>{lead}</p>}
        {children}
      </section>
      {footer && <div className={styles.footer}>{footer}</div>}
    </div>
  );
}

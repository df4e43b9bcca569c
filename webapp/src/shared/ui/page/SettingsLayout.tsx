import { useId, type ReactNode } from 'react';
import { LocaleLink } from '@/shared/i18n';
import styles from './SettingsLayout.module.css';

export interface SettingsLayoutProps {
  heading: string;
  lead?: ReactNode;
  /** On sub-pages, the label of the link back to the settings index. */
  back?: string;
  /** A wider column, for pages with tables. */
  wide?: boolean;
  children: ReactNode;
}

/** The frame of every settings page: a narrow column with a heading, in one look across features. */
export function SettingsLayout({ heading, lead, back, wide = false, children }: SettingsLayoutProps) {
  return (
    <div className={wide ? `${styles.page} ${styles.wide}` : styles.page}>
      {back && (
        <p className={styles.back}>
          <LocaleLink to="/settings">
            <span aria-hidden="true">← </span>
            {back}
          </LocaleLink>
        </p>
      )}
      <h1 className={styles.heading}>{heading}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </div>
  );
}

/** A card-like section with its own heading; `id` names the heading when a link points at it. */
export function SettingsSection({
  id,
  heading,
  children,
  tone,
}: {
  id?: string;
  heading: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section className={[styles.section, tone === 'danger' ? styles.danger : ''].filter(Boolean).join(' ')} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

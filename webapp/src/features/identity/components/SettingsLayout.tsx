import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocaleLink } from '@/shared/i18n';
import styles from './SettingsLayout.module.css';

export interface SettingsLayoutProps {
  heading: string;
  lead?: ReactNode;
  /** Sub-pages link back to the settings index. */
  back?: boolean;
  children: ReactNode;
}

/** The frame of the settings pages: a narrow column with a heading. */
export function SettingsLayout({ heading, lead, back = false, children }: SettingsLayoutProps) {
  const { t } = useTranslation('identity');
  return (
    <div className={styles.page}>
      {back && (
        <p className={styles.back}>
          <LocaleLink to="/settings">
            <span aria-hidden="true">← </span>
            {t('settings.back')}
          </LocaleLink>
        </p>
      )}
      <h1 className={styles.heading}>{heading}</h1>
      {lead && <p className={styles.lead}>{lead}</p>}
      {children}
    </div>
  );
}

/** A card-like section with its own heading. */
export function SettingsSection({
  id,
  heading,
  children,
  tone,
}: {
  id: string;
  heading: string;
  children: ReactNode;
  tone?: 'danger';
}) {
  return (
    <section className={[styles.section, tone === 'danger' ? styles.danger : ''].filter(Boolean).join(' ')} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {heading}
      </h2>
      {children}
    </section>
  );
}

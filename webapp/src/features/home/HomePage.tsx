import type { ReactNode } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { useAuth } from '@/shared/auth';
import { useLocalePath } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useGetReaderSettingsQuery } from '@/shared/reader';
import { ButtonLink, Logo } from '@/shared/ui';
import styles from './HomePage.module.css';

type FeatureKey = 'log' | 'progress' | 'calendar' | 'checklist' | 'notes' | 'suggestions' | 'languages' | 'install';

// Simple line icons, 24×24, drawn with the current text colour.
const FEATURE_ICONS: Record<FeatureKey, ReactNode> = {
  log: <path d="M5 4h10l4 4v12H5zM15 4v4h4M8 12h8M8 16h5" />,
  progress: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  calendar: (
    <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h2M12 14h2M16 14h0M8 17h2M12 17h2" />
  ),
  checklist: <path d="M4 6l1.5 1.5L8 5M4 12l1.5 1.5L8 11M4 18l1.5 1.5L8 17M11 6h9M11 12h9M11 18h9" />,
  notes: <path d="M4 4h16v11l-5 5H4zM15 20v-5h5M8 9h8M8 13h5" />,
  suggestions: <path d="M9 18h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />,
  languages: <path d="M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9M12 3C9.5 5.7 8.2 8.7 8.2 12s1.3 6.3 3.8 9" />,
  install: <path d="M7 3h10v18H7zM11 18h2M12 7v6M9.5 10.5 12 13l2.5-2.5" />,
};

const FEATURES = Object.keys(FEATURE_ICONS) as FeatureKey[];
const STEPS = ['one', 'two', 'three'] as const;

function Preview() {
  const { t } = useTranslation('home');
  const week = [1, 1, 0, 1, 1, 1, 1];
  return (
    <div className={styles.preview} aria-hidden="true">
      <div className={styles.previewCard}>
        <div className={styles.previewHeader}>
          <span className={styles.previewLabel}>{t('preview.today')}</span>
          <span className={styles.streak}>
            <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor">
              <path d="M12 2c3.5 4.6 5.5 8 3.8 11.4-1 2-3.8 2.5-5.5.9C8 12.2 8.8 7.7 12 2Z" />
              <path d="M6 14c0 4 2.7 7 6 7s6-3 6-7c0-.9-.2-1.7-.5-2.4-.6 2.4-2.7 4.2-5.5 4.2s-5-1.8-5.5-4.2c-.3.7-.5 1.5-.5 2.4Z" />
            </svg>
            {t('preview.streak')}
          </span>
        </div>
        <p className={styles.previewPassage}>{t('preview.passages')}</p>
        <div className={styles.week}>
          {week.map((read, index) => (
            <span key={index} className={read ? styles.dayRead : styles.day} />
          ))}
        </div>
      </div>
      <div className={styles.previewCard}>
        <div className={styles.meter}>
          <div className={styles.meterText}>
            <span>{t('preview.progressLabel')}</span>
            <span className={styles.meterValue}>{t('preview.progressValue')}</span>
          </div>
          <div className={styles.track}>
            <div className={`${styles.fill} ${styles.fillWhole}`} />
          </div>
        </div>
        <div className={styles.meter}>
          <div className={styles.meterText}>
            <span>{t('preview.newTestament')}</span>
            <span className={styles.meterValue}>{t('preview.newTestamentValue')}</span>
          </div>
          <div className={styles.track}>
            <div className={`${styles.fill} ${styles.fillNew}`} />
          </div>
        </div>
      </div>
    </div>
  );
}

/** The public landing page. */
/**
 * "/": the public home page; a signed-in reader goes on to their start page (settings: Today,
 * Bible books, Checklist, Calendar or Notes) instead, with nothing shown while that is looked up.
 */
export function HomePage() {
  const { status } = useAuth();
  const { data: settings, isError } = useGetReaderSettingsQuery(status === 'signedIn' ? undefined : skipToken);
  const localePath = useLocalePath();
  if (status === 'loading') return null;
  if (status === 'signedIn') {
    if (!settings && !isError) return null;
    return <Navigate replace to={localePath(`/${settings?.startPage ?? 'today'}`)} />;
  }
  return <PublicHome />;
}

function PublicHome() {
  const { t } = useTranslation('home');
  useDocumentTitle();
  return (
    <div className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={styles.heroText}>
          <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
          <h1 id="home-title" className={styles.title}>
            {t('hero.title')}
          </h1>
          <p className={styles.lead}>{t('hero.lead')}</p>
          <div className={styles.actions}>
            <ButtonLink to="/register" size="large">
              {t('hero.signUp')}
            </ButtonLink>
            <ButtonLink to="/login" size="large" variant="secondary">
              {t('hero.signIn')}
            </ButtonLink>
          </div>
          <p className={styles.note}>{t('hero.note')}</p>
        </div>
        <Preview />
      </section>

      <section className={styles.section} aria-labelledby="features-title">
        <div className={styles.sectionHead}>
          <h2 id="features-title">{t('features.title')}</h2>
          <p>{t('features.intro')}</p>
        </div>
        <ul className={styles.features}>
          {FEATURES.map((key) => (
            <li key={key} className={styles.feature}>
              <span className={styles.featureIcon}>
                <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
                  {FEATURE_ICONS[key]}
                </svg>
              </span>
              <h3>{t(`features.${key}.title`)}</h3>
              <p>{t(`features.${key}.text`)}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${styles.section} ${styles.steps}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.stepsTitle}>
          {t('steps.title')}
        </h2>
        <ol className={styles.stepList}>
          {STEPS.map((key, index) => (
            <li key={key} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`steps.${key}.title`)}</h3>
              <p>{t(`steps.${key}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className={styles.cta} aria-labelledby="cta-title">
        <Logo size={56} className={styles.ctaLogo} />
        <h2 id="cta-title">{t('cta.title')}</h2>
        <p>{t('cta.text')}</p>
        <div className={styles.actions}>
          <ButtonLink to="/register" size="large">
            {t('cta.signUp')}
          </ButtonLink>
          <ButtonLink to="/login" size="large" variant="secondary">
            {t('cta.signIn')}
          </ButtonLink>
        </div>
      </section>
    </div>
  );
}

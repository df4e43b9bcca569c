import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { ButtonLink } from '../button/Button';
import styles from './ErrorPage.module.css';

export interface ErrorPageProps {
  status?: number;
  message?: string;
  /** The document title's page part; "Error {status}" by default. */
  title?: string;
}

/** Shows a status code and a message; defaults to 500 "No error information is available." */
export function ErrorPage({ status = 500, message, title }: ErrorPageProps) {
  const { t } = useTranslation();
  const text = message ?? t('error.noInformation');
  useDocumentTitle(title ?? t('error.title', { status }));
  return (
    <section className={styles.page} aria-labelledby="error-status">
      <h1 id="error-status" className={styles.status}>
        <span className="visually-hidden">{t('error.statusLabel')} </span>
        {status}
      </h1>
      <p className={styles.message}>{text}</p>
      <div className={styles.actions}>
        <ButtonLink to="/" variant="primary">
          {t('error.home')}
        </ButtonLink>
      </div>
    </section>
  );
}

/** The 404 page: "This page could not be found". */
export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status={404} message={t('error.notFound')} title={t('error.notFoundTitle')} />;
}

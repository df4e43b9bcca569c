import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import styles from './PlaceholderPage.module.css';

export type PlaceholderScreen =
  | 'today'
  | 'books'
  | 'book'
  | 'checklist'
  | 'calendar'
  | 'notes'
  | 'progress'
  | 'adminUsers'
  | 'adminUsersReport'
  | 'adminFeedback'
  | 'adminEngagement';

/** TEMPORARY: stands in for a screen that is not built yet, titled with the screen's name. */
export function PlaceholderPage({ screen }: { screen: PlaceholderScreen }) {
  const { t } = useTranslation('placeholder');
  const title = t(`screens.${screen}`);
  useDocumentTitle(title);
  return (
    <section className={styles.page} aria-labelledby="placeholder-heading">
      <h1 id="placeholder-heading">{title}</h1>
      <p>{t('comingSoon')}</p>
    </section>
  );
}

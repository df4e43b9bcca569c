import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '@/shared/lib/formats';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { LoadError, Loading } from '@/shared/ui';
import { useGetInsightsQuery } from '@/shared/readmodels';
import { BibleMap } from '../components/BibleMap';
import { BooksTable } from '../components/BooksTable';
import { Heatmap } from '../components/Heatmap';
import { Trend } from '../components/Trend';
import styles from './InsightsPage.module.css';

function Section({ heading, lead, children }: { heading: string; lead: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 id={id} className={styles.sectionHeading}>
        {heading}
      </h2>
      <p className={styles.lead}>{lead}</p>
      {children}
    </section>
  );
}

/** /insights: a year of activity, the whole Bible by chapter, books by recency, the trend. */
export function InsightsPage() {
  const { t } = useTranslation('insights');
  const formats = useFormats();
  useDocumentTitle(t('title'));
  const { data, isLoading, error, refetch } = useGetInsightsQuery();

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('heading')}</h1>
      <p className={styles.lead}>{t('lead')}</p>
      {isLoading ? <Loading>{t('loading')}</Loading> : null}
      {error && !data ? <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void refetch()} /> : null}
      {data ? (
        <>
          {data.totals.readingDays === 0 ? (
            <p className={styles.empty}>{t('empty')}</p>
          ) : (
            <p>{t('summary', { days: formats.integer(data.totals.readingDays), chapters: formats.integer(data.totals.chaptersRead) })}</p>
          )}
          <Section heading={t('activity.heading')} lead={t('activity.lead')}>
            <Heatmap data={data} />
          </Section>
          <Section heading={t('map.heading')} lead={t('map.lead')}>
            <BibleMap data={data} />
          </Section>
          <Section heading={t('books.heading')} lead={t('books.lead')}>
            <BooksTable data={data} />
          </Section>
          <Section heading={t('trend.heading')} lead={t('trend.lead')}>
            <Trend data={data} />
          </Section>
        </>
      ) : null}
    </div>
  );
}

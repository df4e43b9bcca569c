import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useGetLogQuery, useGetReaderSettingsQuery } from '@/shared/reader';
import { newVersesByEntry } from '@/shared/readmodels';
import { FormAlert, useErrorMessages } from '@/shared/ui';
import { EntryList } from '../components/EntryList';
import { HistoryControls, PhoneControls, passageKey } from '../components/HistoryControls';
import { LogFollowUpProvider } from '../components/LogFollowUp';
import { useFormats } from '../lib/format';
import { historyPage } from '../lib/history';
import { activeFilters, historySearch, readHistoryParams, type HistoryParams } from '../lib/historyParams';
import styles from './LogPage.module.css';

function Pager({ params, page, pageCount }: { params: HistoryParams; page: number; pageCount: number }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  if (pageCount <= 1) return null;
  const to = (target: number) => `/log${historySearch({ ...params, page: target })}`;
  return (
    <nav className={styles.pager} aria-label={t('history.pages')}>
      {page > 1 ? (
        <LocaleLink to={to(page - 1)} rel="prev">
          <span aria-hidden="true">← </span>
          {t('history.previous')}
        </LocaleLink>
      ) : (
        <span />
      )}
      <span>{t('history.pageOf', { page: formats.integer(page), pages: formats.integer(pageCount) })}</span>
      {page < pageCount ? (
        <LocaleLink to={to(page + 1)} rel="next">
          {t('history.next')}
          <span aria-hidden="true"> →</span>
        </LocaleLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

function LogContent() {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const messages = useErrorMessages();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readHistoryParams(search), [search]);
  const log = useGetLogQuery();
  const settings = useGetReaderSettingsQuery();
  const lookBack = settings.data?.lookBackDate;
  const entries = log.data?.entries;
  const result = useMemo(
    () => historyPage(entries ?? [], params, params.order, params.size, params.page),
    [entries, params],
  );
  const newVerses = useMemo(() => {
    const all = new Map<string, number>();
    for (const day of result.days) for (const [id, n] of newVersesByEntry(entries ?? [], day.date, lookBack)) all.set(id, n);
    return all;
  }, [entries, result.days, lookBack]);

  const onChange = (next: HistoryParams) => setSearch(historySearch(next));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('history.title')}</h1>
        <LocaleLink to="/calendar">{t('history.calendar')}</LocaleLink>
      </header>
      {log.error !== undefined && <FormAlert>{messages.request(toApiError(log.error)) ?? t('errors.loadFailed')}</FormAlert>}
      {phone ? <PhoneControls params={params} onChange={onChange} /> : <HistoryControls key={passageKey(params)} params={params} onChange={onChange} />}
      <p className={styles.summary} role="status">
        {log.isLoading
          ? t('loading')
          : result.total === 0
            ? activeFilters(params) > 0
              ? t('history.noMatch')
              : t('history.empty')
            : t('history.showing', {
                first: formats.integer(result.first),
                last: formats.integer(result.last),
                total: formats.integer(result.total),
                count: result.total,
              })}
      </p>
      <div className={styles.days}>
        {result.days.map((day) => {
          const heading = formats.date(day.date, 'full');
          return (
            <section key={day.date} className={styles.day} aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`} className={styles.dayHeading}>
                {heading}
              </h2>
              <EntryList entries={day.entries} newVerses={newVerses} empty="" label={heading} />
            </section>
          );
        })}
      </div>
      <Pager params={params} page={result.page} pageCount={result.pageCount} />
    </div>
  );
}

/** /log: every entry, grouped by day, filtered and paged from the cached log (so it works offline too). */
export function LogPage() {
  const { t } = useTranslation('readingLog');
  useDocumentTitle(t('history.title'));
  return (
    <LogFollowUpProvider>
      <LogContent />
    </LogFollowUpProvider>
  );
}

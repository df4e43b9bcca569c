import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { bookById, bookName, wholeBook, type Locale } from '@/shared/bible';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useFormats } from '@/shared/lib/formats';
import { notesOnPassagePath } from '@/shared/lib/noteLinks';
import { FreshStartCard, useGetReaderSettingsQuery } from '@/shared/reader';
import { PageHeader } from '@/shared/ui';
import { useGetProgressOverviewQuery, type BookProgress, type ProgressSummary } from '@/shared/readmodels';
import { useGetNoteCountsByBookQuery } from '../api';
import { NoteIcon } from '../components/icons';
import { LoadError, Loading } from '../components/QueryState';
import { SegmentBar } from '../components/SegmentBar';
import styles from './BooksPage.module.css';

type Filter = 'bible' | 'ot' | 'nt';
const FILTERS: Filter[] = ['bible', 'ot', 'nt'];

function parseFilter(value: string | null): Filter {
  return value === 'ot' || value === 'nt' ? value : 'bible';
}

/** /books: every book's progress, filtered by testament, each leading to its chapters. */
export function BooksPage() {
  const { t } = useTranslation('progress');
  useDocumentTitle(t('books.title'));
  const fmt = useFormats();
  const [params, setParams] = useSearchParams();
  // The choice shows at once; the URL (kept for sharing and reloads) follows.
  const [filter, setFilterState] = useState<Filter>(() => parseFilter(params.get('testament')));
  const { data, isLoading, isError, refetch } = useGetProgressOverviewQuery();
  const { data: noteCounts } = useGetNoteCountsByBookQuery();
  const { data: settings } = useGetReaderSettingsQuery();
  const filterName = useId();

  const setFilter = (next: Filter) => {
    setFilterState(next);
    const nextParams = new URLSearchParams(params);
    if (next === 'bible') nextParams.delete('testament');
    else nextParams.set('testament', next);
    setParams(nextParams, { replace: true });
  };

  const summary: ProgressSummary | undefined = data && (filter === 'ot' ? data.oldTestament : filter === 'nt' ? data.newTestament : data.bible);
  const groups = useMemo(() => {
    if (!data) return [];
    const ot = data.books.filter((b) => !bookById(b.book)?.newTestament);
    const nt = data.books.filter((b) => bookById(b.book)?.newTestament);
    return [
      ...(filter !== 'nt' ? [{ id: 'ot' as const, books: ot, summary: data.oldTestament }] : []),
      ...(filter !== 'ot' ? [{ id: 'nt' as const, books: nt, summary: data.newTestament }] : []),
    ];
  }, [data, filter]);
  const summarySegments = useMemo(() => groups.flatMap((g) => g.books.flatMap((b) => b.segments)), [groups]);

  return (
    <div className={styles.page}>
      <PageHeader title={t('books.title')}>
        <fieldset className={styles.filter}>
          <legend className="visually-hidden">{t('books.filterLabel')}</legend>
          {FILTERS.map((f) => (
            <label key={f} className={styles.filterOption}>
              <input
                type="radio"
                name={filterName}
                value={f}
                checked={filter === f}
                onChange={() => setFilter(f)}
                className={styles.filterInput}
              />
              <span>{t(`filter.${f}`)}</span>
            </label>
          ))}
        </fieldset>
      </PageHeader>
      <FreshStartCard complete={data?.bible.complete} lookBackDate={settings?.lookBackDate} />

      {isLoading && <Loading />}
      {isError && !data && <LoadError onRetry={() => void refetch()} />}

      {data && summary && (
        <>
          <section className={styles.summary} aria-labelledby="books-summary">
            <h2 id="books-summary" className={styles.summaryText}>
              <span className={styles.bigPercent}>{fmt.share(summary.versesRead, summary.totalVerses)}</span>{' '}
              <span>{t(`books.summary.${filter}`)}</span>
            </h2>
            <SegmentBar segments={summarySegments} size="large" />
            <dl className={styles.figures}>
              <div>
                <dt>{t('figures.verses')}</dt>
                <dd>{t('figures.ofTotal', { read: fmt.integer(summary.versesRead), total: fmt.integer(summary.totalVerses) })}</dd>
              </div>
              <div>
                <dt>{t('figures.chapters')}</dt>
                <dd>{t('figures.ofTotal', { read: fmt.integer(summary.chaptersRead), total: fmt.integer(summary.chapterCount) })}</dd>
              </div>
            </dl>
            <LocaleLink to="/progress" className={styles.outlookLink}>
              {t('books.outlookLink')}
            </LocaleLink>
          </section>

          {groups.map((group) => (
            <section key={group.id} className={styles.group} aria-labelledby={`group-${group.id}`}>
              <div className={styles.groupHeader}>
                <h2 id={`group-${group.id}`}>{t(`testament.${group.id}`)}</h2>
                <span className={styles.groupPercent}>{fmt.share(group.summary.versesRead, group.summary.totalVerses)}</span>
              </div>
              <ul className={styles.grid}>
                {group.books.map((b) => (
                  <BookCard key={b.book} progress={b} notes={noteCounts?.[String(b.book)] ?? 0} />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function BookCard({ progress, notes }: { progress: BookProgress; notes: number }) {
  const { t } = useTranslation('progress');
  const { locale } = useLocale();
  const fmt = useFormats();
  const id = useId();
  const name = bookName(progress.book, locale as Locale);
  const range = wholeBook(progress.book)!;
  return (
    <li className={`${styles.card} ${progress.complete ? styles.complete : ''}`}>
      <div className={styles.cardTop}>
        <LocaleLink to={`/books/${progress.book}`} className={styles.cardLink} aria-describedby={`${id}-meta`}>
          {name}
        </LocaleLink>
        <span className={styles.cardPercent} id={`${id}-meta`}>
          {fmt.share(progress.versesRead, progress.totalVerses)}
          <span className="visually-hidden">
            {', '}
            {t('figures.chaptersOf', { read: fmt.integer(progress.chaptersRead), total: fmt.integer(progress.chapterCount) })}
          </span>
        </span>
      </div>
      <SegmentBar segments={progress.segments} />
      <div className={styles.cardMeta}>
        <span aria-hidden="true">
          {t('figures.chaptersOf', { read: fmt.integer(progress.chaptersRead), total: fmt.integer(progress.chapterCount) })}
        </span>
        {notes > 0 && (
          <LocaleLink
            to={notesOnPassagePath(range)}
            className={styles.notesLink}
            aria-label={t('notes.linkLabel', { book: name, count: fmt.integer(notes) })}
          >
            <NoteIcon />
            {fmt.integer(notes)}
          </LocaleLink>
        )}
      </div>
    </li>
  );
}

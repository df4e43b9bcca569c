import { useCallback, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { VerseSet, bookName, books, wholeChapter, type Book, type Locale, type Progress } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useFormats } from '@/shared/lib/formats';
import { Button, useDialogs } from '@/shared/ui';
import { FreshStartCard, useGetLogQuery, useGetReaderSettingsQuery } from '@/shared/reader';
import { useGetProgressOverviewQuery, type BookProgress } from '@/shared/readmodels';
import { ChapterActions } from '../components/ChapterActions';
import { ChevronIcon } from '../components/icons';
import { LoadError, Loading } from '../components/QueryState';
import { SegmentBar } from '../components/SegmentBar';
import { checklistAction } from '../model/checklist';
import { useChapterLog } from '../useChapterLog';
import styles from './ChecklistPage.module.css';

/** /checklist: every book's chapters as cells; a tap logs a chapter today or takes it back. */
export function ChecklistPage() {
  const { t } = useTranslation('progress');
  useDocumentTitle(t('checklist.title'));
  const { locale } = useLocale();
  const fmt = useFormats();
  const { alert } = useDialogs();
  const { today, logChapter, removeEntry, reference } = useChapterLog();
  const overview = useGetProgressOverviewQuery();
  const { data: settings } = useGetReaderSettingsQuery();
  const log = useGetLogQuery();
  const entriesToday = useMemo(() => log.data?.entries.filter((e) => e.date === today), [log.data, today]);
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(() => new Set());
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());

  // Chapter completion from the book segments the overview already carries: one request, not 66.
  const report = useMemo(() => {
    if (!overview.data) return undefined;
    const read = new VerseSet(overview.data.books.flatMap((b) => b.segments.filter((s) => s.read)));
    return read.report();
  }, [overview.data]);

  const toggleBook = (book: number) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(book)) next.delete(book);
      else next.add(book);
      return next;
    });

  // Until today's entries and progress are current again, a tap could act on old data.
  const stale = !entriesToday || log.isFetching || overview.isFetching;

  const onChapter = useCallback(
    async (book: number, chapter: number, complete: boolean) => {
      const key = `${book}:${chapter}`;
      if (busy.has(key) || stale || !entriesToday) return;
      const range = wholeChapter(book, chapter)!;
      const action = checklistAction({ chapter: range, complete, today, entriesToday });
      if (action.kind === 'explain') {
        await alert({
          title: t('checklist.explainTitle', { reference: reference(range) }),
          message: t('checklist.explainMessage'),
        });
        return;
      }
      setBusy((current) => new Set(current).add(key));
      if (action.kind === 'log') await logChapter(book, chapter);
      else await removeEntry(action.entry);
      setBusy((current) => {
        const next = new Set(current);
        next.delete(key);
        return next;
      });
    },
    [alert, busy, stale, entriesToday, logChapter, removeEntry, reference, t, today],
  );

  const allBooks = books();
  const groups = [
    { id: 'ot' as const, books: allBooks.filter((b) => !b.newTestament) },
    { id: 'nt' as const, books: allBooks.filter((b) => b.newTestament) },
  ];
  const allExpanded = expanded.size === allBooks.length;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('checklist.title')}</h1>
          <p className={styles.intro}>{t('checklist.intro')}</p>
        </div>
        {report && (
          <Button
            variant="secondary"
            size="small"
            onClick={() => setExpanded(allExpanded ? new Set() : new Set(allBooks.map((b) => b.id)))}
          >
            {allExpanded ? t('checklist.collapseAll') : t('checklist.expandAll')}
          </Button>
        )}
      </header>

      <FreshStartCard complete={overview.data?.bible.complete} lookBackDate={settings?.lookBackDate} />
      {overview.isLoading && <Loading />}
      {overview.isError && !overview.data && <LoadError onRetry={() => void overview.refetch()} />}

      {report && overview.data && (
        <>
          <p className={styles.summary}>
            {t('checklist.summary', {
              read: fmt.integer(report.bible.chaptersRead),
              total: fmt.integer(report.bible.totalChapters),
            })}
          </p>
          <div className={styles.legend} aria-hidden="true">
            <span className={styles.legendItem}>
              <span className={`${styles.swatch} ${styles.read}`} />
              {t('checklist.legend.read')}
            </span>
            <span className={styles.legendItem}>
              <span className={`${styles.swatch} ${styles.partial}`} />
              {t('checklist.legend.partial')}
            </span>
            <span className={styles.legendItem}>
              <span className={styles.swatch} />
              {t('checklist.legend.unread')}
            </span>
          </div>
          {groups.map((group) => (
            <section key={group.id} aria-labelledby={`checklist-${group.id}`} className={styles.group}>
              <h2 id={`checklist-${group.id}`} className={styles.groupTitle}>
                {t(`testament.${group.id}`)}
              </h2>
              <ul className={styles.books}>
                {group.books.map((book) => (
                  <BookRow
                    key={book.id}
                    book={book}
                    name={bookName(book.id, locale as Locale)}
                    progress={report.books[book.id - 1]!.progress}
                    chapters={report.books[book.id - 1]!.chapters}
                    segments={overview.data!.books[book.id - 1]?.segments ?? []}
                    expanded={expanded.has(book.id)}
                    busy={busy}
                    stale={stale}
                    onToggle={() => toggleBook(book.id)}
                    onChapter={(chapter, complete) => void onChapter(book.id, chapter, complete)}
                    reference={(chapter) => reference(wholeChapter(book.id, chapter)!)}
                  />
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

interface BookRowProps {
  book: Book;
  name: string;
  progress: Progress;
  chapters: Progress[];
  segments: BookProgress['segments'];
  expanded: boolean;
  busy: ReadonlySet<string>;
  stale: boolean;
  onToggle: () => void;
  onChapter: (chapter: number, complete: boolean) => void;
  reference: (chapter: number) => string;
}

function BookRow({ book, name, progress, chapters, segments, expanded, busy, stale, onToggle, onChapter, reference }: BookRowProps) {
  const { t } = useTranslation('progress');
  const fmt = useFormats();
  const panelId = useId();
  const chaptersText = t('figures.ofTotal', { read: fmt.integer(progress.chaptersRead), total: fmt.integer(progress.totalChapters) });
  return (
    <li className={`${styles.book} ${progress.complete ? styles.bookComplete : ''}`}>
      <h3 className={styles.bookHeading}>
        <button
          type="button"
          className={styles.disclosure}
          aria-expanded={expanded}
          aria-controls={expanded ? panelId : undefined}
          onClick={onToggle}
        >
          <ChevronIcon className={styles.chevron} />
          <span className={styles.bookName}>{name}</span>
          <span className={styles.bookCount}>
            <span className="visually-hidden">{t('figures.chapters')}: </span>
            {chaptersText}
          </span>
          <SegmentBar segments={segments} size="small" className={styles.bookBar} />
        </button>
      </h3>
      {expanded && (
        <div id={panelId} className={styles.cells} role="group" aria-label={name}>
          {chapters.map((chapter, index) => {
            const number = index + 1;
            const state = chapter.complete ? 'read' : chapter.versesRead > 0 ? 'partial' : 'unread';
            const isBusy = busy.has(`${book.id}:${number}`);
            return (
              <div key={number} className={styles.cellWrap}>
                <button
                  type="button"
                  className={`${styles.cell} ${styles[state]}`}
                  aria-label={t(`checklist.cell.${state}`, { reference: reference(number) })}
                  aria-disabled={isBusy || stale || undefined}
                  aria-busy={isBusy || undefined}
                  onClick={() => onChapter(number, chapter.complete)}
                >
                  {number}
                </button>
                <ChapterActions book={book.id} chapter={number} compact buttonClassName={styles.cellMenu} />
              </div>
            );
          })}
        </div>
      )}
    </li>
  );
}

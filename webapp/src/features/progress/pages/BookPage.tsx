import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { bookById, bookName, link, wholeBook, wholeChapter, type Book, type Locale } from '@/shared/bible';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useFormats } from '@/shared/lib/formats';
import { historyOfPassagePath } from '@/shared/lib/historyLinks';
import { composeNotePath, notesOnPassagePath } from '@/shared/lib/noteLinks';
import { rememberOpened } from '@/shared/reader';
import { Button, NotFoundPage, useActionLabel } from '@/shared/ui';
import { useGetBookProgressQuery, type ChapterProgress } from '@/shared/readmodels';
import { useGetNoteCountsByBookQuery } from '../api';
import { ChapterActions } from '../components/ChapterActions';
import { CheckIcon, ExternalIcon, NoteIcon } from '../components/icons';
import { LoadError, Loading } from '../components/QueryState';
import { SegmentBar } from '../components/SegmentBar';
import { bookFromParam } from '../model/bookParam';
import { useChapterLog } from '../useChapterLog';
import { usePreferredBible } from '../usePreferredBible';
import styles from './BookPage.module.css';

/** /books/{book}: a book's progress and its chapters, each to open or log as read today. */
export function BookPage() {
  const { book: param } = useParams();
  const book = bookFromParam(param);
  if (!book) return <NotFoundPage />;
  return <BookView key={book.id} book={book} />;
}

function BookView({ book }: { book: Book }) {
  const { t } = useTranslation('progress');
  const actionLabel = useActionLabel();
  const { locale } = useLocale();
  const fmt = useFormats();
  const name = bookName(book.id, locale as Locale);
  useDocumentTitle(name);
  const { data, isLoading, isError, refetch } = useGetBookProgressQuery(book.id);
  const { data: noteCounts } = useGetNoteCountsByBookQuery();
  const notes = noteCounts?.[String(book.id)] ?? 0;
  const previous = bookById(book.id - 1);
  const next = bookById(book.id + 1);

  return (
    <div className={styles.page}>
      <nav className={styles.crumbs} aria-label={t('book.navLabel')}>
        <LocaleLink to="/books">{t('book.allBooks')}</LocaleLink>
      </nav>
      <header className={styles.header}>
        <p className={styles.eyebrow}>{t(`testament.${book.newTestament ? 'nt' : 'ot'}`)}</p>
        <h1 className={styles.title}>{name}</h1>
        {data && (
          <div className={styles.headerBody}>
            <p className={styles.headline}>
              <span className={styles.bigPercent}>{fmt.share(data.versesRead, data.totalVerses)}</span>{' '}
              <span>{t('book.read')}</span>
            </p>
            <dl className={styles.figures}>
              <div>
                <dt>{t('figures.verses')}</dt>
                <dd>{t('figures.ofTotal', { read: fmt.integer(data.versesRead), total: fmt.integer(data.totalVerses) })}</dd>
              </div>
              <div>
                <dt>{t('figures.chapters')}</dt>
                <dd>{t('figures.ofTotal', { read: fmt.integer(data.chaptersRead), total: fmt.integer(data.chapterCount) })}</dd>
              </div>
              {notes > 0 && (
                <div>
                  <dt>{t('notes.title')}</dt>
                  <dd>
                    <LocaleLink
                      to={notesOnPassagePath(wholeBook(book.id)!)}
                      className={styles.notesLink}
                      aria-label={t('notes.linkLabel', { book: name, count: fmt.integer(notes) })}
                    >
                      <NoteIcon />
                      {fmt.integer(notes)}
                    </LocaleLink>
                  </dd>
                </div>
              )}
            </dl>
            <SegmentBar segments={data.segments} size="large" className={styles.headerBar} />
          </div>
        )}
        <p className={styles.noteLinks}>
          <LocaleLink to={notesOnPassagePath(wholeBook(book.id)!)} className={styles.notesLink}>
            <NoteIcon />
            {t('notes.all', { book: name })}
          </LocaleLink>
          <LocaleLink to={composeNotePath([wholeBook(book.id)!])} aria-label={actionLabel(t('notes.take'), name)}>
            {t('notes.take')}
          </LocaleLink>
          <LocaleLink to={historyOfPassagePath(wholeBook(book.id)!)} aria-label={actionLabel(t('book.history'), name)}>
            {t('book.history')}
          </LocaleLink>
        </p>
      </header>

      {isLoading && <Loading />}
      {isError && !data && <LoadError onRetry={() => void refetch()} />}

      {data && (
        <section aria-labelledby="chapters-heading">
          <h2 id="chapters-heading" className={styles.sectionTitle}>
            {t('book.chapters')}
          </h2>
          <ol className={styles.tiles}>
            {data.chapters.map((chapter) => (
              <ChapterTile key={chapter.chapter} book={book} chapter={chapter} />
            ))}
          </ol>
        </section>
      )}

      <nav className={styles.pager} aria-label={t('book.pagerLabel')}>
        {previous ? (
          <LocaleLink to={`/books/${previous.id}`} rel="prev">
            <span aria-hidden="true">← </span>
            {bookName(previous.id, locale as Locale)}
          </LocaleLink>
        ) : (
          <span />
        )}
        {next && (
          <LocaleLink to={`/books/${next.id}`} rel="next">
            {bookName(next.id, locale as Locale)}
            <span aria-hidden="true"> →</span>
          </LocaleLink>
        )}
      </nav>
    </div>
  );
}

function ChapterTile({ book, chapter }: { book: Book; chapter: ChapterProgress }) {
  const { t } = useTranslation('progress');
  const fmt = useFormats();
  const bible = usePreferredBible();
  const { logChapter, reference } = useChapterLog();
  const [busy, setBusy] = useState(false);
  const range = wholeChapter(book.id, chapter.chapter)!;
  const ref = reference(range);
  const state = chapter.complete ? styles.complete : chapter.versesRead > 0 ? styles.partial : '';

  const onLog = async () => {
    if (busy) return;
    setBusy(true);
    await logChapter(book.id, chapter.chapter);
    setBusy(false);
  };

  return (
    <li className={`${styles.tile} ${state}`}>
      <div className={styles.tileHead}>
        <h3 className={styles.tileTitle}>
          <span aria-hidden="true">{t('book.chapter', { chapter: chapter.chapter })}</span>
          <span className="visually-hidden">{ref}</span>
        </h3>
        <LocaleLink to={notesOnPassagePath(range)} className={styles.chapterNotes} aria-label={t('notes.chapterLabel', { reference: ref })}>
          <NoteIcon />
        </LocaleLink>
        {chapter.complete && (
          <span className={styles.check} title={t('book.complete')}>
            <CheckIcon />
            <span className="visually-hidden">{t('book.complete')}</span>
          </span>
        )}
      </div>
      <div className={styles.tileMore}>
        <ChapterActions book={book.id} chapter={chapter.chapter} className={styles.tileMenu} menuClassName={styles.tileMenuList} />
      </div>
      <p className={styles.tileVerses}>
        {t('figures.versesOf', { read: fmt.integer(chapter.versesRead), total: fmt.integer(chapter.totalVerses) })}
      </p>
      <SegmentBar segments={chapter.segments} size="small" />
      <div className={styles.actions}>
        <a
          className={styles.openLink}
          href={link(bible.app, bible.version, range)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('book.openLabel', { action: t('book.open'), reference: ref, app: bible.appName })}
          onClick={() => rememberOpened(range)}
        >
          <span className={styles.openText}>{t('book.open')}</span>
          <ExternalIcon />
        </a>
        <Button
          variant="secondary"
          size="small"
          className={styles.logButton}
          aria-label={t('book.logTodayLabel', { action: t('book.logToday'), reference: ref })}
          aria-disabled={busy || undefined}
          onClick={() => void onLog()}
        >
          {t('book.logToday')}
        </Button>
      </div>
    </li>
  );
}

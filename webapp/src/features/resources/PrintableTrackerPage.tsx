import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { bookName, books, type Book } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { Button } from '@/shared/ui';
import styles from './PrintableTrackerPage.module.css';

/**
 * /resources/printable-bible-reading-tracker: every book with a box per chapter, to print and
 * tick by hand. Public; the print style drops the page frame and fits A4 and Letter.
 */
export function PrintableTrackerPage() {
  const { t } = useTranslation('resources');
  useDocumentTitle(t('tracker.title'));
  const all = books();
  const groups = [
    { id: 'ot' as const, books: all.filter((b) => !b.newTestament) },
    { id: 'nt' as const, books: all.filter((b) => b.newTestament) },
  ];
  return (
    <div className={styles.page}>
      <div className={styles.screenOnly}>
        <h1 className={styles.title}>{t('tracker.title')}</h1>
        <p className={styles.intro}>{t('tracker.intro')}</p>
        <div className={styles.actions}>
          <Button onClick={() => window.print()}>{t('tracker.print')}</Button>
          <p className={styles.hint}>{t('tracker.hint')}</p>
        </div>
      </div>

      <article className={styles.sheet} aria-labelledby="tracker-sheet-title">
        <header className={styles.sheetHeader}>
          <h2 id="tracker-sheet-title" className={styles.sheetTitle}>
            {t('tracker.sheetTitle')}
          </h2>
          <div className={styles.fields} aria-hidden="true">
            <span className={styles.field}>
              {t('tracker.name')}
              <span className={styles.line} />
            </span>
            <span className={styles.field}>
              {t('tracker.started')}
              <span className={styles.line} />
            </span>
          </div>
        </header>
        {groups.map((group) => (
          <section key={group.id} className={styles.testament} aria-labelledby={`tracker-${group.id}`}>
            <h3 id={`tracker-${group.id}`} className={styles.testamentTitle}>
              {t(`tracker.${group.id}`)}
            </h3>
            <ul className={styles.books}>
              {group.books.map((book) => (
                <BookRow key={book.id} book={book} />
              ))}
            </ul>
          </section>
        ))}
      </article>
    </div>
  );
}

function BookRow({ book }: { book: Book }) {
  const { t } = useTranslation('resources');
  const { locale } = useLocale();
  const id = useId();
  return (
    <li className={styles.book}>
      <h4 id={id} className={styles.bookName}>
        {bookName(book.id, locale)}
      </h4>
      <span className="visually-hidden">{t('tracker.chapterCount', { chapters: book.chapterCount })}</span>
      <ol className={styles.boxes} aria-hidden="true">
        {Array.from({ length: book.chapterCount }, (_, i) => (
          <li key={i} className={styles.box}>
            {i + 1}
          </li>
        ))}
      </ol>
    </li>
  );
}

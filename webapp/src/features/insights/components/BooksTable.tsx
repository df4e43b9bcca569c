import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookName } from '@/shared/bible';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import type { Insights } from '@/shared/readmodels';
import { shortBookName } from '../model/shortBookName';
import { BOOK_SCOPES, BOOK_SORTS, inScope, sortBooks, type BookScope, type BookSort } from '../model/insights';
import styles from './charts.module.css';

type Measure = 'share' | 'verses';
const MEASURES: readonly Measure[] = ['share', 'verses'];

/** Per book: when it was last read and how much of it in the chosen window, in a scope and order. */
export function BooksTable({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const { locale } = useLocale();
  const formats = useFormats();
  const [window, setWindow] = useState(() => Math.max(0, data.windows.indexOf(90)));
  const [scope, setScope] = useState<BookScope>('bible');
  const [sort, setSort] = useState<BookSort>('recent');
  const [measure, setMeasure] = useState<Measure>('share');
  const collator = useMemo(() => new Intl.Collator(locale), [locale]);
  const lastRead = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }), [locale]);
  // On a phone the date is numeric and long book names are abbreviated: four columns then fit
  // 390 px in every language without breaking a word; the full forms stay for screen readers.
  const lastReadShort = useMemo(
    () => new Intl.DateTimeFormat(locale, { year: '2-digit', month: '2-digit', day: '2-digit', timeZone: 'UTC' }),
    [locale],
  );
  const rows = sortBooks(
    data.books.filter((b) => inScope(b.book, scope)).map((b) => ({ book: b.book, lastRead: b.lastRead, ...b.windows[window]! })),
    sort,
    (book) => bookName(book, locale),
    collator,
  );

  return (
    <div>
      <div className={styles.controls}>
        <label className={styles.field}>
          {t('books.window')}
          <select value={window} onChange={(e) => setWindow(Number(e.target.value))}>
            {data.windows.map((days, i) => (
              <option key={days} value={i}>
                {days === 0 ? t('books.window0') : t('books.windowDays', { count: days })}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('books.scope')}
          <select value={scope} onChange={(e) => setScope(e.target.value as BookScope)}>
            {BOOK_SCOPES.map((s) => (
              <option key={s} value={s}>
                {t(`books.scopes.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('books.sort')}
          <select value={sort} onChange={(e) => setSort(e.target.value as BookSort)}>
            {BOOK_SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`books.sorts.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.field}>
          {t('books.measure')}
          <select value={measure} onChange={(e) => setMeasure(e.target.value as Measure)}>
            {MEASURES.map((m) => (
              <option key={m} value={m}>
                {t(`books.measures.${m}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className={styles.tableScroller}>
        <table className={`${styles.table} ${styles.booksTable}`}>
          <caption className={styles.visuallyHidden}>{t('books.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('books.book')}</th>
              <th scope="col">{t('books.lastRead')}</th>
              <th scope="col" className={styles.number}>
                {measure === 'share' ? t('books.read') : t('books.verses')}
              </th>
              <th scope="col" className={styles.number}>
                {t('books.days')}
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.book}>
                <th scope="row">
                  <LocaleLink to={`/books/${r.book}`}>
                    <Narrowed full={bookName(r.book, locale)} short={shortBookName(r.book, locale)} />
                  </LocaleLink>
                </th>
                <td>
                  {r.lastRead ? (
                    <Narrowed
                      full={lastRead.format(new Date(`${r.lastRead}T00:00:00Z`))}
                      short={lastReadShort.format(new Date(`${r.lastRead}T00:00:00Z`))}
                    />
                  ) : (
                    t('books.never')
                  )}
                </td>
                <td className={styles.number}>
                  {measure === 'share' ? (
                    <>
                      <span className={styles.bar} aria-hidden="true">
                        <span style={{ width: `${r.percentage}%` }} />
                      </span>
                      {formats.percent(r.percentage / 100)}
                    </>
                  ) : (
                    formats.integer(r.versesRead)
                  )}
                </td>
                <td className={styles.number}>{formats.integer(r.readingDays)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

/** The full text, and on a phone a short form in its place (the full one stays for screen readers). */
function Narrowed({ full, short }: { full: string; short?: string }) {
  if (!short || short === full) return full;
  return (
    <>
      <span className={styles.wideText}>{full}</span>
      <span className={styles.narrowText} aria-hidden="true">
        {short}
      </span>
    </>
  );
}

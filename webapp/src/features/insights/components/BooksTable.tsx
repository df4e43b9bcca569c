import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookName } from '@/shared/bible';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import type { Insights } from '@/shared/readmodels';
import { sortBooks, type BookSort } from '../model/insights';
import styles from './charts.module.css';

/** Per book: when it was last read and how much of it in the chosen window; sortable. */
export function BooksTable({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const { locale } = useLocale();
  const formats = useFormats();
  const [window, setWindow] = useState(1);
  const [sort, setSort] = useState<{ by: BookSort; descending: boolean }>({ by: 'lastRead', descending: true });
  const rows = sortBooks(
    data.books.map((b) => ({ book: b.book, lastRead: b.lastRead, ...b.windows[window]! })),
    sort.by,
    sort.descending,
  );

  function header(by: BookSort, label: string, numeric = false) {
    const active = sort.by === by;
    return (
      <th scope="col" className={numeric ? styles.number : undefined} aria-sort={active ? (sort.descending ? 'descending' : 'ascending') : 'none'}>
        <button type="button" className={styles.sortButton} onClick={() => setSort({ by, descending: active ? !sort.descending : by !== 'order' })}>
          {label}
          <span aria-hidden="true">{active ? (sort.descending ? ' ▼' : ' ▲') : ''}</span>
        </button>
      </th>
    );
  }

  return (
    <div>
      <label className={styles.field}>
        {t('books.window')}
        <select value={window} onChange={(e) => setWindow(Number(e.target.value))}>
          {data.windows.map((days, i) => (
            <option key={days} value={i}>
              {t(`books.window${days}` as 'books.window30')}
            </option>
          ))}
        </select>
      </label>
      <div className={styles.tableScroller}>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('books.heading')}</caption>
          <thead>
            <tr>
              {header('order', t('books.book'))}
              {header('lastRead', t('books.lastRead'))}
              {header('read', t('books.read'), true)}
              <th scope="col" className={styles.number}>{t('books.days')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.book}>
                <th scope="row">
                  <LocaleLink to={`/books/${r.book}`}>{bookName(r.book, locale)}</LocaleLink>
                </th>
                <td>{r.lastRead ? formats.date(r.lastRead) : t('books.never')}</td>
                <td className={styles.number}>
                  <span className={styles.bar} aria-hidden="true">
                    <span style={{ width: `${r.percentage}%` }} />
                  </span>
                  {formats.percent(r.percentage / 100)}
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

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookName } from '@/shared/bible';
import { LocaleLink, useLocale, useLocaleNavigate } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import type { Insights } from '@/shared/readmodels';
import { chapterLevel } from '../model/insights';
import styles from './charts.module.css';

/**
 * Every chapter as a cell, one row per book, coloured by read count. The book's name is the
 * keyboard's way in (one link per book, not 1,189 tab stops); a cell opens the book page on click.
 */
export function BibleMap({ data }: { data: Insights }) {
  const { t } = useTranslation('insights');
  const { locale } = useLocale();
  const formats = useFormats();
  const navigate = useLocaleNavigate();
  const [since, setSince] = useState(false);
  const lookBack = data.chapters.lookBackDate;

  return (
    <div>
      {lookBack ? (
        <label className={styles.toggle}>
          <input type="checkbox" checked={since} onChange={(e) => setSince(e.target.checked)} />
          {t('map.sinceLookBack', { date: formats.date(lookBack) })}
        </label>
      ) : null}
      {!since ? <p className={styles.muted}>{t('map.allHistory')}</p> : null}
      <div className={styles.legend} role="group" aria-label={t('activity.legend')}>
        {[0, 1, 2, 3, 4, 5].map((level) => (
          <span key={level} className={styles.legendItem}>
            <span className={`${styles.swatch} ${styles[`map${level}`]}`} aria-hidden="true" />
            {t(`map.legend${level}` as 'map.legend0')}
          </span>
        ))}
      </div>
      <div className={styles.bibleMap} data-testid="bible-map">
        {data.chapters.books.map((b) => {
          const counts = since ? b.sinceLookBack : b.allTime;
          const partly = new Set(since ? b.partlyReadSinceLookBack : b.partlyRead);
          const name = bookName(b.book, locale);
          return (
            <div key={b.book} className={styles.mapRow}>
              <LocaleLink to={`/books/${b.book}`} className={styles.mapBook}>
                {name}
              </LocaleLink>
              <div className={styles.mapCells} aria-hidden="true">
                {counts.map((count, i) => {
                  const chapterLabel = partly.has(i + 1) ? t('map.chapterPartly', { name: `${name} ${i + 1}` }) : t('map.chapter', { name: `${name} ${i + 1}`, count });
                  return (
                    <span
                      key={i}
                      className={`${styles.cell} ${styles[`map${chapterLevel(count, partly.has(i + 1))}`]}`}
                      title={chapterLabel}
                      onClick={() => navigate(`/books/${b.book}`)}
                    />
                  );
                })}
              </div>
            </div>
          );
        })}
      </div>
      <details className={styles.details}>
        <summary>{t('showTable')}</summary>
        <table className={styles.table}>
          <caption className={styles.visuallyHidden}>{t('map.heading')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('map.book')}</th>
              <th scope="col" className={styles.number}>{t('map.readChapters')}</th>
              <th scope="col">{t('map.mostRead')}</th>
            </tr>
          </thead>
          <tbody>
            {data.chapters.books.map((b) => {
              const counts = since ? b.sinceLookBack : b.allTime;
              const read = counts.filter((c) => c > 0).length;
              const most = Math.max(...counts);
              return (
                <tr key={b.book}>
                  <th scope="row">{bookName(b.book, locale)}</th>
                  <td className={styles.number}>{`${formats.integer(read)} / ${formats.integer(counts.length)}`}</td>
                  <td>{most > 0 ? t('map.mostReadValue', { chapter: counts.indexOf(most) + 1, count: most }) : t('map.none')}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </details>
    </div>
  );
}

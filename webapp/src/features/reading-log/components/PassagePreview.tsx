import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormats } from '../lib/format';
import type { PassagePreview as Preview } from '../lib/passages';
import styles from './PassageLogger.module.css';

const ANNOUNCE_DELAY_MS = 700;

/**
 * What the typed text will log: each passage with its verse count and the total, or the parser's
 * error naming the failing part. Screen readers hear a summary once typing pauses.
 */
export function PassagePreview({
  preview,
  error,
  errorId,
  strong,
}: {
  preview: Preview;
  error: string | undefined;
  errorId: string;
  /** The error is shown as a field error (after a save was tried). */
  strong: boolean;
}) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const summary =
    preview.status === 'ok'
      ? t('preview.summary', {
          count: preview.passages.length,
          passages: formats.integer(preview.passages.length),
          verses: t('verses', { count: preview.total, n: formats.integer(preview.total) }),
        })
      : (error ?? '');
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAnnounced(summary), ANNOUNCE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [summary]);

  return (
    <div className={styles.preview}>
      <p className="visually-hidden" aria-live="polite">
        {announced}
      </p>
      {preview.status === 'ok' && (
        <>
          <h3 className={styles.previewHeading}>{t('preview.heading')}</h3>
          <ul className={styles.previewList}>
            {preview.passages.map((passage, i) => (
              <li key={`${i}-${passage.range.startVerseId}-${passage.range.endVerseId}`}>
                <span className={styles.previewText}>{passage.text}</span>
                <span className={styles.previewCount}>{t('verses', { count: passage.verses, n: formats.integer(passage.verses) })}</span>
              </li>
            ))}
          </ul>
          {preview.passages.length > 1 && (
            <p className={styles.previewTotal}>
              {t('preview.total', { verses: t('verses', { count: preview.total, n: formats.integer(preview.total) }) })}
            </p>
          )}
        </>
      )}
      {error && (
        <p id={errorId} className={strong ? styles.error : styles.softError}>
          {error}
        </p>
      )}
    </div>
  );
}

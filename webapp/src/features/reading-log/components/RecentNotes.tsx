import { useTranslation } from 'react-i18next';
import { formatList, type Locale } from '@/shared/bible';
import { LocaleLink } from '@/shared/i18n';
import { useGetRecentNotesQuery } from '../api';
import { useFormats } from '../lib/format';
import styles from './RecentNotes.module.css';

/** The first words of a note's Markdown, without its markup. */
function excerpt(content: string): string {
  const text = content.replace(/[#>*_`~[\]()!-]+/g, ' ').replace(/\s+/g, ' ').trim();
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** Today's "Recent notes": the latest three, with New note and All notes. */
export function RecentNotes() {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { data: notes, isLoading } = useGetRecentNotesQuery();
  return (
    <>
      {isLoading ? (
        <p className={styles.muted}>{t('loading')}</p>
      ) : notes && notes.length > 0 ? (
        <ul className={styles.list} aria-label={t('recentNotes.heading')}>
          {notes.map((note) => (
            <li key={note.id} className={styles.item}>
              {note.passages.length > 0 && <p className={styles.passages}>{formatList(note.passages, formats.locale as Locale)}</p>}
              {note.content && <p className={styles.text}>{excerpt(note.content)}</p>}
              <p className={styles.date}>{formats.date(note.createdAt.slice(0, 10))}</p>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('recentNotes.none')}</p>
      )}
      <p className={styles.links}>
        <LocaleLink to="/notes?compose=">{t('recentNotes.new')}</LocaleLink>
        <LocaleLink to="/notes">{t('recentNotes.all')}</LocaleLink>
      </p>
    </>
  );
}

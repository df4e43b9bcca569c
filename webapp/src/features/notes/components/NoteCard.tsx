import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@/shared/bible';
import { rememberOpened, useBibleLinks } from '@/shared/reader';
import { TagChip, type Tag } from '@/shared/tags';
import { Button, useActionLabel } from '@/shared/ui';
import type { PassageNote } from '../api';
import { formatSpan } from '../model/passages';
import { useNoteFormats } from '../useNoteFormats';
import { Markdown } from '@/shared/markdown';
import styles from './NoteCard.module.css';

const SUMMARY_LENGTH = 48;

/** A short name for a note in button labels and dialogs: its passages, else its first words. */
export function noteSummary(note: PassageNote, locale: Locale, fallback: string): string {
  if (note.passages.length > 0) return note.passages.map((p) => formatSpan(p, locale)).join('; ');
  const text = note.content.replace(/[#>*_`~[\]()!|-]+/g, ' ').replace(/\s+/g, ' ').trim();
  if (text === '') return fallback;
  const chars = [...text];
  return chars.length > SUMMARY_LENGTH ? `${chars.slice(0, SUMMARY_LENGTH).join('').trimEnd()}…` : text;
}

export interface NoteCardProps {
  note: PassageNote;
  /** The reader's tags by id. */
  tagsById: ReadonlyMap<string, Pick<Tag, 'label' | 'color'>>;
  onEdit(note: PassageNote): void;
  onDelete(note: PassageNote, summary: string): void;
}

/** A time said relatively ("Written 3 days ago"), with the exact one on hover and for screen readers. */
function NoteTime({ iso, ago, exact }: { iso: string; ago: string; exact: string }) {
  return (
    <time dateTime={iso} title={exact}>
      <span aria-hidden="true">{ago}</span>
      <span className="visually-hidden">{exact}</span>
    </time>
  );
}

/** One note: its passages, Markdown content, tags, dates, and Edit and Delete. */
export function NoteCard({ note, tagsById, onEdit, onDelete }: NoteCardProps) {
  const { t } = useTranslation('notes');
  const actionLabel = useActionLabel();
  const formats = useNoteFormats();
  const locale = formats.locale as Locale;
  const id = useId();
  const links = useBibleLinks();
  const summary = noteSummary(note, locale, t('list.untitled', { date: formats.timestamp(note.createdAt) }));
  const edited = note.updatedAt !== note.createdAt;
  // A tag deleted meanwhile may still be named by a cached note; it is left out until the refetch.
  const tags = note.tags.flatMap((tagId) => {
    const tag = tagsById.get(tagId);
    return tag ? [{ id: tagId, tag }] : [];
  });

  return (
    <article className={styles.card} aria-labelledby={`${id}-title`}>
      <header className={styles.head}>
        <h3 id={`${id}-title`} className={styles.passages}>
          {note.passages.length > 0 ? (
            <>
              <span className="visually-hidden">{t('list.passages')}: </span>
              {/* The separator stays outside the unbreakable passage, so a long list wraps between passages. */}
              {note.passages.map((passage, i) => (
                <Fragment key={`${passage.startVerseId}-${passage.endVerseId}`}>
                  <a
                    className={styles.passage}
                    href={links.href(passage)}
                    target="_blank"
                    rel="noopener noreferrer"
                    // A title, not a name: the heading's name stays the passages.
                    title={t('list.openPassage', { passage: formatSpan(passage, locale), app: links.appName })}
                    onClick={() => rememberOpened(passage)}
                  >
                    {formatSpan(passage, locale)}
                  </a>
                  {i < note.passages.length - 1 && '; '}
                </Fragment>
              ))}
            </>
          ) : (
            <span className={styles.noPassage}>{t('list.noPassage')}</span>
          )}
        </h3>
        <p className={styles.dates}>
          <NoteTime iso={note.createdAt} ago={t('list.createdAgo', { ago: formats.ago(note.createdAt) })} exact={t('list.created', { date: formats.timestamp(note.createdAt) })} />
          {edited && (
            <>
              <span aria-hidden="true"> · </span>
              <NoteTime iso={note.updatedAt} ago={t('list.updatedAgo', { ago: formats.ago(note.updatedAt) })} exact={t('list.updated', { date: formats.timestamp(note.updatedAt) })} />
            </>
          )}
        </p>
      </header>
      {note.content !== '' && <Markdown source={note.content} headingBase={3} className={styles.content} />}
      <footer className={styles.foot}>
        {tags.length > 0 ? (
          <ul className={styles.tags} aria-label={t('list.tags')}>
            {tags.map(({ id: tagId, tag }) => (
              <li key={tagId}>
                <TagChip tag={tag} size="small" />
              </li>
            ))}
          </ul>
        ) : (
          <span />
        )}
        <div className={styles.actions}>
          <Button variant="ghost" size="small" aria-label={actionLabel(t('list.edit'), summary)} onClick={() => onEdit(note)}>
            {t('list.edit')}
          </Button>
          <Button
            variant="ghost"
            size="small"
            className={styles.delete}
            aria-label={actionLabel(t('list.delete'), summary)}
            onClick={() => onDelete(note, summary)}
          >
            {t('list.delete')}
          </Button>
        </div>
      </footer>
    </article>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { continueAfter, format, rangeCount, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { composeNotePath, notesOnPassagePath } from '@/shared/lib/noteLinks';
import { rememberOpened, useBibleLinks, useDeleteLogEntryMutation, type LogEntry } from '@/shared/reader';
import { ActionMenu, actionMenuDangerClassName, useActionLabel, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { useFormats } from '../lib/format';
import { inLoggedOrder } from '@/shared/readmodels';
import { EditEntryDialog } from './EditEntryDialog';
import styles from './EntryList.module.css';

export interface EntryListProps {
  entries: readonly LogEntry[];
  /** New (unique) verses per entry id that day. */
  newVerses: ReadonlyMap<string, number>;
  /** Shown when there are no entries. */
  empty: string;
  /** Accessible name of the list. */
  label: string;
}

/**
 * A day's entries: passage, verse count and new verses, with Open and a menu of the other actions
 * (continue reading, take a note, view notes, edit, delete).
 */
export function EntryList({ entries, newVerses, empty, label }: EntryListProps) {
  const { t } = useTranslation('readingLog');
  const actionLabel = useActionLabel();
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const links = useBibleLinks();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const [remove] = useDeleteLogEntryMutation();
  const [editing, setEditing] = useState<LogEntry | null>(null);

  async function onDelete(entry: LogEntry, passage: string) {
    const ok = await confirm({
      title: t('entries.deleteTitle'),
      message: t('entries.deleteText', { passage, date: formats.date(entry.date) }),
      confirmText: t('entries.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await remove(entry.id).unwrap();
      toast.success(t('entries.deleted', { passage }));
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('errors.saveFailed'));
    }
  }

  if (entries.length === 0) return <p className={styles.empty}>{empty}</p>;

  return (
    <>
      <ul className={styles.list} aria-label={label}>
        {inLoggedOrder(entries).map((entry) => {
          const passage = format(entry, locale);
          const verses = rangeCount(entry);
          const fresh = newVerses.get(entry.id) ?? 0;
          const next = continueAfter(entry);
          return (
            <li key={entry.id} className={styles.item}>
              <div className={styles.main}>
                <span className={styles.passage}>{passage}</span>
                <span className={styles.counts}>
                  {t('verses', { count: verses, n: formats.integer(verses) })}
                  <span aria-hidden="true"> · </span>
                  <span className={fresh > 0 ? styles.new : undefined}>
                    {t('entries.newVerses', { count: fresh, n: formats.integer(fresh) })}
                  </span>
                </span>
              </div>
              <div className={styles.actions}>
                <a
                  className={styles.action}
                  href={links.href(entry)}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={actionLabel(t('entries.open'), t('entries.openContext', { passage, app: links.appName }))}
                  onClick={() => rememberOpened(entry)}
                >
                  {t('entries.open')}
                  <span aria-hidden="true"> ↗</span>
                </a>
                <ActionMenu label={t('entries.actions')} accessibleLabel={actionLabel(t('entries.actions'), passage)}>
                  {next && (
                    <a
                      href={links.href(next)}
                      target="_blank"
                      rel="noopener noreferrer"
                      aria-label={actionLabel(t('entries.continue'), t('entries.openContext', { passage: format(next, locale), app: links.appName }))}
                      onClick={() => rememberOpened(next)}
                    >
                      {t('entries.continue')}
                    </a>
                  )}
                  <LocaleLink to={composeNotePath([entry])} aria-label={actionLabel(t('entries.note'), passage)}>
                    {t('entries.note')}
                  </LocaleLink>
                  <LocaleLink to={notesOnPassagePath(entry)} aria-label={actionLabel(t('entries.viewNotes'), passage)}>
                    {t('entries.viewNotes')}
                  </LocaleLink>
                  <button type="button" aria-label={actionLabel(t('entries.edit'), passage)} onClick={() => setEditing(entry)}>
                    {t('entries.edit')}
                  </button>
                  <button
                    type="button"
                    className={actionMenuDangerClassName}
                    aria-label={actionLabel(t('entries.delete'), passage)}
                    onClick={() => void onDelete(entry, passage)}
                  >
                    {t('entries.delete')}
                  </button>
                </ActionMenu>
              </div>
            </li>
          );
        })}
      </ul>
      {editing && <EditEntryDialog entry={editing} onClose={() => setEditing(null)} />}
    </>
  );
}

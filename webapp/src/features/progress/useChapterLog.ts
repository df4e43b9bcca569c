import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { format, wholeChapter, type Locale, type VerseRange } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useAddLogEntryMutation, useDeleteLogEntryMutation, useReaderToday, type LogEntry } from '@/shared/reader';
import { useToast } from '@/shared/ui';

/** Logging a whole chapter as read today, and taking such an entry back, with toasts. */
export function useChapterLog() {
  const { t } = useTranslation('progress');
  const { locale } = useLocale();
  const toast = useToast();
  const { today } = useReaderToday();
  const [addEntry] = useAddLogEntryMutation();
  const [deleteEntry] = useDeleteLogEntryMutation();

  const reference = useCallback((range: VerseRange) => format(range, locale as Locale), [locale]);

  /** Logs the chapter for today; true when it was saved. */
  const logChapter = useCallback(
    async (book: number, chapter: number): Promise<boolean> => {
      const range = wholeChapter(book, chapter);
      if (!range) return false;
      try {
        await addEntry({ date: today, ...range }).unwrap();
        toast.success(t('log.logged', { reference: reference(range) }));
        return true;
      } catch {
        toast.error(t('log.logFailed', { reference: reference(range) }));
        return false;
      }
    },
    [addEntry, today, toast, t, reference],
  );

  /** Deletes an entry (today's whole chapter); true when it was deleted. */
  const removeEntry = useCallback(
    async (entry: LogEntry): Promise<boolean> => {
      const range = { startVerseId: entry.startVerseId, endVerseId: entry.endVerseId };
      try {
        await deleteEntry(entry.id).unwrap();
        toast.success(t('log.removed', { reference: reference(range) }));
        return true;
      } catch {
        toast.error(t('log.removeFailed', { reference: reference(range) }));
        return false;
      }
    },
    [deleteEntry, toast, t, reference],
  );

  return { today, logChapter, removeEntry, reference };
}

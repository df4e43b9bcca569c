import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { continueAfter, format, wholeChapter, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useFormats } from '@/shared/lib/formats';
import { historyOfPassagePath } from '@/shared/lib/historyLinks';
import { composeNotePath, notesOnPassagePath } from '@/shared/lib/noteLinks';
import {
  openLogEditor,
  rememberOpened,
  useBibleLinks,
  useDeleteLogEntryMutation,
  useGetLogQuery,
  useReaderToday,
} from '@/shared/reader';
import { chapterEntries } from '../model/chapterEntries';
import {
  ActionMenu,
  actionMenuDangerClassName,
  useActionLabel,
  useDialogs,
  useErrorMessages,
  useToast,
  type MenuItemProps,
} from '@/shared/ui';

export interface ChapterActionsProps {
  book: number;
  chapter: number;
  /** A "⋯" button (a checklist cell) instead of the labelled one (a chapter tile). */
  compact?: boolean;
  className?: string;
  buttonClassName?: string;
  menuClassName?: string;
}

/**
 * A chapter's actions, the same on a book page's tile and a checklist cell: open it in the reader's
 * Bible app, continue after the latest reading of it, log it with a date, take or view notes, its
 * reading log, edit its entry (or its entries in the log) and delete the entries within it. The
 * items render only while the menu is open: the checklist shows up to 1,189 of these menus.
 */
export function ChapterActions({ book, chapter, compact, className, buttonClassName, menuClassName }: ChapterActionsProps) {
  const { t } = useTranslation('progress');
  const actionLabel = useActionLabel();
  const { locale } = useLocale();
  const reference = format(wholeChapter(book, chapter)!, locale as Locale);
  return (
    <ActionMenu
      label={t('book.actions')}
      accessibleLabel={actionLabel(t('book.actions'), reference)}
      compact={compact}
      className={className}
      buttonClassName={buttonClassName}
      menuClassName={menuClassName}
    >
      {(item) => <ChapterMenuItems book={book} chapter={chapter} item={item} />}
    </ActionMenu>
  );
}

function ChapterMenuItems({ book, chapter, item }: { book: number; chapter: number; item: MenuItemProps }) {
  const { t } = useTranslation('progress');
  const actionLabel = useActionLabel();
  const { locale } = useLocale();
  const fmt = useFormats();
  const links = useBibleLinks();
  const { today } = useReaderToday();
  const { data: log } = useGetLogQuery();
  const { confirm } = useDialogs();
  const toast = useToast();
  const messages = useErrorMessages();
  const [remove] = useDeleteLogEntryMutation();
  const range = useMemo(() => wholeChapter(book, chapter)!, [book, chapter]);
  const reference = format(range, locale as Locale);
  const { overlapping, within, latest } = useMemo(() => chapterEntries(log?.entries ?? [], range), [log, range]);
  const next = latest ? continueAfter(latest) : undefined;
  const openIn = t('chapterMenu.openIn', { app: links.appName });
  const newTab = (action: string, passage: string) => t('chapterMenu.newTabLabel', { action, reference: passage });

  async function onDelete() {
    const count = within.length;
    const kept = overlapping.length - count;
    const ok = await confirm({
      title: t('chapterMenu.deleteTitle', { reference }),
      message: [t('chapterMenu.deleteText', { count, n: fmt.integer(count), reference }), kept > 0 ? t('chapterMenu.deleteKept') : '']
        .filter(Boolean)
        .join(' '),
      confirmText: t('chapterMenu.deleteConfirm'),
      danger: true,
    });
    if (!ok) return;
    for (const entry of within) {
      try {
        await remove(entry.id).unwrap();
      } catch (caught) {
        toast.error(messages.request(toApiError(caught)) ?? t('chapterMenu.deleteFailed', { reference }));
        return;
      }
    }
    toast.success(t('chapterMenu.deleted', { count, n: fmt.integer(count), reference }));
  }

  return (
    <>
      <a
        {...item}
        href={links.href(range)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={newTab(openIn, reference)}
        onClick={() => rememberOpened(range)}
      >
        {openIn}
      </a>
      {next && (
        <a
          {...item}
          href={links.href(next)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={newTab(t('chapterMenu.continue'), t('chapterMenu.inApp', { reference: format(next, locale as Locale), app: links.appName }))}
          onClick={() => rememberOpened(next)}
        >
          {t('chapterMenu.continue')}
        </a>
      )}
      <button {...item} type="button" aria-label={actionLabel(t('book.logWithDate'), reference)} onClick={() => openLogEditor({ date: today, ...range })}>
        {t('book.logWithDate')}
      </button>
      <LocaleLink {...item} to={composeNotePath([range])} aria-label={actionLabel(t('book.note'), reference)}>
        {t('book.note')}
      </LocaleLink>
      <LocaleLink {...item} to={notesOnPassagePath(range)} aria-label={actionLabel(t('book.viewNotes'), reference)}>
        {t('book.viewNotes')}
      </LocaleLink>
      <LocaleLink {...item} to={historyOfPassagePath(range)} aria-label={actionLabel(t('book.history'), reference)}>
        {t('book.history')}
      </LocaleLink>
      {overlapping.length === 1 && (
        <button {...item} type="button" aria-label={actionLabel(t('chapterMenu.editEntry'), reference)} onClick={() => openLogEditor(overlapping[0]!)}>
          {t('chapterMenu.editEntry')}
        </button>
      )}
      {/* Several entries: the reading log shows each with its own Edit. */}
      {overlapping.length > 1 && (
        <LocaleLink {...item} to={historyOfPassagePath(range)} aria-label={actionLabel(t('chapterMenu.editEntries'), reference)}>
          {t('chapterMenu.editEntries')}
        </LocaleLink>
      )}
      {within.length > 0 && (
        <button
          {...item}
          type="button"
          className={actionMenuDangerClassName}
          aria-label={actionLabel(t('chapterMenu.deleteEntries'), reference)}
          onClick={() => void onDelete()}
        >
          {t('chapterMenu.deleteEntries')}
        </button>
      )}
    </>
  );
}

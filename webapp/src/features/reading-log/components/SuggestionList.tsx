import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { format, rangeCount, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { composeNotePath, notesOnPassagePath } from '@/shared/lib/noteLinks';
import { rememberOpened, useAddLogEntryMutation, useBibleLinks, useGetLogQuery, useGetReaderSettingsQuery, useReaderToday } from '@/shared/reader';
import { ActionMenu, Button, SubmitButton, useActionLabel, useErrorMessages, useToast } from '@/shared/ui';
import { newVersesOf, type ReadingSuggestion } from '@/shared/readmodels';
import { useFormats } from '../lib/format';
import { EditEntryDialog } from './EditEntryDialog';
import { useLogFollowUp } from './LogFollowUp';
import styles from './SuggestionList.module.css';

function SuggestionItem({ suggestion }: { suggestion: ReadingSuggestion }) {
  const { t } = useTranslation('readingLog');
  const actionLabel = useActionLabel();
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const { today } = useReaderToday();
  const links = useBibleLinks();
  const toast = useToast();
  const messages = useErrorMessages();
  const followUp = useLogFollowUp();
  const [add, { isLoading }] = useAddLogEntryMutation();
  const [editing, setEditing] = useState(false);
  const passage = format(suggestion, locale);
  const verses = rangeCount(suggestion);
  const fresh = useNewVerses(suggestion);
  const { kind, afterEntry } = suggestion.suggestionContext;
  const context =
    kind === 'continue'
      ? t('suggestions.continue', { passage: afterEntry ? format(afterEntry, locale) : '' })
      : t(`suggestions.${kind}`);

  async function onLog() {
    const before = followUp.snapshot();
    try {
      await add({ date: today, startVerseId: suggestion.startVerseId, endVerseId: suggestion.endVerseId }).unwrap();
    } catch (caught) {
      toast.error(messages.request(toApiError(caught)) ?? t('errors.saveFailed'));
      return;
    }
    toast.success(t('logger.savedToday', { passages: passage, date: formats.date(today) }));
    await followUp.afterSave([today], before);
  }

  return (
    <li className={styles.item}>
      <div className={styles.text}>
        <p className={styles.context}>{context}</p>
        <p className={styles.passage}>{passage}</p>
        <p className={styles.verses}>
          {t('verses', { count: verses, n: formats.integer(verses) })}
          {fresh !== undefined && (
            <>
              <span aria-hidden="true"> · </span>
              {t('suggestions.newVerses', { count: fresh, n: formats.integer(fresh) })}
            </>
          )}
        </p>
      </div>
      <div className={styles.actions}>
        <a
          className={styles.open}
          href={links.href(suggestion)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={actionLabel(t('entries.open'), t('entries.openContext', { passage, app: links.appName }))}
          onClick={() => rememberOpened(suggestion)}
        >
          {t('entries.open')}
          <span aria-hidden="true"> ↗</span>
        </a>
        <ActionMenu label={t('entries.actions')} accessibleLabel={actionLabel(t('entries.actions'), passage)}>
          <LocaleLink to={composeNotePath([suggestion])} aria-label={actionLabel(t('entries.note'), passage)}>
            {t('entries.note')}
          </LocaleLink>
          <LocaleLink to={notesOnPassagePath(suggestion)} aria-label={actionLabel(t('entries.viewNotes'), passage)}>
            {t('entries.viewNotes')}
          </LocaleLink>
        </ActionMenu>
        <Button variant="secondary" size="small" aria-label={actionLabel(t('suggestions.log'), passage)} onClick={() => setEditing(true)}>
          {t('suggestions.log')}
        </Button>
        <SubmitButton
          type="button"
          size="small"
          busy={isLoading}
          aria-label={actionLabel(t('suggestions.logToday'), passage)}
          onClick={() => void onLog()}
        >
          {t('suggestions.logToday')}
        </SubmitButton>
      </div>
      {editing && (
        <EditEntryDialog
          entry={{ date: today, startVerseId: suggestion.startVerseId, endVerseId: suggestion.endVerseId }}
          onClose={() => setEditing(false)}
        />
      )}
    </li>
  );
}

/** How many of the passage's verses are not yet read since lookBackDate (undefined until the log loads). */
function useNewVerses(range: { startVerseId: number; endVerseId: number }): number | undefined {
  const { data: log } = useGetLogQuery();
  const { data: settings } = useGetReaderSettingsQuery();
  const lookBack = settings?.lookBackDate;
  return useMemo(() => (log ? newVersesOf(range, log.entries, lookBack) : undefined), [log, lookBack, range]);
}

/** Up to three passages to read next, each with its reason, Open, Log (the editor, pre-filled) and Log today. */
export function SuggestionList({ suggestions, label }: { suggestions: readonly ReadingSuggestion[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {suggestions.map((suggestion) => (
        <SuggestionItem key={`${suggestion.startVerseId}-${suggestion.endVerseId}`} suggestion={suggestion} />
      ))}
    </ul>
  );
}

import { useTranslation } from 'react-i18next';
import { format, rangeCount, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { composeNotePath } from '@/shared/lib/noteLinks';
import { useAddLogEntryMutation, useReaderToday } from '@/shared/reader';
import { SubmitButton, useActionLabel, useErrorMessages, useToast } from '@/shared/ui';
import type { ReadingSuggestion } from '../api';
import { useFormats } from '../lib/format';
import { useBibleLinks } from '../lib/useBibleLinks';
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
  const passage = format(suggestion, locale);
  const verses = rangeCount(suggestion);
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
        <p className={styles.verses}>{t('verses', { count: verses, n: formats.integer(verses) })}</p>
      </div>
      <div className={styles.actions}>
        <a
          className={styles.open}
          href={links.href(suggestion)}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={actionLabel(t('entries.open'), t('entries.openContext', { passage, app: links.appName }))}
        >
          {t('entries.open')}
          <span aria-hidden="true"> ↗</span>
        </a>
        <LocaleLink className={styles.open} to={composeNotePath([suggestion])} aria-label={actionLabel(t('entries.note'), passage)}>
          {t('entries.note')}
        </LocaleLink>
        <SubmitButton
          type="button"
          size="small"
          busy={isLoading}
          aria-label={actionLabel(t('suggestions.log'), passage)}
          onClick={() => void onLog()}
        >
          {t('suggestions.log')}
        </SubmitButton>
      </div>
    </li>
  );
}

/** Up to three passages to read next, each with its reason, Open and Log (for today). */
export function SuggestionList({ suggestions, label }: { suggestions: readonly ReadingSuggestion[]; label: string }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {suggestions.map((suggestion) => (
        <SuggestionItem key={`${suggestion.startVerseId}-${suggestion.endVerseId}`} suggestion={suggestion} />
      ))}
    </ul>
  );
}

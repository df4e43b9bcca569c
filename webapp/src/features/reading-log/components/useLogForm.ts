import { useTranslation } from 'react-i18next';
import type { VerseRange } from '@/shared/bible';
import { useFormErrors, type FieldErrors, type FormErrors } from '@/shared/ui';
import { isIsoDate } from '../lib/dates';
import type { PassagePreview } from '../lib/passages';

export type LogField = 'passage' | 'date';

/** The server names a date "date" or "entries.0.date"; its other fields are the passage's verses. */
const logFieldOf = (apiField: string): LogField => (apiField.endsWith('date') ? 'date' : 'passage');

export interface LogForm {
  form: FormErrors<LogField>;
  /** The problem with the typed text as the reader types (an unknown book, a bad range); an empty box is no problem yet. */
  liveError: string | undefined;
  /** Checks the whole form before saving: the passages to save, or the errors to show. */
  check: (date: string, today: string) => LogCheck;
}

export type LogCheck = { ok: true; ranges: VerseRange[] } | { ok: false; errors: FieldErrors<LogField> };

/**
 * The error state and checks the forms that log or change entries share, so they word and place
 * their errors alike. `onePassage`: the form saves exactly one passage (an entry, not a batch).
 */
export function useLogForm(preview: PassagePreview, { onePassage = false }: { onePassage?: boolean } = {}): LogForm {
  const { t } = useTranslation('readingLog');
  const form = useFormErrors<LogField>({ passage: t('logger.passage'), date: t('logger.date') }, { fieldOf: logFieldOf });

  const liveError =
    preview.status === 'error'
      ? t(preview.reason === 'invalidBook' ? 'logger.errors.invalidBook' : 'logger.errors.invalidRange', { part: preview.part })
      : onePassage && preview.status === 'ok' && preview.passages.length > 1
        ? t('edit.onePassage')
        : undefined;

  const check = (date: string, today: string): LogCheck => {
    const errors: FieldErrors<LogField> = {};
    if (liveError) errors.passage = liveError;
    else if (preview.status === 'empty') errors.passage = t('logger.errors.empty');
    if (!isIsoDate(date)) errors.date = t('logger.errors.date');
    else if (date > today) errors.date = t('logger.errors.future');
    if (preview.status !== 'ok' || Object.keys(errors).length > 0) return { ok: false, errors };
    return { ok: true, ranges: preview.passages.map((passage) => passage.range) };
  };

  return { form, liveError, check };
}

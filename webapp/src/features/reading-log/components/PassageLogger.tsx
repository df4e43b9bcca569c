import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, formatList, type Locale, type VerseRange } from '@/shared/bible';
import { toApiError, type ApiError } from '@/shared/api';
import { useMediaQuery } from '@/shared/lib/useMediaQuery';
import { PassagePicker } from '@/shared/passage-picker';
import { useAddLogEntriesMutation, useReaderToday } from '@/shared/reader';
import { FormAlert, SubmitButton, useErrorMessages, useToast } from '@/shared/ui';
import { addDays, isIsoDate } from '../lib/dates';
import { useFormats } from '../lib/format';
import { previewPassages } from '../lib/passages';
import { useLogFollowUp } from './LogFollowUp';
import { PassagePreview } from './PassagePreview';
import styles from './PassageLogger.module.css';

export interface PassageLoggerProps {
  /** Logs for this date, without date controls (a calendar day); otherwise today, changeable. */
  date?: string;
  /** Focus the text box on wide screens with a mouse or keyboard (not on touch devices). */
  autoFocus?: boolean;
  /** The text box's label. */
  label?: string;
}

/** Appends a passage to the typed list: "Gen 1" + "Ps 23" -> "Gen 1; Ps 23". */
export function appendPassage(text: string, passage: string): string {
  const head = text.replace(/[\s;,]+$/, '');
  return head.trim() === '' ? passage : `${head}; ${passage}`;
}

/**
 * Logs what a reader read: one text box for one or several references in the reader's language
 * ("Jn 3; Ps 23; Rom 8:1-17") with a live preview, a date (today, yesterday or any), a picker for
 * tapping, and Enter to save everything as one batch.
 */
export function PassageLogger({ date: fixedDate, autoFocus = false, label }: PassageLoggerProps) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const { today } = useReaderToday();
  const toast = useToast();
  const messages = useErrorMessages();
  const followUp = useLogFollowUp();
  const [addEntries, { isLoading }] = useAddLogEntriesMutation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const wide = useMediaQuery('(min-width: 48em) and (pointer: fine)');

  const [text, setText] = useState('');
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [dateError, setDateError] = useState<string | undefined>();
  const [pickerOpen, setPickerOpen] = useState(false);

  const date = fixedDate ?? chosenDate ?? today;
  const yesterday = addDays(today, -1);
  const preview = useMemo(() => previewPassages(text, locale), [text, locale]);

  useEffect(() => {
    if (autoFocus && wide) inputRef.current?.focus();
  }, [autoFocus, wide]);

  const inputError =
    preview.status === 'error'
      ? t(preview.reason === 'invalidBook' ? 'logger.errors.invalidBook' : 'logger.errors.invalidRange', { part: preview.part })
      : attempted && preview.status === 'empty'
        ? t('logger.errors.empty')
        : undefined;
  const showInvalid = attempted && inputError !== undefined;

  function serverError(error: ApiError): string {
    const detail = error.details.find((d) => d.field);
    if (detail?.field?.endsWith('date')) return messages.field(detail, t('logger.date'));
    if (detail) return messages.field(detail, t('logger.passage'));
    return messages.request(error) ?? t('errors.saveFailed');
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    setFormError(undefined);
    if (preview.status !== 'ok') {
      inputRef.current?.focus();
      return;
    }
    if (!isIsoDate(date)) {
      setDateError(t('logger.errors.date'));
      return;
    }
    if (date > today) {
      setDateError(t('logger.errors.future'));
      return;
    }
    setDateError(undefined);
    const ranges: VerseRange[] = preview.passages.map((passage) => passage.range);
    const before = followUp.snapshot();
    try {
      await addEntries(ranges.map((range) => ({ date, startVerseId: range.startVerseId, endVerseId: range.endVerseId }))).unwrap();
    } catch (caught) {
      setFormError(serverError(toApiError(caught)));
      return;
    }
    toast.success(
      t(date === today ? 'logger.savedToday' : 'logger.savedOn', {
        passages: formatList(ranges, locale),
        date: formats.date(date),
      }),
    );
    setText('');
    setAttempted(false);
    inputRef.current?.focus();
    await followUp.afterSave([date], before);
  }

  const describedBy = [showInvalid ? `${id}-error` : undefined, `${id}-hint`].filter(Boolean).join(' ');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label ?? t('logger.label')}>
      <label className={styles.label} htmlFor={`${id}-text`}>
        {label ?? t('logger.label')}
      </label>
      <div className={styles.row}>
        <input
          ref={inputRef}
          id={`${id}-text`}
          className={styles.input}
          type="text"
          value={text}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="sentences"
          spellCheck={false}
          enterKeyHint="done"
          placeholder={t('logger.placeholder')}
          aria-invalid={showInvalid || undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            setFormError(undefined);
          }}
        />
        <SubmitButton className={styles.submit} busy={isLoading} busyLabel={t('logger.saving')}>
          {t('logger.submit')}
        </SubmitButton>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('logger.hint')}
      </p>
      <PassagePreview preview={preview} errorId={`${id}-error`} error={inputError} strong={showInvalid} />
      {formError && <FormAlert>{formError}</FormAlert>}

      {fixedDate === undefined && (
        <div className={styles.dateRow} role="group" aria-labelledby={`${id}-date-label`}>
          <span id={`${id}-date-label`} className={styles.dateLabel}>
            {t('logger.date')}
          </span>
          <div className={styles.quickDates}>
            <button type="button" className={styles.toggle} aria-pressed={date === today} onClick={() => setChosenDate(null)}>
              {t('logger.today')}
            </button>
            <button
              type="button"
              className={styles.toggle}
              aria-pressed={date === yesterday}
              onClick={() => setChosenDate(date === yesterday ? null : yesterday)}
            >
              {t('logger.yesterday')}
            </button>
          </div>
          <input
            className={styles.dateInput}
            type="date"
            value={date}
            max={today}
            aria-label={t('logger.dateInput')}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
            onChange={(event) => {
              setDateError(undefined);
              setChosenDate(event.target.value === today ? null : event.target.value);
            }}
          />
          {dateError && (
            <span id={`${id}-date-error`} className={styles.dateError}>
              {dateError}
            </span>
          )}
        </div>
      )}

      <button
        type="button"
        className={styles.pickerToggle}
        aria-expanded={pickerOpen}
        aria-controls={`${id}-picker`}
        onClick={() => setPickerOpen((open) => !open)}
      >
        <span aria-hidden="true" className={styles.chevron}>
          {pickerOpen ? '▾' : '▸'}
        </span>
        {t('logger.pickerToggle')}
      </button>
      <div id={`${id}-picker`} hidden={!pickerOpen}>
        {pickerOpen && (
          <PassagePicker
            pickedMessage={(passage) => t('picker.added', { passage })}
            onPick={(range) => {
              setText((current) => appendPassage(current, format(range, locale)));
              setFormError(undefined);
            }}
          />
        )}
      </div>
    </form>
  );
}

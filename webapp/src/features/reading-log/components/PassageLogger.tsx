import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, formatList, type Locale, type VerseRange } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { useMediaQuery } from '@/shared/lib/useMediaQuery';
import { PassagePicker } from '@/shared/passage-picker';
import { useAddLogEntriesMutation, useReaderToday } from '@/shared/reader';
import { FormAlert, SubmitButton, useToast } from '@/shared/ui';
import { addDays } from '../lib/dates';
import { useFormats } from '../lib/format';
import { previewPassages } from '../lib/passages';
import { useLogFollowUp } from './LogFollowUp';
import { PassagePreview } from './PassagePreview';
import { useLogForm } from './useLogForm';
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
  const followUp = useLogFollowUp();
  const [addEntries, { isLoading }] = useAddLogEntriesMutation();
  const id = useId();
  const wide = useMediaQuery('(min-width: 48em) and (pointer: fine)');

  const [text, setText] = useState('');
  const [chosenDate, setChosenDate] = useState<string | null>(null);
  const date = fixedDate ?? chosenDate ?? today;
  const preview = useMemo(() => previewPassages(text, locale), [text, locale]);
  const { form, liveError, check } = useLogForm(preview);
  const passageError = form.errors.passage ?? liveError;
  // With a fixed date there is no date control to show its error beside.
  const formError = [form.formError, fixedDate === undefined ? undefined : form.errors.date].filter(Boolean).join(' ');

  const { focus } = form;
  useEffect(() => {
    if (autoFocus && wide) focus('passage');
  }, [autoFocus, wide, focus]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    form.clear();
    const checked = check(date, today);
    if (!checked.ok) {
      form.showFieldErrors(checked.errors);
      return;
    }
    const before = followUp.snapshot();
    try {
      await addEntries(checked.ranges.map((range) => ({ date, startVerseId: range.startVerseId, endVerseId: range.endVerseId }))).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
      return;
    }
    toast.success(
      t(date === today ? 'logger.savedToday' : 'logger.savedOn', {
        passages: formatList(checked.ranges, locale),
        date: formats.date(date),
      }),
    );
    setText('');
    form.focus('passage');
    await followUp.afterSave([date], before);
  }

  const describedBy = [passageError ? `${id}-error` : undefined, `${id}-hint`].filter(Boolean).join(' ');

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={label ?? t('logger.label')}>
      <label className={styles.label} htmlFor={`${id}-text`}>
        {label ?? t('logger.label')}
      </label>
      <div className={styles.row}>
        <input
          ref={form.inputRef('passage')}
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
          aria-invalid={form.errors.passage ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => {
            setText(event.target.value);
            form.clearField('passage');
          }}
        />
        <SubmitButton className={styles.submit} busy={isLoading} busyLabel={t('logger.saving')}>
          {t('logger.submit')}
        </SubmitButton>
      </div>
      <p id={`${id}-hint`} className={styles.hint}>
        {t('logger.hint')}
      </p>
      <PassagePreview preview={preview} errorId={`${id}-error`} error={passageError} strong={form.errors.passage !== undefined} />
      {formError && <FormAlert>{formError}</FormAlert>}

      {fixedDate === undefined && (
        <LogDate
          date={date}
          today={today}
          error={form.errors.date}
          inputRef={form.inputRef('date')}
          onChange={(next) => {
            setChosenDate(next === today ? null : next);
            form.clearField('date');
          }}
        />
      )}

      <PickerDisclosure
        onPick={(range) => {
          setText((current) => appendPassage(current, format(range, locale)));
          form.clearField('passage');
        }}
      />
    </form>
  );
}

/** Today, yesterday or any date up to today; the day a logged passage was read. */
function LogDate({
  date,
  today,
  error,
  inputRef,
  onChange,
}: {
  date: string;
  today: string;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (date: string) => void;
}) {
  const { t } = useTranslation('readingLog');
  const id = useId();
  const yesterday = addDays(today, -1);
  return (
    <div className={styles.dateRow} role="group" aria-labelledby={`${id}-date-label`}>
      <span id={`${id}-date-label`} className={styles.dateLabel}>
        {t('logger.date')}
      </span>
      <div className={styles.quickDates}>
        <button type="button" className={styles.toggle} aria-pressed={date === today} onClick={() => onChange(today)}>
          {t('logger.today')}
        </button>
        <button
          type="button"
          className={styles.toggle}
          aria-pressed={date === yesterday}
          onClick={() => onChange(date === yesterday ? today : yesterday)}
        >
          {t('logger.yesterday')}
        </button>
      </div>
      <input
        ref={inputRef}
        className={styles.dateInput}
        type="date"
        value={date}
        max={today}
        aria-label={t('logger.dateInput')}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-date-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {error && (
        <span id={`${id}-date-error`} className={styles.dateError}>
          {error}
        </span>
      )}
    </div>
  );
}

/** The passage picker behind a disclosure button, for readers who would rather tap than type. */
function PickerDisclosure({ onPick }: { onPick: (range: VerseRange) => void }) {
  const { t } = useTranslation('readingLog');
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={styles.pickerToggle} aria-expanded={open} aria-controls={`${id}-picker`} onClick={() => setOpen(!open)}>
        <span aria-hidden="true" className={styles.chevron}>
          {open ? '▾' : '▸'}
        </span>
        {t('logger.pickerToggle')}
      </button>
      <div id={`${id}-picker`} hidden={!open}>
        {open && <PassagePicker pickedMessage={(passage) => t('picker.added', { passage })} onPick={onPick} />}
      </div>
    </>
  );
}

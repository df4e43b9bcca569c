import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { useAddLogEntryMutation, useReaderToday, useUpdateLogEntryMutation, type LogEntry, type LogEntryDraft } from '@/shared/reader';
import { Button, FormAlert, Modal, SubmitButton, TextField, useToast } from '@/shared/ui';
import { useFormats } from '../lib/format';
import { previewPassages } from '../lib/passages';
import { useLogFollowUp } from './LogFollowUp';
import { PassagePreview } from './PassagePreview';
import { useLogForm } from './useLogForm';
import styles from './EditEntryDialog.module.css';

/**
 * Changes an entry's passage (typed, with the same preview as logging) and date; given a draft
 * without an id (a suggestion, a passage just opened), it logs a new entry the reader can adjust first.
 */
export function EditEntryDialog({
  entry,
  onClose,
  onSaved,
}: {
  entry: LogEntry | LogEntryDraft;
  onClose: () => void;
  /** After a successful save (before the dialog closes). */
  onSaved?: () => void;
}) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const { today } = useReaderToday();
  const toast = useToast();
  const followUp = useLogFollowUp();
  const existing = 'id' in entry ? (entry as LogEntry) : undefined;
  const [update, updating] = useUpdateLogEntryMutation();
  const [add, adding] = useAddLogEntryMutation();
  const isLoading = updating.isLoading || adding.isLoading;
  const id = useId();
  const [text, setText] = useState(() => format(entry, locale));
  const [date, setDate] = useState(entry.date);
  const preview = useMemo(() => previewPassages(text, locale), [text, locale]);
  const { form, liveError, check } = useLogForm(preview, { onePassage: true });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    form.clear();
    const checked = check(date, today);
    if (!checked.ok) {
      form.showFieldErrors(checked.errors);
      return;
    }
    const range = checked.ranges[0]!;
    const before = followUp.snapshot();
    try {
      const draft = { date, startVerseId: range.startVerseId, endVerseId: range.endVerseId };
      if (existing) await update({ id: existing.id, ...draft }).unwrap();
      else await add(draft).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
      return;
    }
    const passage = format(range, locale);
    toast.success(
      existing
        ? t('edit.saved', { passage })
        : date === today
          ? t('logger.savedToday', { passages: passage })
          : t('logger.savedOn', { passages: passage, date: formats.date(date) }),
    );
    onSaved?.();
    onClose();
    await followUp.afterSave([date], before);
  }

  return (
    <Modal labelledBy={`${id}-title`} onCancel={onClose}>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <h2 id={`${id}-title`} className={styles.title}>
          {existing ? t('edit.title') : t('edit.newTitle')}
        </h2>
        <TextField
          ref={form.inputRef('passage')}
          label={t('edit.passage')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          error={form.errors.passage}
          onChange={(event) => {
            setText(event.target.value);
            form.clearField('passage');
          }}
        />
        <PassagePreview
          preview={preview}
          error={form.errors.passage ? undefined : liveError}
          errorId={`${id}-preview-error`}
          strong={false}
        />
        <TextField
          ref={form.inputRef('date')}
          label={t('logger.date')}
          type="date"
          value={date}
          max={today}
          error={form.errors.date}
          onChange={(event) => {
            setDate(event.target.value);
            form.clearField('date');
          }}
        />
        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <div className={styles.actions}>
          <Button variant="secondary" onClick={onClose}>
            {t('edit.cancel')}
          </Button>
          <SubmitButton busy={isLoading}>{existing ? t('edit.save') : t('edit.log')}</SubmitButton>
        </div>
      </form>
    </Modal>
  );
}

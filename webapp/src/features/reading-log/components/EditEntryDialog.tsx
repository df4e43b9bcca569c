import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { useAddLogEntryMutation, useReaderToday, useUpdateLogEntryMutation, type LogEntry, type LogEntryDraft } from '@/shared/reader';
import { Button, FormAlert, Modal, SubmitButton, TextField, useErrorMessages, useToast } from '@/shared/ui';
import { isIsoDate } from '../lib/dates';
import { useFormats } from '../lib/format';
import { previewPassages } from '../lib/passages';
import { useLogFollowUp } from './LogFollowUp';
import { PassagePreview } from './PassagePreview';
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
  const messages = useErrorMessages();
  const followUp = useLogFollowUp();
  const existing = 'id' in entry ? (entry as LogEntry) : undefined;
  const [update, updating] = useUpdateLogEntryMutation();
  const [add, adding] = useAddLogEntryMutation();
  const isLoading = updating.isLoading || adding.isLoading;
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(() => format(entry, locale));
  const [date, setDate] = useState(entry.date);
  const [attempted, setAttempted] = useState(false);
  const [dateError, setDateError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const preview = useMemo(() => previewPassages(text, locale), [text, locale]);

  const passageError =
    preview.status === 'error'
      ? t(preview.reason === 'invalidBook' ? 'logger.errors.invalidBook' : 'logger.errors.invalidRange', { part: preview.part })
      : preview.status === 'ok' && preview.passages.length > 1
        ? t('edit.onePassage')
        : attempted && preview.status === 'empty'
          ? t('logger.errors.empty')
          : undefined;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    setAttempted(true);
    setFormError(undefined);
    if (preview.status !== 'ok' || preview.passages.length !== 1) {
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
    const range = preview.passages[0]!.range;
    const before = followUp.snapshot();
    try {
      const draft = { date, startVerseId: range.startVerseId, endVerseId: range.endVerseId };
      if (existing) await update({ id: existing.id, ...draft }).unwrap();
      else await add(draft).unwrap();
    } catch (caught) {
      const error = toApiError(caught);
      const detail = error.details.find((d) => d.field);
      if (detail?.field === 'date') setDateError(messages.field(detail, t('logger.date')));
      else if (detail) setFormError(messages.field(detail, t('logger.passage')));
      else setFormError(messages.request(error) ?? t('errors.saveFailed'));
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
    <Modal labelledBy={`${id}-title`} onCancel={onClose} initialFocus={inputRef}>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <h2 id={`${id}-title`} className={styles.title}>
          {existing ? t('edit.title') : t('edit.newTitle')}
        </h2>
        <TextField
          ref={inputRef}
          label={t('edit.passage')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          error={attempted ? passageError : undefined}
          onChange={(event) => setText(event.target.value)}
        />
        <PassagePreview preview={preview} error={attempted ? undefined : passageError} errorId={`${id}-preview-error`} strong={false} />
        <TextField
          label={t('logger.date')}
          type="date"
          value={date}
          max={today}
          error={dateError}
          onChange={(event) => {
            setDate(event.target.value);
            setDateError(undefined);
          }}
        />
        {formError && <FormAlert>{formError}</FormAlert>}
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

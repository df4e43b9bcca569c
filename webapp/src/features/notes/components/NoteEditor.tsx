import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, VerseRange } from '@/shared/bible';
import { toApiError, type ApiError } from '@/shared/api';
import { useLocale } from '@/shared/i18n';
import { PassagePicker } from '@/shared/passage-picker';
import { TagPicker } from '@/shared/tags';
import { Button, FormAlert, Modal, ModalActions, ModalTitle, SubmitButton, TextAreaField, TextField, useDialogs, useErrorMessages, useToast } from '@/shared/ui';
import { useCreateNoteMutation, useUpdateNoteMutation, type PassageNote } from '../api';
import { MAX_CONTENT_LENGTH, checkDraft, contentLength, type NoteDraft } from '../model/draft';
import { appendPassage, formatSpan, parseMany, passagesText } from '../model/passages';
import { useNoteFormats } from '../useNoteFormats';
import styles from './NoteEditor.module.css';

export type EditorTarget = { mode: 'new'; passages: VerseRange[] } | { mode: 'edit'; note: PassageNote };

type Field = 'content' | 'passages' | 'tags';

export interface NoteEditorProps {
  target: EditorTarget;
  onClose(): void;
  /** Asks to delete the note being edited (with its own confirmation); resolves true when deleted. */
  onDelete?(note: PassageNote): Promise<boolean>;
}

function initialDraft(target: EditorTarget, locale: Locale): NoteDraft {
  if (target.mode === 'edit') {
    return { content: target.note.content, passagesText: passagesText(target.note.passages, locale), tags: [...target.note.tags] };
  }
  return { content: '', passagesText: passagesText(target.passages, locale), tags: [] };
}

/**
 * Writes or edits a note: Markdown content with a live character count, passages typed (several,
 * separated by semicolons) or picked, and tags. Checked like the server checks; a failed save
 * keeps everything as typed, with the server's messages beside the fields.
 */
export function NoteEditor({ target, onClose, onDelete }: NoteEditorProps) {
  const { t } = useTranslation('notes');
  const { locale } = useLocale();
  const bibleLocale = locale as Locale;
  const formats = useNoteFormats();
  const toast = useToast();
  const messages = useErrorMessages();
  const { confirm } = useDialogs();
  const [create, created] = useCreateNoteMutation();
  const [update, updated] = useUpdateNoteMutation();
  const busy = created.isLoading || updated.isLoading;
  const id = useId();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const passagesRef = useRef<HTMLInputElement>(null);
  const start = useMemo(() => initialDraft(target, bibleLocale), [target, bibleLocale]);
  const [draft, setDraft] = useState<NoteDraft>(start);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | undefined>();
  const [pickerOpen, setPickerOpen] = useState(false);

  const length = contentLength(draft.content);
  const check = checkDraft(draft, bibleLocale);
  const parsed = parseMany(draft.passagesText, bibleLocale);
  const problems = check.ok ? {} : check.errors;
  const contentError =
    serverErrors.content ??
    (problems.content === 'tooLong'
      ? t('editor.tooLong', { max: formats.integer(MAX_CONTENT_LENGTH) })
      : attempted && problems.content === 'required'
        ? t('editor.required')
        : undefined);
  const passagesError =
    serverErrors.passages ??
    (problems.passages
      ? t(problems.passages.reason === 'invalidBook' ? 'filters.errors.invalidBook' : 'filters.errors.invalidRange', {
          part: problems.passages.part,
        })
      : undefined);
  const dirty = JSON.stringify(draft) !== JSON.stringify(start);

  const change = (patch: Partial<NoteDraft>, field: Field) => {
    setDraft((current) => ({ ...current, ...patch }));
    setServerErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  };

  function showServerError(error: ApiError) {
    const labels: Record<Field, string> = { content: t('editor.fields.content'), passages: t('editor.fields.passages'), tags: t('editor.fields.tags') };
    const next: Partial<Record<Field, string>> = {};
    const rest: string[] = [];
    for (const detail of error.details) {
      const field = detail.field?.split('.')[0];
      if (field === 'content' || field === 'passages' || field === 'tags') next[field] ??= messages.field(detail, labels[field]);
      else rest.push(detail.field ? messages.field(detail, detail.field) : messages.code(detail));
    }
    setServerErrors(next);
    setFormError(rest.length > 0 ? rest.join(' ') : Object.keys(next).length === 0 ? (messages.request(error) ?? t('editor.saveFailed')) : undefined);
    if (next.content) contentRef.current?.focus();
    else if (next.passages) passagesRef.current?.focus();
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setAttempted(true);
    setFormError(undefined);
    if (!check.ok) {
      if (check.errors.content) contentRef.current?.focus();
      else passagesRef.current?.focus();
      return;
    }
    try {
      if (target.mode === 'edit') await update({ id: target.note.id, ...check.payload }).unwrap();
      else await create(check.payload).unwrap();
    } catch (caught) {
      showServerError(toApiError(caught));
      return;
    }
    toast.success(t(target.mode === 'edit' ? 'editor.updated' : 'editor.created'));
    onClose();
  }

  async function onCancel() {
    if (dirty) {
      const discard = await confirm({
        title: t('editor.discardTitle'),
        message: t('editor.discardText'),
        confirmText: t('editor.discard'),
        cancelText: t('editor.keepEditing'),
        danger: true,
      });
      if (!discard) return;
    }
    onClose();
  }

  async function onDeleteClick() {
    if (target.mode !== 'edit' || !onDelete) return;
    if (await onDelete(target.note)) onClose();
  }

  return (
    <Modal labelledBy={`${id}-title`} onCancel={() => void onCancel()} initialFocus={contentRef} className={styles.dialog}>
      <form onSubmit={onSubmit} noValidate className={styles.form}>
        <ModalTitle id={`${id}-title`}>{t(target.mode === 'edit' ? 'editor.editTitle' : 'editor.newTitle')}</ModalTitle>

        <TextAreaField
          ref={contentRef}
          label={t('editor.content')}
          value={draft.content}
          rows={5}
          error={contentError}
          hint={
            <span className={styles.under}>
              <span>{t('editor.contentHint')}</span>
              <span className={length > MAX_CONTENT_LENGTH ? styles.countOver : styles.count}>
                {t('editor.count', { count: formats.integer(length), max: formats.integer(MAX_CONTENT_LENGTH) })}
              </span>
            </span>
          }
          onChange={(event) => change({ content: event.target.value }, 'content')}
        />

        <TextField
          ref={passagesRef}
          label={t('editor.passages')}
          value={draft.passagesText}
          autoComplete="off"
          spellCheck={false}
          hint={t('editor.passagesHint')}
          error={passagesError}
          onChange={(event) => change({ passagesText: event.target.value }, 'passages')}
        />
        {parsed.ok && parsed.ranges.length > 0 && (
          <ul className={styles.preview} aria-label={t('list.passages')}>
            {parsed.ranges.map((range, i) => (
              <li key={i}>{formatSpan(range, bibleLocale)}</li>
            ))}
          </ul>
        )}
        <button
          type="button"
          className={styles.pickerToggle}
          aria-expanded={pickerOpen}
          aria-controls={`${id}-picker`}
          onClick={() => setPickerOpen((open) => !open)}
        >
          <span aria-hidden="true">{pickerOpen ? '▾ ' : '▸ '}</span>
          {t('editor.pickerToggle')}
        </button>
        <div id={`${id}-picker`} hidden={!pickerOpen}>
          {pickerOpen && (
            <PassagePicker
              pickedMessage={(passage) => t('editor.picked', { passage })}
              onPick={(range) =>
                setDraft((current) => ({ ...current, passagesText: appendPassage(current.passagesText, formatSpan(range, bibleLocale)) }))
              }
            />
          )}
        </div>

        <TagPicker
          allowCreate
          className={styles.tags}
          label={t('editor.tags')}
          selected={draft.tags}
          error={serverErrors.tags}
          onChange={(tags) => change({ tags }, 'tags')}
        />

        {formError && <FormAlert>{formError}</FormAlert>}
        <ModalActions>
          {target.mode === 'edit' && onDelete && (
            <Button variant="ghost" className={styles.delete} onClick={() => void onDeleteClick()}>
              {t('editor.delete')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void onCancel()}>
            {t('editor.cancel')}
          </Button>
          <SubmitButton busy={busy} busyLabel={t('editor.saving')}>
            {t('editor.save')}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

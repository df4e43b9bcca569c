import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TagPicker } from '@/shared/tags';
import { Button, FormAlert, Modal, ModalActions, ModalTitle, SubmitButton, TextAreaField, useDialogs } from '@/shared/ui';
import type { PassageNote } from '../api';
import { MAX_CONTENT_LENGTH, contentLength } from '../model/draft';
import { useNoteFormats } from '../useNoteFormats';
import { NotePassagesField } from './NotePassagesField';
import { useNoteForm, type EditorTarget } from './useNoteForm';
import styles from './NoteEditor.module.css';

export type { EditorTarget } from './useNoteForm';

export interface NoteEditorProps {
  target: EditorTarget;
  onClose(): void;
  /** Asks to delete the note being edited (with its own confirmation); resolves true when deleted. */
  onDelete?(note: PassageNote): Promise<boolean>;
}

/**
 * Writes or edits a note: Markdown content with a live character count, passages typed (several,
 * separated by semicolons) or picked, and tags. Checked like the server checks; a failed save
 * keeps everything as typed, with the server's messages beside the fields.
 */
export function NoteEditor({ target, onClose, onDelete }: NoteEditorProps) {
  const { t } = useTranslation('notes');
  const formats = useNoteFormats();
  const { confirm } = useDialogs();
  const id = useId();
  const note = useNoteForm(target, onClose);
  const length = contentLength(note.draft.content);

  async function onCancel() {
    if (note.dirty) {
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
    // The content, first in the dialog, receives focus when it opens.
    <Modal labelledBy={`${id}-title`} onCancel={() => void onCancel()} className={styles.dialog}>
      <form onSubmit={(event) => void note.onSubmit(event)} noValidate className={styles.form}>
        <ModalTitle id={`${id}-title`}>{t(target.mode === 'edit' ? 'editor.editTitle' : 'editor.newTitle')}</ModalTitle>

        <TextAreaField
          ref={note.inputRef('content')}
          label={t('editor.content')}
          value={note.draft.content}
          rows={5}
          error={note.errors.content}
          hint={
            <span className={styles.under}>
              <span>{t('editor.contentHint')}</span>
              <span className={length > MAX_CONTENT_LENGTH ? styles.countOver : styles.count}>
                {t('editor.count', { count: formats.integer(length), max: formats.integer(MAX_CONTENT_LENGTH) })}
              </span>
            </span>
          }
          onChange={(event) => note.change({ content: event.target.value }, 'content')}
        />

        <NotePassagesField
          value={note.draft.passagesText}
          error={note.errors.passages}
          inputRef={note.inputRef('passages')}
          onChange={(passagesText) => note.change({ passagesText }, 'passages')}
        />

        <TagPicker
          allowCreate
          className={styles.tags}
          label={t('editor.tags')}
          selected={note.draft.tags}
          error={note.errors.tags}
          onChange={(tags) => note.change({ tags }, 'tags')}
        />

        {note.formError && <FormAlert>{note.formError}</FormAlert>}
        <ModalActions>
          {target.mode === 'edit' && onDelete && (
            <Button variant="ghost" className={styles.delete} onClick={() => void onDeleteClick()}>
              {t('editor.delete')}
            </Button>
          )}
          <Button variant="secondary" onClick={() => void onCancel()}>
            {t('editor.cancel')}
          </Button>
          <SubmitButton busy={note.busy} busyLabel={t('editor.saving')}>
            {t('editor.save')}
          </SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale, VerseRange } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { useLocale } from '@/shared/i18n';
import { useFormErrors, useToast, type FieldErrors } from '@/shared/ui';
import { useCreateNoteMutation, useUpdateNoteMutation, type PassageNote } from '../api';
import { MAX_CONTENT_LENGTH, checkDraft, type DraftErrors, type NoteDraft } from '../model/draft';
import { passagesText, type PassageProblem } from '../model/passages';
import { useNoteFormats } from '../useNoteFormats';

export type EditorTarget = { mode: 'new'; passages: VerseRange[] } | { mode: 'edit'; note: PassageNote };

export type NoteField = 'content' | 'passages' | 'tags';

const FIELDS: readonly NoteField[] = ['content', 'passages', 'tags'];

/** The server names a passage's error "passages.0.startVerseId" and a tag's "tags.1". */
const noteFieldOf = (apiField: string): NoteField | undefined => FIELDS.find((field) => field === apiField.split('.')[0]);

function initialDraft(target: EditorTarget, locale: Locale): NoteDraft {
  if (target.mode === 'edit') {
    return { content: target.note.content, passagesText: passagesText(target.note.passages, locale), tags: [...target.note.tags] };
  }
  return { content: '', passagesText: passagesText(target.passages, locale), tags: [] };
}

/**
 * The note editor's draft, errors and save. Too long content and unreadable passages are shown as
 * the reader types; everything else on saving. A failed save keeps the draft as typed.
 */
export function useNoteForm(target: EditorTarget, onSaved: () => void) {
  const { t } = useTranslation('notes');
  const { locale } = useLocale();
  const bibleLocale = locale as Locale;
  const formats = useNoteFormats();
  const toast = useToast();
  const [create, created] = useCreateNoteMutation();
  const [update, updated] = useUpdateNoteMutation();
  const busy = created.isLoading || updated.isLoading;
  const start = useMemo(() => initialDraft(target, bibleLocale), [target, bibleLocale]);
  const [draft, setDraft] = useState<NoteDraft>(start);
  const form = useFormErrors<NoteField>(
    { content: t('editor.fields.content'), passages: t('editor.fields.passages'), tags: t('editor.fields.tags') },
    { fieldOf: noteFieldOf },
  );

  const check = checkDraft(draft, bibleLocale);
  const problems: DraftErrors = check.ok ? {} : check.errors;
  const passageMessage = (problem: PassageProblem) =>
    t(problem.reason === 'invalidBook' ? 'filters.errors.invalidBook' : 'filters.errors.invalidRange', { part: problem.part });
  const messagesOf = (found: DraftErrors): FieldErrors<NoteField> => ({
    content:
      found.content === 'tooLong'
        ? t('editor.tooLong', { max: formats.integer(MAX_CONTENT_LENGTH) })
        : found.content === 'required'
          ? t('editor.required')
          : undefined,
    passages: found.passages ? passageMessage(found.passages) : undefined,
  });
  const live = messagesOf({ content: problems.content === 'tooLong' ? 'tooLong' : undefined, passages: problems.passages });
  const errors: FieldErrors<NoteField> = {
    content: form.errors.content ?? live.content,
    passages: form.errors.passages ?? live.passages,
    tags: form.errors.tags,
  };

  const change = (patch: Partial<NoteDraft>, field: NoteField) => {
    setDraft((current) => ({ ...current, ...patch }));
    form.clearField(field);
  };

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    form.clear();
    if (!check.ok) {
      form.showFieldErrors(messagesOf(check.errors));
      return;
    }
    try {
      if (target.mode === 'edit') await update({ id: target.note.id, ...check.payload }).unwrap();
      else await create(check.payload).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
      return;
    }
    toast.success(t(target.mode === 'edit' ? 'editor.updated' : 'editor.created'));
    onSaved();
  }

  return {
    draft,
    change,
    errors,
    formError: form.formError,
    inputRef: form.inputRef,
    busy,
    dirty: JSON.stringify(draft) !== JSON.stringify(start),
    onSubmit,
  };
}

import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiErrorDetail } from '@/shared/api';
import { useFormats } from '@/shared/lib/formats';
import {
  TAG_COLORS,
  TAG_DESCRIPTION_MAX,
  TAG_LABEL_MAX,
  TagChip,
  defaultTagColor,
  normalizeHexColor,
  useCreateTagMutation,
  useUpdateTagMutation,
  type ListedTag,
} from '@/shared/tags';
import { Button, Fieldset, FormAlert, Modal, ModalActions, ModalTitle, SubmitButton, TextAreaField, TextField, useFormErrors, useToast } from '@/shared/ui';
import styles from './TagDialog.module.css';

type Field = 'label' | 'color' | 'description';

export interface TagDialogProps {
  /** The tag to edit; a new tag is created without it. */
  tag?: ListedTag;
  /** How many tags the reader has, to offer the next palette colour to a new one. */
  tagCount: number;
  onClose: () => void;
}

/** Creates or edits a tag: name (at most 32 characters), colour, optional description. */
export function TagDialog({ tag, tagCount, onClose }: TagDialogProps) {
  const { t } = useTranslation('tags');
  const fmt = useFormats();
  const toast = useToast();
  const id = useId();
  const labelRef = useRef<HTMLInputElement | null>(null);
  const [createTag, created] = useCreateTagMutation();
  const [updateTag, updated] = useUpdateTagMutation();
  const busy = created.isLoading || updated.isLoading;
  const [label, setLabel] = useState(tag?.label ?? '');
  const [color, setColor] = useState(tag?.color ?? defaultTagColor(tagCount));
  const [description, setDescription] = useState(tag?.description ?? '');

  const form = useFormErrors<Field>(
    { label: t('form.label'), color: t('form.color'), description: t('form.description') },
    {
      // The common templates read oddly with these labels; say it in the tag's own words.
      override: (field: Field, detail: ApiErrorDetail) => {
        if (field === 'label' && detail.code === 'required') return t('form.errors.labelRequired');
        if (field === 'label' && detail.code === 'unique') return t('form.errors.labelUnique');
        if (field === 'label' && detail.code === 'is_invalid') return t('form.errors.labelInvalid');
        if (field === 'color') return t('form.errors.colorInvalid');
        return undefined;
      },
    },
  );

  const labelInputRef = form.inputRef('label');
  const setLabelElement = useCallback(
    (element: HTMLInputElement | null) => {
      labelRef.current = element;
      labelInputRef(element);
    },
    [labelInputRef],
  );

  const labelLength = label.trim().length;
  const descriptionLength = description.trim().length;
  const tooLong = (field: Field, max: number) => form.message(field, { code: 'max_length', properties: { maxlength: fmt.integer(max) } });
  // Length limits are checked as the reader types; other errors appear on saving.
  const labelError = labelLength > TAG_LABEL_MAX ? tooLong('label', TAG_LABEL_MAX) : form.errors.label;
  const descriptionError = descriptionLength > TAG_DESCRIPTION_MAX ? tooLong('description', TAG_DESCRIPTION_MAX) : form.errors.description;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    form.clear();
    const normalized = normalizeHexColor(color);
    const errors: Partial<Record<Field, string>> = {};
    if (labelLength === 0) errors.label = t('form.errors.labelRequired');
    else if (labelLength > TAG_LABEL_MAX) errors.label = tooLong('label', TAG_LABEL_MAX);
    if (!normalized) errors.color = t('form.errors.colorInvalid');
    if (descriptionLength > TAG_DESCRIPTION_MAX) errors.description = tooLong('description', TAG_DESCRIPTION_MAX);
    if (Object.keys(errors).length > 0) {
      form.showFieldErrors(errors);
      return;
    }
    const draft = { label: label.trim(), color: normalized!, description: description.trim() };
    try {
      const saved = tag ? await updateTag({ id: tag.id, ...draft }).unwrap() : await createTag(draft).unwrap();
      toast.success(t(tag ? 'form.saved' : 'form.created', { label: saved.label }));
      onClose();
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  const titleId = `${id}-title`;

  return (
    <Modal labelledBy={titleId} onCancel={onClose} initialFocus={labelRef}>
      <form onSubmit={onSubmit} noValidate>
        <ModalTitle id={titleId}>{tag ? t('form.editTitle') : t('form.createTitle')}</ModalTitle>

        <TextField
          ref={setLabelElement}
          label={t('form.label')}
          value={label}
          autoComplete="off"
          error={labelError}
          hint={t('form.count', { n: fmt.integer(labelLength), max: fmt.integer(TAG_LABEL_MAX) })}
          onChange={(event) => {
            setLabel(event.target.value);
            form.clearField('label');
          }}
        />

        <TagColorField
          color={color}
          error={form.errors.color}
          inputRef={form.inputRef('color')}
          onChange={(next) => {
            setColor(next);
            form.clearField('color');
          }}
        />

        <div className={styles.preview}>
          <span className={styles.previewLabel}>{t('form.preview')}</span>
          <TagChip tag={{ label: label.trim() || t('form.previewPlaceholder'), color: normalizeHexColor(color) ?? '#000000' }} />
        </div>

        <TextAreaField
          ref={form.inputRef('description')}
          label={t('form.description')}
          rows={4}
          value={description}
          error={descriptionError}
          hint={t('form.count', { n: fmt.integer(descriptionLength), max: fmt.integer(TAG_DESCRIPTION_MAX) })}
          onChange={(event) => {
            setDescription(event.target.value);
            form.clearField('description');
          }}
        />

        {form.formError && <FormAlert>{form.formError}</FormAlert>}
        <ModalActions>
          <Button variant="secondary" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <SubmitButton busy={busy}>{tag ? t('form.save') : t('form.create')}</SubmitButton>
        </ModalActions>
      </form>
    </Modal>
  );
}

/** A tag's colour: one of the palette's, or any the reader picks. */
function TagColorField({
  color,
  error,
  inputRef,
  onChange,
}: {
  color: string;
  error: string | undefined;
  inputRef: (element: HTMLElement | null) => void;
  onChange: (color: string) => void;
}) {
  const { t } = useTranslation('tags');
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Fieldset legend={t('form.color')} aria-describedby={error ? errorId : undefined}>
      <div className={styles.swatches}>
        {TAG_COLORS.map((preset) => (
          <label key={preset.value} className={styles.swatch} title={t(`colors.${preset.name}`)}>
            <input
              type="radio"
              name={`${id}-preset`}
              value={preset.value}
              checked={color === preset.value}
              className={styles.swatchInput}
              onChange={() => onChange(preset.value)}
            />
            <span className={styles.swatchDot} style={{ backgroundColor: preset.value }} aria-hidden="true" />
            <span className="visually-hidden">{t(`colors.${preset.name}`)}</span>
          </label>
        ))}
      </div>
      <div className={styles.custom}>
        <input
          ref={inputRef}
          id={`${id}-custom`}
          type="color"
          className={styles.customInput}
          value={normalizeHexColor(color) ?? '#000000'}
          aria-invalid={error ? true : undefined}
          onChange={(event) => onChange(event.target.value)}
        />
        <label htmlFor={`${id}-custom`}>{t('form.customColor')}</label>
      </div>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </Fieldset>
  );
}

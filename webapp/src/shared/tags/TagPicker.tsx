import { forwardRef, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { Button, Fieldset, inputClassName, useErrorMessages } from '@/shared/ui';
import { useCreateTagMutation } from './api';
import { defaultTagColor } from './color';
import { useTags } from './hooks';
import { TagChip } from './TagChip';
import { TAG_LABEL_MAX } from './types';
import styles from './TagPicker.module.css';

export interface TagPickerProps {
  /** Ids of the chosen tags. */
  selected: readonly string[];
  /** Called with the new ids: a tag ticked is appended, one unticked is left out. */
  onChange: (ids: string[]) => void;
  /** Offers "Create tag "xyz"" for a filter text no tag has; the new tag is created and chosen. */
  allowCreate?: boolean;
  /** The group's name; "Tags" by default. */
  label?: string;
  /** An error about the chosen tags (from a form), shown under the group. */
  error?: string;
  className?: string;
}

const sameLabel = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: 'accent' }) === 0;

/**
 * Chooses any number of the reader's tags: a filter box over a list of checkboxes, the chosen
 * tags shown as removable chips. Keyboard: type to filter, Down moves into the list, Up and Down
 * move along it, Space ticks, Enter in the filter ticks the only match or creates the tag.
 * The ref is the filter box, so a form can focus the picker.
 */
export const TagPicker = forwardRef<HTMLInputElement, TagPickerProps>(function TagPicker(
  { selected, onChange, allowCreate = false, label, error, className },
  ref,
) {
  const { t } = useTranslation();
  const messages = useErrorMessages();
  const id = useId();
  const { tags, byId, isLoading, isError, refetch } = useTags();
  const [createTag, { isLoading: creating }] = useCreateTagMutation();
  const [filter, setFilter] = useState('');
  const [createError, setCreateError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLUListElement>(null);

  const query = filter.trim();
  const visible = useMemo(() => {
    if (!query) return tags;
    const needle = query.toLocaleLowerCase();
    return tags.filter((tag) => tag.label.toLocaleLowerCase().includes(needle));
  }, [tags, query]);
  const exists = query !== '' && tags.some((tag) => sameLabel(tag.label, query));
  const tooLong = query.length > TAG_LABEL_MAX;
  const canCreate = allowCreate && query !== '' && !exists && !tooLong && !isLoading && !isError;
  const chosen = selected.map((tagId) => byId.get(tagId)).filter((tag) => tag !== undefined);

  const toggle = (tagId: string) => {
    onChange(selected.includes(tagId) ? selected.filter((s) => s !== tagId) : [...selected, tagId]);
  };

  async function create() {
    if (!canCreate || creating) return;
    setCreateError(undefined);
    try {
      const tag = await createTag({ label: query, color: defaultTagColor(tags.length) }).unwrap();
      onChange([...selected, tag.id]);
      setFilter('');
      setAnnouncement(t('tags.created', { label: tag.label }));
    } catch (caught) {
      const apiError = toApiError(caught);
      const detail = apiError.details.find((d) => d.field);
      setCreateError(detail ? messages.field(detail, t('tags.labelField')) : (messages.request(apiError) ?? t('requestError.unknown')));
    }
  }

  const checkboxes = () => Array.from(listRef.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []);

  function onFilterKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      const first = checkboxes()[0];
      if (first) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'Enter' && query) {
      // Inside a form, Enter here means the picker, not "submit".
      event.preventDefault();
      if (canCreate) void create();
      else if (visible.length === 1) toggle(visible[0]!.id);
    } else if (event.key === 'Escape' && filter) {
      // Clears the filter; a second Escape reaches the dialog around it.
      event.preventDefault();
      event.stopPropagation();
      setFilter('');
    }
  }

  function onListKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const boxes = checkboxes();
    const index = boxes.indexOf(document.activeElement as HTMLInputElement);
    if (index < 0) return;
    event.preventDefault();
    if (event.key === 'ArrowDown') boxes[Math.min(index + 1, boxes.length - 1)]?.focus();
    else if (index === 0) document.getElementById(`${id}-filter`)?.focus();
    else boxes[index - 1]?.focus();
  }

  const errorId = error ? `${id}-error` : undefined;
  const statusText = isLoading
    ? t('tags.loading')
    : tags.length === 0
      ? t('tags.empty')
      : visible.length === 0
        ? t('tags.noMatch', { text: query })
        : '';

  return (
    <Fieldset legend={label ?? t('tags.picker')} className={className} aria-describedby={errorId}>

      {chosen.length > 0 && (
        <ul className={styles.chosen} aria-label={t('tags.selected')}>
          {chosen.map((tag) => (
            <li key={tag.id}>
              <TagChip tag={tag} onRemove={() => toggle(tag.id)} />
            </li>
          ))}
        </ul>
      )}

      <label className={styles.filterLabel} htmlFor={`${id}-filter`}>
        {allowCreate ? t('tags.filterOrCreate') : t('tags.filter')}
      </label>
      <input
        ref={ref}
        id={`${id}-filter`}
        className={`${inputClassName} ${styles.filter}`}
        type="text"
        value={filter}
        autoComplete="off"
        spellCheck={false}
        aria-controls={`${id}-list`}
        aria-describedby={createError || tooLong ? `${id}-create-error` : undefined}
        aria-invalid={createError || tooLong ? true : undefined}
        onChange={(event) => {
          setFilter(event.target.value);
          setCreateError(undefined);
        }}
        onKeyDown={onFilterKeyDown}
      />

      {canCreate && (
        <Button variant="secondary" size="small" className={styles.create} aria-busy={creating || undefined} onClick={() => void create()}>
          {t('tags.create', { label: query })}
        </Button>
      )}
      {(createError || (allowCreate && tooLong)) && (
        <p id={`${id}-create-error`} className={styles.error}>
          {createError ?? t('tags.tooLong', { max: TAG_LABEL_MAX })}
        </p>
      )}

      {isError ? (
        <div className={styles.loadError} role="alert">
          <span>{t('tags.loadError')}</span>
          <Button variant="secondary" size="small" onClick={() => void refetch()}>
            {t('tags.retry')}
          </Button>
        </div>
      ) : (
        <ul ref={listRef} id={`${id}-list`} className={styles.list} aria-label={t('tags.options')} onKeyDown={onListKeyDown}>
          {visible.map((tag) => (
            <li key={tag.id}>
              <label className={styles.option}>
                <input type="checkbox" checked={selected.includes(tag.id)} onChange={() => toggle(tag.id)} />
                <TagChip tag={tag} size="small" />
              </label>
            </li>
          ))}
        </ul>
      )}

      <p className={styles.status} role="status">
        {statusText}
      </p>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </Fieldset>
  );
});

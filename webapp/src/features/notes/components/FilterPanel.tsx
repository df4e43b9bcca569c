import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { useMediaQuery } from '@/shared/lib/useMediaQuery';
import { TagPicker } from '@/shared/tags';
import { Button, Fieldset, TextField, inputClassName, useFormErrors } from '@/shared/ui';
import { draftChanged, draftFromQuery, queryFromDraft, type FilterDraft } from '../model/filters';
import { PAGE_SIZES, isFiltered, type NoteQuery } from '../model/query';
import styles from './FilterPanel.module.css';

export interface FilterPanelProps {
  /** The applied query; the panel starts from it. */
  query: NoteQuery;
  onApply(query: NoteQuery): void;
  /** Reset, with the staged edits (as a query) when there are any that read. */
  onReset(staged: NoteQuery | null): void;
}

function Choice<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  hint,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string }[];
  onChange(value: T): void;
  hint?: ReactNode;
}) {
  return (
    <Fieldset legend={legend} className={styles.choice}>
      {options.map((option) => (
        <label key={option.value} className={styles.option}>
          <input type="radio" name={name} value={option.value} checked={value === option.value} onChange={() => onChange(option.value)} />
          <span>{option.label}</span>
        </label>
      ))}
      {hint}
    </Fieldset>
  );
}

/**
 * Search, tags, passage, sort and page size. Changes are staged in the panel and applied together
 * (Apply or Enter); Reset goes back to the defaults and applies the staged edits on top.
 */
export function FilterPanel({ query, onApply, onReset }: FilterPanelProps) {
  const { t } = useTranslation('notes');
  const { locale } = useLocale();
  const bibleLocale = locale as Locale;
  const id = useId();
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromQuery(query, bibleLocale));
  const form = useFormErrors<'passage'>({ passage: t('filters.passage') });
  const pending = draftChanged(draft, query, bibleLocale);
  // On narrow screens the panel starts folded (unless filters are on), so the notes come first.
  const narrow = useMediaQuery('(max-width: 59.99em)');
  const [openChoice, setOpen] = useState<boolean | null>(null);
  const open = openChoice ?? (!narrow || isFiltered(query));

  const change = (patch: Partial<FilterDraft>) => setDraft((current) => ({ ...current, ...patch }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    const result = queryFromDraft(draft, bibleLocale);
    if (!result.ok) {
      const { reason, part } = result.passage;
      form.showFieldErrors({ passage: t(reason === 'invalidBook' ? 'filters.errors.invalidBook' : 'filters.errors.invalidRange', { part }) });
      return;
    }
    onApply(result.query);
  }

  function reset() {
    const result = pending ? queryFromDraft(draft, bibleLocale) : null;
    onReset(result?.ok ? result.query : null);
  }

  return (
    <form role="search" aria-labelledby={`${id}-heading`} className={styles.panel} onSubmit={onSubmit} noValidate>
      <h2 id={`${id}-heading`} className={styles.heading}>
        <button type="button" className={styles.toggle} aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!open)}>
          <span aria-hidden="true" className={styles.chevron}>
            {open ? '▾' : '▸'}
          </span>
          {t('filters.heading')}
        </button>
      </h2>
      <div id={`${id}-body`} hidden={!open} className={styles.body}>
        <TextField
          label={t('filters.search')}
          type="search"
          value={draft.searchText}
          maxLength={200}
          hint={t('filters.searchHint')}
          onChange={(event) => change({ searchText: event.target.value })}
        />

        <div className={styles.group}>
          <TagPicker label={t('filters.tags')} selected={draft.tags} onChange={(tags) => change({ tags })} />
          <Choice
            legend={t('filters.tagMatching')}
            name={`${id}-tag-matching`}
            value={draft.tagMatching}
            options={(['any', 'all', 'exact'] as const).map((value) => ({ value, label: t(`filters.matching.${value}`) }))}
            onChange={(tagMatching) => change({ tagMatching })}
            hint={<p className={styles.hint}>{t('filters.exactHint')}</p>}
          />
        </div>

        <div className={styles.group}>
          <TextField
            ref={form.inputRef('passage')}
            label={t('filters.passage')}
            value={draft.passageText}
            autoComplete="off"
            spellCheck={false}
            hint={t('filters.passageHint')}
            error={form.errors.passage}
            onChange={(event) => {
              change({ passageText: event.target.value });
              form.clearField('passage');
            }}
          />
          <Choice
            legend={t('filters.passageMatching')}
            name={`${id}-passage-matching`}
            value={draft.passageMatching}
            options={(['inclusive', 'exclusive'] as const).map((value) => ({ value, label: t(`filters.passageMode.${value}`) }))}
            onChange={(passageMatching) => change({ passageMatching })}
          />
        </div>

        <div className={styles.selects}>
          <label className={styles.select}>
            <span>{t('filters.sort')}</span>
            <select className={inputClassName} value={draft.sortOn} onChange={(event) => change({ sortOn: event.target.value as FilterDraft['sortOn'] })}>
              <option value="createdAt">{t('filters.sortOn.createdAt')}</option>
              <option value="updatedAt">{t('filters.sortOn.updatedAt')}</option>
            </select>
          </label>
          <label className={styles.select}>
            <span>{t('filters.direction')}</span>
            <select
              className={inputClassName}
              value={draft.sortDirection}
              onChange={(event) => change({ sortDirection: event.target.value as FilterDraft['sortDirection'] })}
            >
              <option value="desc">{t('filters.sortDirection.desc')}</option>
              <option value="asc">{t('filters.sortDirection.asc')}</option>
            </select>
          </label>
          <label className={styles.select}>
            <span>{t('filters.pageSize')}</span>
            <select className={inputClassName} value={draft.limit} onChange={(event) => change({ limit: Number(event.target.value) })}>
              {[...new Set([...PAGE_SIZES, draft.limit])]
                .sort((a, b) => a - b)
                .map((size) => (
                  <option key={size} value={size}>
                    {size}
                  </option>
                ))}
            </select>
          </label>
        </div>

        <p className={styles.pending} role="status">
          {pending ? t('filters.pending') : ''}
        </p>
        <div className={styles.actions}>
          <Button type="submit">{t('filters.apply')}</Button>
          <Button variant="secondary" onClick={reset}>
            {t('filters.reset')}
          </Button>
        </div>
      </div>
    </form>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { format, parse, type Locale } from '@/shared/bible';
import { Button, Modal, TextField, inputClassName, useFormErrors } from '@/shared/ui';
import { useFormats } from '../lib/format';
import { PAGE_SIZES, type PageSize } from '../lib/history';
import { activeFilters, type HistoryParams } from '../lib/historyParams';
import styles from './HistoryControls.module.css';

/** The passage typed in the controls starts from the URL's, afresh whenever the URL's changes. */
export function passageKey(params: HistoryParams): string {
  return params.passage ? `${params.passage.startVerseId}-${params.passage.endVerseId}` : '';
}

/** Passage, dates, order and page size: inline on wide screens, in one sheet on phones. */
export function HistoryControls({ params, onChange, onDone }: { params: HistoryParams; onChange: (next: HistoryParams) => void; onDone?: () => void }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const id = useId();
  const shown = params.passage ? format(params.passage, locale) : '';
  const [text, setText] = useState(shown);
  const form = useFormErrors<'passage'>({ passage: t('history.passage') });

  const change = (patch: Partial<HistoryParams>) => onChange({ ...params, ...patch, page: 1 });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    form.clear();
    const value = text.trim();
    if (value === '') {
      change({ passage: undefined });
      onDone?.();
      return;
    }
    let range;
    try {
      range = parse(value, locale);
    } catch {
      form.showFieldErrors({ passage: t('history.passageError') });
      return;
    }
    change({ passage: { startVerseId: range.startVerseId, endVerseId: range.endVerseId } });
    onDone?.();
  }

  return (
    <form className={styles.controls} onSubmit={onSubmit} noValidate aria-label={t('history.controls')}>
      <div className={styles.search}>
        <TextField
          className={styles.flush}
          ref={form.inputRef('passage')}
          label={t('history.passage')}
          placeholder={t('history.passagePlaceholder')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          error={form.errors.passage}
          onChange={(event) => {
            setText(event.target.value);
            form.clearField('passage');
          }}
        />
        <Button type="submit" variant="secondary" className={styles.apply}>
          {t('history.apply')}
        </Button>
      </div>
      <TextField className={styles.flush} label={t('history.from')} type="date" value={params.from ?? ''} max={params.to} onChange={(event) => change({ from: event.target.value || undefined })} />
      <TextField className={styles.flush} label={t('history.to')} type="date" value={params.to ?? ''} min={params.from} onChange={(event) => change({ to: event.target.value || undefined })} />
      <div className={styles.select}>
        <label htmlFor={`${id}-order`}>{t('history.order')}</label>
        <select
          id={`${id}-order`}
          className={inputClassName}
          value={params.order}
          onChange={(event) => change({ order: event.target.value === 'oldest' ? 'oldest' : 'newest' })}
        >
          <option value="newest">{t('history.newest')}</option>
          <option value="oldest">{t('history.oldest')}</option>
        </select>
      </div>
      <div className={styles.select}>
        <label htmlFor={`${id}-size`}>{t('history.size')}</label>
        <select id={`${id}-size`} className={inputClassName} value={params.size} onChange={(event) => change({ size: Number(event.target.value) as PageSize })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {formats.integer(size)}
            </option>
          ))}
        </select>
      </div>
      {activeFilters(params) > 0 && (
        <Button
          variant="ghost"
          className={styles.clear}
          onClick={() => {
            setText('');
            form.clear();
            change({ passage: undefined, from: undefined, to: undefined });
          }}
        >
          {t('history.clear')}
        </Button>
      )}
    </form>
  );
}

/** On phones the controls live in one sheet behind a button that shows how many filters are on. */
export function PhoneControls(props: { params: HistoryParams; onChange: (next: HistoryParams) => void }) {
  const { t } = useTranslation('readingLog');
  const id = useId();
  const [open, setOpen] = useState(false);
  const count = activeFilters(props.params);
  return (
    <>
      <Button variant="secondary" className={styles.sheetButton} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {t('history.sheet')}
        {count > 0 && (
          <span className={styles.badge}>
            <span aria-hidden="true">{count}</span>
            <span className="visually-hidden">{t('history.filtersOn', { count })}</span>
          </span>
        )}
      </Button>
      {open && (
        <Modal labelledBy={`${id}-title`} onCancel={() => setOpen(false)} dismissible>
          <h2 id={`${id}-title`} className={styles.sheetTitle}>
            {t('history.sheet')}
          </h2>
          <HistoryControls key={passageKey(props.params)} {...props} onDone={() => setOpen(false)} />
          <div className={styles.sheetActions}>
            <Button onClick={() => setOpen(false)}>{t('history.close')}</Button>
          </div>
        </Modal>
      )}
    </>
  );
}

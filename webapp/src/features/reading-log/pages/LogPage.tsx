import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { format, parse, type Locale } from '@/shared/bible';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { MOBILE_QUERY, useMediaQuery } from '@/shared/lib/useMediaQuery';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { useGetLogQuery, useGetReaderSettingsQuery } from '@/shared/reader';
import { newVersesByEntry } from '@/shared/readmodels';
import { Button, FormAlert, Modal, TextField, inputClassName, useErrorMessages } from '@/shared/ui';
import { EntryList } from '../components/EntryList';
import { LogFollowUpProvider } from '../components/LogFollowUp';
import { useFormats } from '../lib/format';
import { historyPage, PAGE_SIZES, type PageSize } from '../lib/history';
import { activeFilters, historySearch, readHistoryParams, type HistoryParams } from '../lib/historyParams';
import styles from './LogPage.module.css';

/** The passage typed in the controls starts from the URL's, afresh whenever the URL's changes. */
function passageKey(params: HistoryParams): string {
  return params.passage ? `${params.passage.startVerseId}-${params.passage.endVerseId}` : '';
}

/** Passage, dates, order and page size: inline on wide screens, in one sheet on phones. */
function HistoryControls({ params, onChange, onDone }: { params: HistoryParams; onChange: (next: HistoryParams) => void; onDone?: () => void }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const locale = formats.locale as Locale;
  const id = useId();
  const shown = params.passage ? format(params.passage, locale) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | undefined>();

  const change = (patch: Partial<HistoryParams>) => onChange({ ...params, ...patch, page: 1 });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const value = text.trim();
    if (value === '') {
      setError(undefined);
      change({ passage: undefined });
      onDone?.();
      return;
    }
    try {
      const range = parse(value, locale);
      setError(undefined);
      change({ passage: { startVerseId: range.startVerseId, endVerseId: range.endVerseId } });
      onDone?.();
    } catch {
      setError(t('history.passageError'));
    }
  }

  return (
    <form className={styles.controls} onSubmit={onSubmit} noValidate aria-label={t('history.controls')}>
      <div className={styles.search}>
        <TextField
          label={t('history.passage')}
          placeholder={t('history.passagePlaceholder')}
          value={text}
          autoComplete="off"
          spellCheck={false}
          error={error}
          onChange={(event) => setText(event.target.value)}
        />
        <Button type="submit" variant="secondary" className={styles.apply}>
          {t('history.apply')}
        </Button>
      </div>
      <TextField label={t('history.from')} type="date" value={params.from ?? ''} max={params.to} onChange={(event) => change({ from: event.target.value || undefined })} />
      <TextField label={t('history.to')} type="date" value={params.to ?? ''} min={params.from} onChange={(event) => change({ to: event.target.value || undefined })} />
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
            setError(undefined);
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
function PhoneControls(props: { params: HistoryParams; onChange: (next: HistoryParams) => void }) {
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

function Pager({ params, page, pageCount }: { params: HistoryParams; page: number; pageCount: number }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  if (pageCount <= 1) return null;
  const to = (target: number) => `/log${historySearch({ ...params, page: target })}`;
  return (
    <nav className={styles.pager} aria-label={t('history.pages')}>
      {page > 1 ? (
        <LocaleLink to={to(page - 1)} rel="prev">
          <span aria-hidden="true">← </span>
          {t('history.previous')}
        </LocaleLink>
      ) : (
        <span />
      )}
      <span>{t('history.pageOf', { page: formats.integer(page), pages: formats.integer(pageCount) })}</span>
      {page < pageCount ? (
        <LocaleLink to={to(page + 1)} rel="next">
          {t('history.next')}
          <span aria-hidden="true"> →</span>
        </LocaleLink>
      ) : (
        <span />
      )}
    </nav>
  );
}

function LogContent() {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const messages = useErrorMessages();
  const phone = useMediaQuery(MOBILE_QUERY);
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readHistoryParams(search), [search]);
  const log = useGetLogQuery();
  const settings = useGetReaderSettingsQuery();
  const lookBack = settings.data?.lookBackDate;
  const entries = log.data?.entries;
  const result = useMemo(
    () => historyPage(entries ?? [], params, params.order, params.size, params.page),
    [entries, params],
  );
  const newVerses = useMemo(() => {
    const all = new Map<string, number>();
    for (const day of result.days) for (const [id, n] of newVersesByEntry(entries ?? [], day.date, lookBack)) all.set(id, n);
    return all;
  }, [entries, result.days, lookBack]);

  const onChange = (next: HistoryParams) => setSearch(historySearch(next));

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('history.title')}</h1>
        <LocaleLink to="/calendar">{t('history.calendar')}</LocaleLink>
      </header>
      {log.error !== undefined && <FormAlert>{messages.request(toApiError(log.error)) ?? t('errors.loadFailed')}</FormAlert>}
      {phone ? <PhoneControls params={params} onChange={onChange} /> : <HistoryControls key={passageKey(params)} params={params} onChange={onChange} />}
      <p className={styles.summary} role="status">
        {log.isLoading
          ? t('loading')
          : result.total === 0
            ? activeFilters(params) > 0
              ? t('history.noMatch')
              : t('history.empty')
            : t('history.showing', {
                first: formats.integer(result.first),
                last: formats.integer(result.last),
                total: formats.integer(result.total),
                count: result.total,
              })}
      </p>
      <div className={styles.days}>
        {result.days.map((day) => {
          const heading = formats.date(day.date, 'full');
          return (
            <section key={day.date} className={styles.day} aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`} className={styles.dayHeading}>
                {heading}
              </h2>
              <EntryList entries={day.entries} newVerses={newVerses} empty="" label={heading} />
            </section>
          );
        })}
      </div>
      <Pager params={params} page={result.page} pageCount={result.pageCount} />
    </div>
  );
}

/** /log: every entry, grouped by day, filtered and paged from the cached log (so it works offline too). */
export function LogPage() {
  const { t } = useTranslation('readingLog');
  useDocumentTitle(t('history.title'));
  return (
    <LogFollowUpProvider>
      <LogContent />
    </LogFollowUpProvider>
  );
}

import { useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { baseApi, type ApiError } from '@/shared/api';
import { format, type Locale as BibleLocale } from '@/shared/bible';
import { LocaleLink, useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { LOG_WRITE_TAGS, useUpdateReaderSettingsMutation } from '@/shared/reader';
import { Button, FormAlert, ProgressBar, SettingsLayout, SettingsSection, inputClassName, useErrorMessages } from '@/shared/ui';
import { sendImport, type ImportResult, type ImportRow, type ImportSource } from '../upload';
import styles from './ImportPage.module.css';

/** The answer lists at most this many rows; the counts cover them all. */
const MAX_ROWS_SHOWN = 1000;

type Phase = 'idle' | 'previewing' | 'preview' | 'importing' | 'done';

function passage(row: ImportRow, locale: BibleLocale): string {
  if (!row.startVerseId) return written(row);
  try {
    return format({ startVerseId: row.startVerseId, endVerseId: row.endVerseId }, locale);
  } catch {
    return written(row);
  }
}

/** An invalid row's line as written, without the date the Date column shows already. */
function written(row: ImportRow): string {
  const text = (row.text ?? '').trim();
  if (!row.date || !text.startsWith(row.date)) return text;
  return text.slice(row.date.length).replace(/^[\s,;:.\-–—]+/, '');
}

/** /settings/import: a file or pasted readings, previewed row by row, then imported at once. */
export function ImportPage() {
  const { t } = useTranslation('import');
  const { locale } = useLocale();
  const messages = useErrorMessages();
  const dispatch = useDispatch();
  const [updateSettings, settingsUpdate] = useUpdateReaderSettingsMutation();
  useDocumentTitle(t('title'));
  const fileId = useId();
  const pasteId = useId();
  const rowsId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [pasted, setPasted] = useState('');
  const [source, setSource] = useState<ImportSource | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [movedTo, setMovedTo] = useState<string | null>(null);

  const dateFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const showDate = (iso: string) => dateFormat.format(new Date(`${iso}T00:00:00Z`));

  const run = async (next: ImportSource, dryRun: boolean) => {
    setError(null);
    setPhase(dryRun ? 'previewing' : 'importing');
    setProgress(0);
    try {
      const answer = await sendImport(next, dryRun, setProgress);
      setSource(next);
      setResult(answer);
      setPhase(dryRun ? 'preview' : 'done');
      if (!dryRun) dispatch(baseApi.util.invalidateTags([...LOG_WRITE_TAGS, 'Settings', 'Note', 'Tag']));
    } catch (e) {
      setError(messages.request(e as ApiError) ?? t('error'));
      setPhase(dryRun ? 'idle' : 'preview');
    }
  };

  const preview = (next: ImportSource) => {
    setResult(null);
    setMovedTo(null);
    void run(next, true);
  };

  const onFiles = (files: FileList | null) => {
    const file = files?.[0];
    if (file) preview({ body: file, name: file.name });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    onFiles(event.dataTransfer.files);
  };

  const reset = () => {
    setSource(null);
    setResult(null);
    setPhase('idle');
    setError(null);
    setMovedTo(null);
    setPasted('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const moveLookBack = async (date: string) => {
    const answer = await updateSettings({ lookBackDate: date });
    if (!('error' in answer)) setMovedTo(date);
  };

  const busy = phase === 'previewing' || phase === 'importing';
  const rows = result?.rows ?? [];
  const total = result ? result.counts.new + result.counts.existing + result.counts.invalid : 0;

  return (
    <SettingsLayout heading={t('heading')} lead={t('lead')} back={t('back')} wide>
      <p className={styles.lead}>
        <LocaleLink to="/settings/export">{t('exportLink')}</LocaleLink>
      </p>

      {(phase === 'idle' || phase === 'previewing') && (
        <>
          <SettingsSection heading={t('file.heading')}>
            <p>{t('file.text')}</p>
            <div
              className={dragging ? `${styles.drop} ${styles.dragging}` : styles.drop}
              onDragOver={(event) => {
                event.preventDefault();
                setDragging(true);
              }}
              onDragLeave={() => setDragging(false)}
              onDrop={onDrop}
            >
              <label htmlFor={fileId} className={styles.label}>
                {t('file.label')}
              </label>
              <input
                ref={fileInput}
                id={fileId}
                type="file"
                accept=".csv,.json,.txt,text/csv,application/json,text/plain"
                disabled={busy}
                onChange={(event) => onFiles(event.target.files)}
              />
              <p className={styles.note}>{t('file.drop')}</p>
            </div>
          </SettingsSection>
          <SettingsSection heading={t('paste.heading')}>
            <label htmlFor={pasteId} className={styles.label}>
              {t('paste.label')}
            </label>
            <p className={styles.note} id={`${pasteId}-hint`}>
              {t('paste.hint')}
            </p>
            <textarea
              id={pasteId}
              aria-describedby={`${pasteId}-hint`}
              className={`${inputClassName} ${styles.textarea}`}
              rows={6}
              value={pasted}
              onChange={(event) => setPasted(event.target.value)}
            />
            <Button variant="secondary" disabled={busy || pasted.trim() === ''} onClick={() => preview({ body: pasted, name: 'pasted.txt' })}>
              {t('paste.preview')}
            </Button>
          </SettingsSection>
        </>
      )}

      {busy && (
        <div className={styles.progress}>
          {progress !== null && progress < 1 ? (
            <>
              <label htmlFor={`${fileId}-progress`}>{t('progress.upload', { percent: Math.round(progress * 100) })}</label>
              <progress id={`${fileId}-progress`} className={styles.bar} max={1} value={progress} />
            </>
          ) : (
            <>
              <p role="status">{phase === 'importing' ? t('progress.importing') : t('progress.reading')}</p>
              <ProgressBar active inline label={phase === 'importing' ? t('progress.importing') : t('progress.reading')} />
            </>
          )}
        </div>
      )}

      {error && <FormAlert>{error}</FormAlert>}

      {result && source && (phase === 'preview' || phase === 'done' || phase === 'importing') && (
        <SettingsSection heading={phase === 'done' ? t('done.heading') : t('preview.heading', { name: source.name })}>
          {phase === 'done' && (
            <p role="status" className={styles.success}>
              {t('done.text', { count: result.counts.new })}
            </p>
          )}
          <ul className={styles.counts} aria-label={t('preview.countsLabel')}>
            <li>{t('counts.new', { count: result.counts.new })}</li>
            <li>{t('counts.existing', { count: result.counts.existing })}</li>
            <li>{t('counts.invalid', { count: result.counts.invalid })}</li>
          </ul>
          {result.firstDate && result.lastDate && <p>{t('preview.range', { first: showDate(result.firstDate), last: showDate(result.lastDate) })}</p>}
          {result.notes && <p>{t('preview.notes', { ...result.notes })}</p>}
          {result.tags && <p>{t('preview.tags', { ...result.tags })}</p>}
          {result.settingsRestored && <p>{phase === 'done' ? t('preview.settingsRestored') : t('preview.settings')}</p>}

          {result.moveLookBackTo && result.lookBackDate && (
            <div className={styles.offer}>
              {movedTo ? (
                <p role="status">{t('lookBack.moved', { date: showDate(movedTo) })}</p>
              ) : (
                <>
                  <p>{t('lookBack.text', { current: showDate(result.lookBackDate), date: showDate(result.moveLookBackTo) })}</p>
                  <Button variant="secondary" disabled={settingsUpdate.isLoading} onClick={() => void moveLookBack(result.moveLookBackTo!)}>
                    {t('lookBack.move')}
                  </Button>
                </>
              )}
            </div>
          )}

          <div className={styles.actions}>
            {phase !== 'done' && (
              <Button variant="primary" disabled={busy || result.counts.new + (result.notes?.new ?? 0) + (result.tags?.new ?? 0) === 0} onClick={() => void run(source, false)}>
                {t('import', { count: result.counts.new })}
              </Button>
            )}
            <Button variant="secondary" disabled={busy} onClick={reset}>
              {phase === 'done' ? t('another') : t('cancel')}
            </Button>
          </div>
          {phase === 'preview' && result.counts.new === 0 && !result.notes && <p className={styles.note}>{t('nothingNew')}</p>}

          {rows.length > 0 && (
            // A scrolling region is reached and named by keyboard too.
            <div className={styles.tableWrap} role="region" tabIndex={0} aria-labelledby={rowsId}>
              <table className={styles.table}>
                <caption id={rowsId}>{t('table.caption')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('table.line')}</th>
                    <th scope="col">{t('table.status')}</th>
                    <th scope="col">{t('table.date')}</th>
                    <th scope="col">{t('table.passage')}</th>
                    <th scope="col">{t('table.reason')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.slice(0, MAX_ROWS_SHOWN).map((row, i) => (
                    <tr key={i} className={styles[row.status]}>
                      <td>{row.line}</td>
                      <td>{t(`status.${row.status}`)}</td>
                      <td>{row.date}</td>
                      <td>{passage(row, locale)}</td>
                      <td>{row.reason ? t(`reason.${row.reason as 'invalid_date'}`, { defaultValue: row.reason }) : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              {total > rows.length && <p className={styles.note}>{t('preview.more', { shown: rows.length, total })}</p>}
            </div>
          )}
        </SettingsSection>
      )}
    </SettingsLayout>
  );
}

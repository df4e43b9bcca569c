import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useLocaleNavigate } from '@/shared/i18n';
import { useReaderToday } from '@/shared/reader';
import { Button, FormAlert, SubmitButton, TextAreaField, TextField, useFormErrors } from '@/shared/ui';
import { useImportPlanMutation, type PlanImport } from '../api';
import { WEEKDAYS } from '../lib/schedule';
import { ScheduleFields, type Schedule } from './ScheduleFields';
import styles from './OwnPlanForms.module.css';

/** The server reads at most 1 MiB. */
const MAX_BYTES = 1 << 20;

interface Source {
  text: string;
  fileName: string;
}

/** A plan from a file or pasted text: previewed with the lines that could not be read, then started. */
export function ImportForm() {
  const { t } = useTranslation('plans');
  const id = useId();
  const { today } = useReaderToday();
  const navigate = useLocaleNavigate();
  const [send, { isLoading }] = useImportPlanMutation();
  const [pasted, setPasted] = useState('');
  const [name, setName] = useState('');
  const [source, setSource] = useState<Source | null>(null);
  const [preview, setPreview] = useState<PlanImport | null>(null);
  const [schedule, setSchedule] = useState<Schedule>({ startDate: today, weekdays: [...WEEKDAYS] });
  const form = useFormErrors({ file: t('import.file'), name: t('import.name'), startDate: t('schedule.startDate'), weekdays: t('schedule.weekdays') });

  async function run(next: Source, dryRun: boolean) {
    form.clear();
    try {
      const answer = await send({ ...next, dryRun, name: name.trim() || undefined, startDate: schedule.startDate, weekdays: schedule.weekdays }).unwrap();
      setSource(next);
      setPreview(answer);
      if (!dryRun && answer.plan) navigate(`/plans/${answer.plan.id}`);
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  async function onFile(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) return form.showFieldErrors({ file: t('import.tooLarge') });
    await run({ text: await file.text(), fileName: file.name }, true);
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('import.heading')}</h3>
      <p className={styles.muted}>{t('import.lead')}</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField
        ref={form.inputRef('file')}
        type="file"
        label={t('import.file')}
        accept=".json,.txt,.csv,application/json,text/plain,text/csv"
        error={form.errors.file}
        onChange={(event) => void onFile(event.target.files?.[0])}
      />
      <TextAreaField label={t('import.paste')} hint={t('import.pasteHint')} rows={5} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      <Button variant="secondary" disabled={isLoading || pasted.trim() === ''} onClick={() => void run({ text: pasted, fileName: 'pasted.txt' }, true)}>
        {t('import.preview')}
      </Button>
      {preview && source && (
        <div className={styles.field} aria-live="polite">
          <p className={styles.preview}>
            {t('import.summary', {
              name: preview.name || t('import.unnamed'),
              days: t('generator.previewDays', { count: preview.days }),
              minutes: t('generator.previewMinutes', { count: preview.minutesPerDay }),
            })}
          </p>
          {preview.errors.length > 0 && (
            <>
              <p>{t('import.errors', { count: preview.errors.length })}</p>
              <ul className={styles.errors}>
                {preview.errors.slice(0, 50).map((error, index) => (
                  <li key={index}>
                    {t('import.errorLine', { line: error.line ?? error.day ?? index + 1, text: error.text ?? '', reason: t(`import.reason.${error.reason}`) })}
                  </li>
                ))}
              </ul>
            </>
          )}
          <TextField ref={form.inputRef('name')} label={t('import.name')} value={name} maxLength={100} error={form.errors.name} onChange={(event) => setName(event.target.value)} />
          <ScheduleFields value={schedule} onChange={setSchedule} today={today} errors={form.errors} inputRef={form.inputRef} />
          <SubmitButton type="button" busy={isLoading} busyLabel={t('import.busy')} disabled={preview.days === 0} onClick={() => void run(source, false)}>
            {t('import.submit')}
          </SubmitButton>
        </div>
      )}
    </section>
  );
}

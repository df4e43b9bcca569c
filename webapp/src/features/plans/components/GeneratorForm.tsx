import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiErrorDetail } from '@/shared/api';
import { bookName, books, type Locale as BibleLocale } from '@/shared/bible';
import { useLocale, useLocaleNavigate } from '@/shared/i18n';
import { useReaderToday } from '@/shared/reader';
import { Fieldset, FormAlert, SubmitButton, TextField, inputClassName, useFormErrors } from '@/shared/ui';
import { useCreatePlanMutation, type PlanGenerator } from '../api';
import { activeDays, previewGenerator, scopeBooks, WEEKDAYS, type Scope } from '../lib/schedule';
import { ScheduleFields, type Schedule } from './ScheduleFields';
import styles from './OwnPlanForms.module.css';

type Length = 'days' | 'endDate';
const SCOPES: Scope[] = ['bible', 'ot', 'nt', 'books'];

/** Makes a plan of chosen books or a testament in a number of days or by an end date, previewed as it is filled in. */
export function GeneratorForm() {
  const { t } = useTranslation('plans');
  const { locale } = useLocale();
  const id = useId();
  const { today } = useReaderToday();
  const navigate = useLocaleNavigate();
  const [create, { isLoading }] = useCreatePlanMutation();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('nt');
  const [chosen, setChosen] = useState<number[]>([]);
  const [length, setLength] = useState<Length>('days');
  const [days, setDays] = useState('90');
  const [endDate, setEndDate] = useState('');
  const [split, setSplit] = useState(false);
  const [schedule, setSchedule] = useState<Schedule>({ startDate: today, weekdays: [...WEEKDAYS] });
  const form = useFormErrors(
    { name: t('generator.name'), books: t('generator.books'), generate: t('generator.length'), startDate: t('schedule.startDate'), weekdays: t('schedule.weekdays') },
    {
      override: (field, detail: ApiErrorDetail) => {
        const reason = detail.properties?.reason;
        if (field === 'generate' && typeof reason === 'string') return t(`generator.reason.${reason}`, { defaultValue: '' }) || undefined;
        return undefined;
      },
    },
  );

  const bookIds = useMemo(() => scopeBooks(scope, chosen), [scope, chosen]);
  const dayCount = length === 'days' ? Number(days) || 0 : endDate ? activeDays(schedule.startDate, endDate, schedule.weekdays) : 0;
  const preview = previewGenerator(bookIds, dayCount);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const errors: Partial<Record<'name' | 'books' | 'generate' | 'weekdays', string>> = {};
    if (!name.trim()) errors.name = form.message('name', { code: 'required' });
    if (scope === 'books' && chosen.length === 0) errors.books = t('generator.reason.no_books');
    if (dayCount <= 0) errors.generate = t('generator.reason.no_length');
    if (schedule.weekdays.length === 0) errors.weekdays = t('schedule.noWeekday');
    if (Object.keys(errors).length > 0) return form.showFieldErrors(errors);
    form.clear();
    const generate: PlanGenerator = { name: name.trim(), splitChapters: split };
    if (scope === 'books') generate.books = bookIds;
    else generate.scope = scope;
    if (length === 'days') generate.days = dayCount;
    else generate.endDate = endDate;
    try {
      const plan = await create({ generate, startDate: schedule.startDate, weekdays: schedule.weekdays }).unwrap();
      navigate(`/plans/${plan.id}`);
    } catch (caught) {
      form.showApiError(toApiError(caught));
    }
  }

  return (
    <form className={styles.card} aria-labelledby={`${id}-title`} onSubmit={(event) => void onSubmit(event)} noValidate>
      <h3 id={`${id}-title`}>{t('generator.heading')}</h3>
      <p className={styles.muted}>{t('generator.lead')}</p>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <TextField ref={form.inputRef('name')} label={t('generator.name')} value={name} maxLength={100} error={form.errors.name} onChange={(event) => setName(event.target.value)} />
      <div className={styles.field}>
        <label htmlFor={`${id}-scope`} className={styles.label}>
          {t('generator.scope')}
        </label>
        <select id={`${id}-scope`} className={inputClassName} value={scope} onChange={(event) => setScope(event.target.value as Scope)}>
          {SCOPES.map((value) => (
            <option key={value} value={value}>
              {t(`generator.scopes.${value}`)}
            </option>
          ))}
        </select>
      </div>
      {scope === 'books' && (
        <div className={styles.field}>
          <label htmlFor={`${id}-books`} className={styles.label}>
            {t('generator.books')}
          </label>
          <select
            ref={form.inputRef('books')}
            id={`${id}-books`}
            multiple
            size={8}
            className={inputClassName}
            value={chosen.map(String)}
            aria-invalid={form.errors.books ? true : undefined}
            aria-describedby={form.errors.books ? `${id}-books-error` : `${id}-books-hint`}
            onChange={(event) => setChosen(Array.from(event.target.selectedOptions, (option) => Number(option.value)))}
          >
            {books().map((book) => (
              <option key={book.id} value={book.id}>
                {bookName(book.id, locale as BibleLocale)}
              </option>
            ))}
          </select>
          {form.errors.books ? (
            <span id={`${id}-books-error`} className={styles.error}>
              {form.errors.books}
            </span>
          ) : (
            <span id={`${id}-books-hint`} className={styles.hint}>
              {t('generator.booksHint')}
            </span>
          )}
        </div>
      )}
      <Fieldset legend={t('generator.length')}>
        <div className={styles.choices}>
          <label>
            <input ref={form.inputRef('generate')} type="radio" name={`${id}-length`} checked={length === 'days'} onChange={() => setLength('days')} />
            {t('generator.byDays')}
          </label>
          <label>
            <input type="radio" name={`${id}-length`} checked={length === 'endDate'} onChange={() => setLength('endDate')} />
            {t('generator.byEndDate')}
          </label>
        </div>
        {length === 'days' ? (
          <TextField label={t('generator.days')} type="number" min={1} max={2000} inputMode="numeric" value={days} onChange={(event) => setDays(event.target.value)} />
        ) : (
          <TextField label={t('generator.endDate')} type="date" min={schedule.startDate} value={endDate} onChange={(event) => setEndDate(event.target.value)} />
        )}
        {form.errors.generate && <p className={styles.error}>{form.errors.generate}</p>}
      </Fieldset>
      <ScheduleFields value={schedule} onChange={setSchedule} today={today} errors={form.errors} inputRef={form.inputRef} />
      <label className={styles.check}>
        <input type="checkbox" checked={split} onChange={(event) => setSplit(event.target.checked)} />
        {t('generator.split')}
      </label>
      <p className={styles.preview} role="status">
        {preview
          ? t('generator.preview', {
              days: t('generator.previewDays', { count: preview.days }),
              minutes: t('generator.previewMinutes', { count: preview.minutesPerDay }),
            })
          : t('generator.previewNone')}
      </p>
      <SubmitButton busy={isLoading} busyLabel={t('generator.busy')}>
        {t('generator.submit')}
      </SubmitButton>
    </form>
  );
}

import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apps, linkApp, versionByCode, versionsByLanguage } from '@/shared/bible';
import { useLocale } from '@/shared/i18n';
import { toApiError, type ApiErrorDetail } from '@/shared/api';
import { browserTimeZone } from '@/shared/auth';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import {
  useBrowserBibleApp,
  useGetReaderSettingsQuery,
  useUpdateReaderSettingsMutation,
  resolveBibleApp,
  writeBrowserBibleApp,
  type ReaderSettings,
} from '@/shared/reader';
import { Button, FormAlert, SettingsLayout, SettingsSection, SubmitButton, TextField, useErrorMessages, useFormErrors, useToast } from '@/shared/ui';
import { isIsoDate } from '../lib/dates';
import { daysForWholeBible, MAX_GOAL, MIN_GOAL, parseGoal, YEAR_GOAL } from '../lib/goal';
import { useFormats } from '../lib/format';
import styles from './ReadingSettingsPage.module.css';

const MAX_REST_DAYS = 6;

type Field = 'dailyVerseCountGoal' | 'lookBackDate' | 'preferredBibleVersion' | 'preferredBibleApp' | 'timeZone' | 'restDaysPerWeek' | 'startPage';

const START_PAGES = ['today', 'books', 'checklist', 'calendar', 'notes'] as const satisfies readonly ReaderSettings['startPage'][];

interface Values {
  goal: string;
  lookBackDate: string;
  version: string;
  app: string;
  timeZone: string;
  restDays: string;
  startPage: string;
}

function timeZones(current: string[]): string[] {
  let zones: string[];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set([...zones, ...current.filter(Boolean), 'UTC']);
  return [...all].sort((a, b) => a.localeCompare(b));
}

function zoneOffset(zone: string, tag: string): string {
  try {
    const parts = new Intl.DateTimeFormat(tag, { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(new Date());
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

function SettingsForm({ settings }: { settings: ReaderSettings }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const toast = useToast();
  const browserApp = useBrowserBibleApp();
  const [save, { isLoading }] = useUpdateReaderSettingsMutation();
  const id = useId();
  const browserZone = browserTimeZone();
  const [values, setValues] = useState<Values>(() => ({
    goal: String(settings.dailyVerseCountGoal),
    lookBackDate: settings.lookBackDate,
    version: settings.preferredBibleVersion,
    app: resolveBibleApp(browserApp, settings.preferredBibleApp),
    timeZone: settings.timeZone || browserZone || 'UTC',
    restDays: String(settings.restDaysPerWeek),
    startPage: settings.startPage,
  }));

  const labels: Record<Field, string> = {
    dailyVerseCountGoal: t('settings.goal'),
    lookBackDate: t('settings.lookBackDate'),
    preferredBibleVersion: t('settings.version'),
    preferredBibleApp: t('settings.app'),
    timeZone: t('settings.timeZone'),
    restDaysPerWeek: t('settings.restDays'),
    startPage: t('settings.startPage'),
  };
  const form = useFormErrors<Field>(labels, {
    override: (field: Field, detail: ApiErrorDetail) =>
      field === 'dailyVerseCountGoal' && detail.code === 'is_invalid'
        ? t('settings.goalRange', { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) })
        : undefined,
  });

  const zones = useMemo(() => timeZones([values.timeZone, browserZone]), [values.timeZone, browserZone]);
  const zoneLabels = useMemo(() => {
    const map = new Map<string, string>();
    for (const zone of zones) {
      const offset = zoneOffset(zone, formats.tag);
      map.set(zone, `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`);
    }
    return map;
  }, [zones, formats.tag]);

  const { locale } = useLocale();
  // The reader's own language first, each group named in the page's language.
  const versionGroups = useMemo(() => {
    const names = new Intl.DisplayNames([formats.tag], { type: 'language' });
    return versionsByLanguage(locale).map(({ language, versions }) => [names.of(language) ?? language, versions] as const);
  }, [formats.tag, locale]);

  const set = (field: Field, key: keyof Values) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.clearField(field);
  };

  const goal = parseGoal(values.goal);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    form.clear();
    const errors: Partial<Record<Field, string>> = {};
    if (goal === undefined) {
      errors.dailyVerseCountGoal = values.goal.trim()
        ? t('settings.goalRange', { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) })
        : form.message('dailyVerseCountGoal', { code: 'required' });
    }
    if (!isIsoDate(values.lookBackDate)) {
      errors.lookBackDate = form.message('lookBackDate', { code: values.lookBackDate ? 'is_invalid' : 'required' });
    }
    if (Object.keys(errors).length > 0) {
      form.showFieldErrors(errors);
      return;
    }
    try {
      await save({
        dailyVerseCountGoal: goal,
        lookBackDate: values.lookBackDate,
        // The choices come from the server's lists (GET /api/bible/books); it checks them again.
        preferredBibleVersion: values.version as ReaderSettings['preferredBibleVersion'],
        preferredBibleApp: values.app as ReaderSettings['preferredBibleApp'],
        timeZone: values.timeZone,
        restDaysPerWeek: Number(values.restDays),
        startPage: values.startPage as ReaderSettings['startPage'],
      }).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
      return;
    }
    writeBrowserBibleApp(values.app);
    toast.success(t('settings.saved'));
  }

  const selectField = (field: Field, children: ReactNode, value: string, onChange: (value: string) => void, hint?: string) => {
    const error = form.errors[field];
    const describedBy = [error ? `${id}-${field}-error` : '', hint ? `${id}-${field}-hint` : ''].filter(Boolean).join(' ') || undefined;
    return (
      <div className={styles.field}>
        <label className={styles.label} htmlFor={`${id}-${field}`}>
          {labels[field]}
        </label>
        <select
          ref={form.inputRef(field)}
          id={`${id}-${field}`}
          className={styles.select}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        >
          {children}
        </select>
        {error && (
          <span id={`${id}-${field}-error`} className={styles.error}>
            {error}
          </span>
        )}
        {hint && (
          <span id={`${id}-${field}-hint`} className={styles.hint}>
            {hint}
          </span>
        )}
      </div>
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}

      <SettingsSection id={`${id}-goal-heading`} heading={t('settings.goalHeading')}>
        <div className={styles.goalRow}>
          <TextField
            ref={form.inputRef('dailyVerseCountGoal')}
            className={styles.goalField}
            label={t('settings.goal')}
            type="number"
            inputMode="numeric"
            min={MIN_GOAL}
            max={MAX_GOAL}
            step={1}
            value={values.goal}
            error={form.errors.dailyVerseCountGoal}
            hint={
              goal !== undefined
                ? t('settings.goalHint', { count: daysForWholeBible(goal), days: formats.integer(daysForWholeBible(goal)) })
                : t('settings.goalRange', { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) })
            }
            onChange={(event) => set('dailyVerseCountGoal', 'goal')(event.target.value)}
          />
          <Button
            variant="secondary"
            size="small"
            className={styles.quick}
            aria-pressed={goal === YEAR_GOAL}
            onClick={() => set('dailyVerseCountGoal', 'goal')(String(YEAR_GOAL))}
          >
            {t('settings.yearGoal', { goal: formats.integer(YEAR_GOAL) })}
          </Button>
        </div>
        <TextField
          ref={form.inputRef('lookBackDate')}
          label={t('settings.lookBackDate')}
          type="date"
          value={values.lookBackDate}
          error={form.errors.lookBackDate}
          hint={t('settings.lookBackHint')}
          onChange={(event) => set('lookBackDate', 'lookBackDate')(event.target.value)}
        />
      </SettingsSection>

      <SettingsSection id={`${id}-links-heading`} heading={t('settings.linksHeading')}>
        {selectField(
          'preferredBibleVersion',
          versionGroups.map(([language, list]) => (
            <optgroup key={language} label={language}>
              {list.map((version) => (
                <option key={version.code} value={version.code}>
                  {version.name} ({version.code})
                </option>
              ))}
            </optgroup>
          )),
          values.version,
          set('preferredBibleVersion', 'version'),
        )}
        <fieldset className={styles.fieldset} aria-describedby={`${id}-app-hint`}>
          <legend className={styles.label}>{t('settings.app')}</legend>
          <div className={styles.apps}>
            {apps().map((app, index) => (
              <label key={app.id} className={styles.app}>
                <input
                  ref={index === 0 ? form.inputRef('preferredBibleApp') : undefined}
                  type="radio"
                  name={`${id}-app`}
                  value={app.id}
                  checked={values.app === app.id}
                  onChange={() => set('preferredBibleApp', 'app')(app.id)}
                />
                <span>
                  {app.name}
                  <span className={styles.appKind}>{t(`settings.appKind.${app.id === 'bible.com' ? 'biblecom' : app.id}` as const)}</span>
                </span>
              </label>
            ))}
          </div>
          {form.errors.preferredBibleApp && <span className={styles.error}>{form.errors.preferredBibleApp}</span>}
          <span id={`${id}-app-hint`} className={styles.hint}>
            {t('settings.appHint')}
          </span>
          <AppFallbackNote app={values.app} version={values.version} />
        </fieldset>
      </SettingsSection>

      <SettingsSection id={`${id}-time-heading`} heading={t('settings.timeHeading')}>
        {selectField(
          'timeZone',
          zones.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabels.get(zone)}
            </option>
          )),
          values.timeZone,
          set('timeZone', 'timeZone'),
          t('settings.timeZoneHint'),
        )}
        {browserZone && browserZone !== values.timeZone && (
          <Button variant="ghost" size="small" className={styles.browserZone} onClick={() => set('timeZone', 'timeZone')(browserZone)}>
            {t('settings.useBrowserZone', { zone: browserZone.replace(/_/g, ' ') })}
          </Button>
        )}
        {selectField(
          'restDaysPerWeek',
          Array.from({ length: MAX_REST_DAYS + 1 }, (_, n) => (
            <option key={n} value={n}>
              {n === 0 ? t('settings.restNone') : t('settings.restOption', { count: n, n: formats.integer(n) })}
            </option>
          )),
          values.restDays,
          set('restDaysPerWeek', 'restDays'),
          t('settings.restHint'),
        )}
      </SettingsSection>

      <SettingsSection id={`${id}-start-heading`} heading={t('settings.startHeading')}>
        {selectField(
          'startPage',
          START_PAGES.map((page) => (
            <option key={page} value={page}>
              {t(`settings.startPages.${page}`)}
            </option>
          )),
          values.startPage,
          set('startPage', 'startPage'),
          t('settings.startHint'),
        )}
      </SettingsSection>

      <div className={styles.actions}>
        <SubmitButton busy={isLoading} busyLabel={t('settings.saving')}>
          {t('settings.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** /settings/reading: daily goal, look-back date, Bible version and app, time zone, rest days, start page. */
export function ReadingSettingsPage() {
  const { t } = useTranslation('readingLog');
  const messages = useErrorMessages();
  useDocumentTitle(t('settings.title'));
  const { data: settings, error, isLoading } = useGetReaderSettingsQuery();
  return (
    <SettingsLayout heading={t('settings.title')} lead={t('settings.lead')} back={t('settings.back')}>
      {isLoading && <p role="status">{t('loading')}</p>}
      {error && <FormAlert>{messages.request(toApiError(error)) ?? t('errors.loadFailed')}</FormAlert>}
      {settings && <SettingsForm settings={settings} />}
    </SettingsLayout>
  );
}

/** Says where links open when the chosen app lacks the chosen version. */
function AppFallbackNote({ app, version }: { app: string; version: string }) {
  const { t } = useTranslation('readingLog');
  const opens = linkApp(app, version);
  const chosen = apps().find((info) => info.id === app);
  if (!chosen || opens === chosen.id) return null;
  return (
    <span className={styles.hint} role="status">
      {t('settings.appFallback', {
        app: chosen.name,
        version: versionByCode(version)?.name ?? version,
        fallback: apps().find((info) => info.id === opens)?.name ?? opens,
      })}
    </span>
  );
}

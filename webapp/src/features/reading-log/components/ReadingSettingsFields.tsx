import { useId, useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apps, linkApp, versionByCode, versionsByLanguage } from '@/shared/bible';
import { browserTimeZone } from '@/shared/auth';
import { useLocale } from '@/shared/i18n';
import type { ReaderSettings } from '@/shared/reader';
import { Button, SettingsSection, TextField } from '@/shared/ui';
import { daysForWholeBible, MAX_GOAL, MIN_GOAL, YEAR_GOAL } from '../lib/goal';
import { useFormats } from '../lib/format';
import type { SettingsField, SettingsFormState, SettingsValues } from './useReadingSettingsForm';
import styles from './ReadingSettingsForm.module.css';

const MAX_REST_DAYS = 6;

const START_PAGES = ['today', 'books', 'checklist', 'calendar', 'notes'] as const satisfies readonly ReaderSettings['startPage'][];

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

/** A labelled select of the settings form, with its error and hint. */
function SelectField({
  state,
  field,
  valueKey,
  hint,
  children,
}: {
  state: SettingsFormState;
  field: SettingsField;
  valueKey: keyof SettingsValues;
  hint?: string;
  children: ReactNode;
}) {
  const id = useId();
  const error = state.form.errors[field];
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {state.labels[field]}
      </label>
      <select
        ref={state.form.inputRef(field)}
        id={id}
        className={styles.select}
        value={state.values[valueKey]}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => state.set(field, valueKey)(event.target.value)}
      >
        {children}
      </select>
      {error && (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      )}
      {hint && (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      )}
    </div>
  );
}

/** The daily goal (with the Bible-in-a-year shortcut) and the look-back date. */
export function GoalFields({ state }: { state: SettingsFormState }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const id = useId();
  const { values, form, set, goal } = state;
  return (
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
  );
}

/** The Bible version and the app passages open in. */
export function BibleLinkFields({ state }: { state: SettingsFormState }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { locale } = useLocale();
  const id = useId();
  const { values, form, set } = state;
  // The reader's own language first, each group named in the page's language.
  const versionGroups = useMemo(() => {
    const names = new Intl.DisplayNames([formats.tag], { type: 'language' });
    return versionsByLanguage(locale).map(({ language, versions }) => [names.of(language) ?? language, versions] as const);
  }, [formats.tag, locale]);
  return (
    <SettingsSection id={`${id}-links-heading`} heading={t('settings.linksHeading')}>
      <SelectField state={state} field="preferredBibleVersion" valueKey="version">
        {versionGroups.map(([language, list]) => (
          <optgroup key={language} label={language}>
            {list.map((version) => (
              <option key={version.code} value={version.code}>
                {version.name} ({version.code})
              </option>
            ))}
          </optgroup>
        ))}
      </SelectField>
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

/** The time zone (with the browser's as a shortcut) and the rest days a week. */
export function TimeFields({ state }: { state: SettingsFormState }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const id = useId();
  const browserZone = browserTimeZone();
  const { values, set } = state;
  const zones = useMemo(() => timeZones([values.timeZone, browserZone]), [values.timeZone, browserZone]);
  const zoneLabels = useMemo(() => {
    const map = new Map<string, string>();
    for (const zone of zones) {
      const offset = zoneOffset(zone, formats.tag);
      map.set(zone, `${zone.replace(/_/g, ' ')}${offset ? ` (${offset})` : ''}`);
    }
    return map;
  }, [zones, formats.tag]);
  return (
    <SettingsSection id={`${id}-time-heading`} heading={t('settings.timeHeading')}>
      <SelectField state={state} field="timeZone" valueKey="timeZone" hint={t('settings.timeZoneHint')}>
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneLabels.get(zone)}
          </option>
        ))}
      </SelectField>
      {browserZone && browserZone !== values.timeZone && (
        <Button variant="ghost" size="small" className={styles.browserZone} onClick={() => set('timeZone', 'timeZone')(browserZone)}>
          {t('settings.useBrowserZone', { zone: browserZone.replace(/_/g, ' ') })}
        </Button>
      )}
      <SelectField state={state} field="restDaysPerWeek" valueKey="restDays" hint={t('settings.restHint')}>
        {Array.from({ length: MAX_REST_DAYS + 1 }, (_, n) => (
          <option key={n} value={n}>
            {n === 0 ? t('settings.restNone') : t('settings.restOption', { count: n, n: formats.integer(n) })}
          </option>
        ))}
      </SelectField>
    </SettingsSection>
  );
}

/** The page the app opens on. */
export function StartPageField({ state }: { state: SettingsFormState }) {
  const { t } = useTranslation('readingLog');
  const id = useId();
  return (
    <SettingsSection id={`${id}-start-heading`} heading={t('settings.startHeading')}>
      <SelectField state={state} field="startPage" valueKey="startPage" hint={t('settings.startHint')}>
        {START_PAGES.map((page) => (
          <option key={page} value={page}>
            {t(`settings.startPages.${page}`)}
          </option>
        ))}
      </SelectField>
    </SettingsSection>
  );
}

import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError, type ApiErrorDetail } from '@/shared/api';
import { browserTimeZone } from '@/shared/auth';
import { useBrowserBibleApp, useUpdateReaderSettingsMutation, resolveBibleApp, writeBrowserBibleApp, type ReaderSettings } from '@/shared/reader';
import { useFormErrors, useToast, type FieldErrors, type FormErrors } from '@/shared/ui';
import { isIsoDate } from '../lib/dates';
import { MAX_GOAL, MIN_GOAL, parseGoal } from '../lib/goal';
import { useFormats } from '../lib/format';

export type SettingsField =
  | 'dailyVerseCountGoal'
  | 'lookBackDate'
  | 'preferredBibleVersion'
  | 'preferredBibleApp'
  | 'timeZone'
  | 'restDaysPerWeek'
  | 'startPage';

export interface SettingsValues {
  goal: string;
  lookBackDate: string;
  version: string;
  app: string;
  timeZone: string;
  restDays: string;
  startPage: string;
}

/** What each group of the settings form needs: the values as typed, their errors and a setter. */
export interface SettingsFormState {
  values: SettingsValues;
  labels: Record<SettingsField, string>;
  form: FormErrors<SettingsField>;
  /** The setter of one value, which also clears its field's error. */
  set: (field: SettingsField, key: keyof SettingsValues) => (value: string) => void;
  /** The daily goal as a number, when the typed one is valid. */
  goal: number | undefined;
}

/** The reading settings' values, checks and save (the server checks the choices again). */
export function useReadingSettingsForm(settings: ReaderSettings) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const toast = useToast();
  const browserApp = useBrowserBibleApp();
  const [save, { isLoading }] = useUpdateReaderSettingsMutation();
  const [values, setValues] = useState<SettingsValues>(() => ({
    goal: String(settings.dailyVerseCountGoal),
    lookBackDate: settings.lookBackDate,
    version: settings.preferredBibleVersion,
    app: resolveBibleApp(browserApp, settings.preferredBibleApp),
    timeZone: settings.timeZone || browserTimeZone() || 'UTC',
    restDays: String(settings.restDaysPerWeek),
    startPage: settings.startPage,
  }));

  const labels: Record<SettingsField, string> = {
    dailyVerseCountGoal: t('settings.goal'),
    lookBackDate: t('settings.lookBackDate'),
    preferredBibleVersion: t('settings.version'),
    preferredBibleApp: t('settings.app'),
    timeZone: t('settings.timeZone'),
    restDaysPerWeek: t('settings.restDays'),
    startPage: t('settings.startPage'),
  };
  const goalRange = t('settings.goalRange', { min: formats.integer(MIN_GOAL), max: formats.integer(MAX_GOAL) });
  const form = useFormErrors<SettingsField>(labels, {
    override: (field: SettingsField, detail: ApiErrorDetail) =>
      field === 'dailyVerseCountGoal' && detail.code === 'is_invalid' ? goalRange : undefined,
  });

  const set = (field: SettingsField, key: keyof SettingsValues) => (value: string) => {
    setValues((current) => ({ ...current, [key]: value }));
    form.clearField(field);
  };

  const goal = parseGoal(values.goal);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    form.clear();
    const errors: FieldErrors<SettingsField> = {};
    if (goal === undefined) {
      errors.dailyVerseCountGoal = values.goal.trim() ? goalRange : form.message('dailyVerseCountGoal', { code: 'required' });
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

  const state: SettingsFormState = { values, labels, form, set, goal };
  return { state, busy: isLoading, onSubmit };
}

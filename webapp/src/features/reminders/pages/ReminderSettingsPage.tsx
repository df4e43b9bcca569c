import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { useLocale } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { Fieldset, FormAlert, LoadError, Loading, SettingsLayout, SettingsSection, SubmitButton, inputClassName, useFormErrors, useToast } from '@/shared/ui';
import { WEEKDAYS, useAddPushSubscriptionMutation, useGetReminderQuery, useLazyGetPushKeyQuery, useSaveReminderMutation, type Channel, type Reminder } from '../api';
import { pushSupported, subscribe } from '../push';
import styles from './ReminderSettingsPage.module.css';

type Field = 'enabled' | 'time' | 'days' | 'channels';

/** Weekday names in the UI language, Monday first (2024-01-01 was a Monday). */
function useWeekdayNames(): Record<number, string> {
  const { locale } = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    return Object.fromEntries(WEEKDAYS.map((day) => [day, format.format(new Date(Date.UTC(2024, 0, day)))]));
  }, [locale]);
}

function Summary({ reminder }: { reminder: Reminder }) {
  const { t } = useTranslation('reminders');
  const { locale } = useLocale();
  const names = useWeekdayNames();
  const id = useId();
  const days =
    reminder.days.length === 7 ? t('summary.everyDay') : new Intl.ListFormat(locale, { type: 'conjunction' }).format(reminder.days.map((day) => names[day] ?? ''));
  const channels = new Intl.ListFormat(locale, { type: 'conjunction' }).format(reminder.channels.map((channel) => t(`channels.${channel}`)));
  const next = reminder.next
    ? new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: reminder.timeZone || undefined }).format(new Date(reminder.next))
    : null;
  return (
    <SettingsSection id={id} heading={t('summary.heading')}>
      {!reminder.enabled ? (
        <p>{t('summary.off')}</p>
      ) : (
        <ul aria-labelledby={id}>
          <li>{t('summary.on', { time: reminder.time, days })}</li>
          <li>{t('summary.channels', { channels })}</li>
          {reminder.onlyIfUnread && <li>{t('summary.onlyIfUnread')}</li>}
          {reminder.onlyIfPlanUnread && <li>{t('summary.onlyIfPlanUnread')}</li>}
          {reminder.paused ? <li>{t('summary.paused')}</li> : next && <li>{t('summary.next', { next })}</li>}
        </ul>
      )}
    </SettingsSection>
  );
}

function ReminderForm({ reminder }: { reminder: Reminder }) {
  const { t } = useTranslation('reminders');
  const toast = useToast();
  const names = useWeekdayNames();
  const id = useId();
  const [save, { isLoading }] = useSaveReminderMutation();
  const [getKey] = useLazyGetPushKeyQuery();
  const [addSubscription] = useAddPushSubscriptionMutation();
  const [enabled, setEnabled] = useState(reminder.enabled);
  const [time, setTime] = useState(reminder.time);
  const [days, setDays] = useState<number[]>(reminder.days);
  const [onlyIfUnread, setOnlyIfUnread] = useState(reminder.onlyIfUnread);
  const [onlyIfPlanUnread, setOnlyIfPlanUnread] = useState(reminder.onlyIfPlanUnread);
  const [channels, setChannels] = useState<Channel[]>(reminder.channels);
  const [pushBusy, setPushBusy] = useState(false);
  const labels: Record<Field, string> = { enabled: t('form.enabled'), time: t('form.time'), days: t('form.days'), channels: t('form.channels') };
  const form = useFormErrors<Field>(labels);
  const canPush = pushSupported();

  const toggleDay = (day: number) => {
    setDays((current) => (current.includes(day) ? current.filter((d) => d !== day) : [...current, day].sort()));
    form.clearField('days');
  };

  async function togglePush(on: boolean) {
    form.clearField('channels');
    if (!on) {
      setChannels((current) => current.filter((c) => c !== 'push'));
      return;
    }
    setPushBusy(true);
    try {
      const { publicKey } = await getKey().unwrap();
      const subscription = await subscribe(publicKey);
      if (!subscription?.endpoint || !subscription.keys?.p256dh || !subscription.keys.auth) {
        toast.error(t('push.denied'));
        return;
      }
      await addSubscription({ endpoint: subscription.endpoint, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } }).unwrap();
      setChannels((current) => [...new Set<Channel>([...current, 'push'])].sort());
    } catch {
      toast.error(t('push.failed'));
    } finally {
      setPushBusy(false);
    }
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (isLoading) return;
    form.clear();
    try {
      await save({ enabled, time, days, onlyIfUnread, onlyIfPlanUnread, channels }).unwrap();
    } catch (caught) {
      form.showApiError(toApiError(caught));
      return;
    }
    toast.success(t('form.saved'));
  }

  return (
    <form className={`${styles.section} ${styles.form}`} onSubmit={onSubmit} noValidate aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.sectionHeading}>
        {t('form.heading')}
      </h2>
      {form.formError && <FormAlert>{form.formError}</FormAlert>}
      <label className={styles.check}>
        <input type="checkbox" checked={enabled} onChange={(event) => setEnabled(event.target.checked)} />
        {t('form.enabled')}
      </label>
      <div className={styles.time}>
        <label htmlFor={`${id}-time`}>{t('form.time')}</label>
        <input
          ref={form.inputRef('time')}
          id={`${id}-time`}
          className={inputClassName}
          type="time"
          required
          value={time}
          aria-invalid={form.errors.time ? true : undefined}
          aria-describedby={`${id}-time-hint${form.errors.time ? ` ${id}-time-error` : ''}`}
          onChange={(event) => {
            setTime(event.target.value);
            form.clearField('time');
          }}
        />
        <span id={`${id}-time-hint`} className={styles.hint}>
          {t('form.timeHint', { zone: reminder.timeZone || 'UTC' })}
        </span>
        {form.errors.time && <span id={`${id}-time-error`}>{form.errors.time}</span>}
      </div>
      <Fieldset legend={t('form.days')} aria-describedby={form.errors.days ? `${id}-days-error` : undefined}>
        <div className={styles.days}>
          {WEEKDAYS.map((day) => (
            <label key={day} className={styles.check}>
              <input type="checkbox" checked={days.includes(day)} onChange={() => toggleDay(day)} />
              {names[day]}
            </label>
          ))}
        </div>
        {form.errors.days && <span id={`${id}-days-error`}>{form.errors.days}</span>}
      </Fieldset>
      <label className={styles.check}>
        <input type="checkbox" checked={onlyIfUnread} onChange={(event) => setOnlyIfUnread(event.target.checked)} />
        {t('form.onlyIfUnread')}
      </label>
      <div>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={onlyIfPlanUnread}
            aria-describedby={`${id}-plan-hint`}
            onChange={(event) => setOnlyIfPlanUnread(event.target.checked)}
          />
          {t('form.onlyIfPlanUnread')}
        </label>
        <span id={`${id}-plan-hint`} className={styles.hint}>
          {t('form.onlyIfPlanUnreadHint')}
        </span>
      </div>
      <Fieldset legend={t('form.channels')} aria-describedby={form.errors.channels ? `${id}-channels-error` : undefined}>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={channels.includes('email')}
            onChange={(event) => {
              form.clearField('channels');
              const on = event.target.checked;
              setChannels((current) => (on ? [...new Set<Channel>([...current, 'email'])].sort() : current.filter((c) => c !== 'email')));
            }}
          />
          {t('channelLabels.email')}
        </label>
        <label className={styles.check}>
          <input
            type="checkbox"
            checked={channels.includes('push')}
            disabled={(!canPush && !channels.includes('push')) || pushBusy}
            aria-describedby={`${id}-push-hint`}
            onChange={(event) => void togglePush(event.target.checked)}
          />
          {t('channelLabels.push')}
        </label>
        <span id={`${id}-push-hint`} className={styles.hint}>
          {canPush ? t('push.hint') : t('push.unsupported')}
        </span>
        {form.errors.channels && <span id={`${id}-channels-error`}>{form.errors.channels}</span>}
      </Fieldset>
      <div>
        <SubmitButton busy={isLoading} busyLabel={t('form.saving')}>
          {t('form.save')}
        </SubmitButton>
      </div>
    </form>
  );
}

/** /settings/reminder: when and how the reader is reminded to read. */
export function ReminderSettingsPage() {
  const { t } = useTranslation('reminders');
  useDocumentTitle(t('title'));
  const { data, error, refetch, isLoading } = useGetReminderQuery();
  return (
    <SettingsLayout heading={t('heading')} lead={t('lead')} back={t('back')}>
      {isLoading && <Loading>{t('loading')}</Loading>}
      {error && !data && <LoadError message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void refetch()} />}
      {data && (
        <>
          {data.enabled && data.paused && (
            <p className={styles.paused} role="status">
              {t('paused')}
            </p>
          )}
          <Summary reminder={data} />
          <ReminderForm key={JSON.stringify(data)} reminder={data} />
        </>
      )}
    </SettingsLayout>
  );
}

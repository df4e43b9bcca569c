import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toApiError } from '@/shared/api';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FreshStartCard, useGetLogQuery, useGetReaderSettingsQuery, useReaderToday } from '@/shared/reader';
import { Button, FormAlert, useErrorMessages } from '@/shared/ui';
import { newVersesByEntry, useGetDateVerseCountsQuery, useGetProgressOverviewQuery, type DateVerseCounts } from '@/shared/readmodels';
import { CalendarGrid } from '../components/CalendarGrid';
import { EntryList } from '../components/EntryList';
import { LogFollowUpProvider } from '../components/LogFollowUp';
import { PassageLogger } from '../components/PassageLogger';
import { addMonths, firstOfMonth, isIsoDate, monthKey, monthOf, monthWeeks, parseMonthKey, type Month } from '../lib/dates';
import { useFormats } from '../lib/format';
import styles from './CalendarPage.module.css';

function DayPanel({ date, counts, goal, lookBackDate }: { date: string; counts: DateVerseCounts | undefined; goal: number | undefined; lookBackDate: string | undefined }) {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const { data: log, isLoading } = useGetLogQuery();
  const entries = useMemo(() => log?.entries ?? [], [log]);
  const ofDay = useMemo(() => entries.filter((entry) => entry.date === date), [entries, date]);
  const fresh = useMemo(() => newVersesByEntry(entries, date, lookBackDate), [entries, date, lookBackDate]);
  const count = counts?.[date] ?? { total: 0, unique: 0 };
  const met = goal !== undefined && count.total > 0 && count.unique >= goal;
  return (
    <>
      <h2 id="calendar-day-heading" className={styles.dayHeading}>
        {formats.date(date, 'full')}
      </h2>
      <p className={styles.dayCounts}>
        {t('calendar.panelCounts', {
          unique: formats.integer(count.unique),
          goal: goal !== undefined ? formats.integer(goal) : '–',
          total: formats.integer(count.total),
        })}
        {met && <span className={styles.metBadge}>{t('calendar.goalMet')}</span>}
      </p>
      {lookBackDate && date < lookBackDate && <p className={styles.note}>{t('calendar.beforeLookBackNote')}</p>}
      {isLoading ? (
        <p className={styles.note}>{t('loading')}</p>
      ) : (
        <EntryList entries={ofDay} newVerses={fresh} empty={t('calendar.noEntries')} label={t('calendar.entriesLabel', { date: formats.date(date) })} />
      )}
      <div className={styles.add}>
        <PassageLogger key={date} date={date} label={t('calendar.addLabel')} />
      </div>
    </>
  );
}

function CalendarContent() {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const messages = useErrorMessages();
  const { today } = useReaderToday();
  const [params, setParams] = useSearchParams();
  // The view lives in state (so quick clicks build on each other) and is mirrored to the URL.
  const [view, setView] = useState<{ month: Month; day: string | null }>(() => {
    const dayParam = params.get('day');
    const day = dayParam && isIsoDate(dayParam) ? dayParam : null;
    return { month: parseMonthKey(params.get('month')) ?? (day ? monthOf(day) : monthOf(today)), day };
  });
  const { month, day: selected } = view;
  useEffect(() => {
    const key = monthKey(month);
    if (params.get('month') === key && params.get('day') === selected) return;
    const search = new URLSearchParams(params);
    search.set('month', key);
    if (selected) search.set('day', selected);
    else search.delete('day');
    setParams(search, { replace: true });
  }, [month, selected, params, setParams]);
  const weeks = monthWeeks(month);
  const from = weeks[0]![0]!;
  const to = weeks[weeks.length - 1]![6]!;

  const settings = useGetReaderSettingsQuery();
  const counts = useGetDateVerseCountsQuery({ from, to });
  useGetLogQuery();
  const goal = settings.data?.dailyVerseCountGoal;
  const lookBackDate = settings.data?.lookBackDate;
  const { data: progress } = useGetProgressOverviewQuery();
  const panelRef = useRef<HTMLElement>(null);

  const update = (change: (current: { month: Month; day: string | null }) => Partial<{ month: Month; day: string | null }>) =>
    setView((current) => ({ ...current, ...change(current) }));

  // On a narrow screen the day panel sits under the month: bring it into view when a day is chosen.
  const previous = useRef(selected);
  useEffect(() => {
    if (selected && selected !== previous.current) {
      const panel = panelRef.current;
      if (panel && panel.getBoundingClientRect().top > window.innerHeight - 80) {
        panel.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
      }
    }
    previous.current = selected;
  }, [selected]);

  const monthLabel = formats.month(firstOfMonth(month));
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{t('calendar.title')}</h1>
      <FreshStartCard complete={progress?.bible.complete} lookBackDate={lookBackDate} />
      {(settings.error || counts.error) && (
        <FormAlert>{messages.request(toApiError(settings.error ?? counts.error)) ?? t('errors.loadFailed')}</FormAlert>
      )}
      <div className={styles.layout}>
        <section className={styles.card} aria-labelledby="calendar-month-heading">
          <div className={styles.toolbar}>
            <h2 id="calendar-month-heading" className={styles.month} aria-live="polite">
              {monthLabel}
            </h2>
            <div className={styles.nav}>
              <Button variant="secondary" size="small" aria-label={t('calendar.previous')} onClick={() => update((current) => ({ month: addMonths(current.month, -1) }))}>
                <span aria-hidden="true">‹</span>
              </Button>
              <Button variant="secondary" size="small" onClick={() => update(() => ({ month: monthOf(today), day: today }))}>
                {t('calendar.todayButton')}
              </Button>
              <Button variant="secondary" size="small" aria-label={t('calendar.next')} onClick={() => update((current) => ({ month: addMonths(current.month, 1) }))}>
                <span aria-hidden="true">›</span>
              </Button>
            </div>
          </div>
          <CalendarGrid
            month={month}
            counts={counts.data}
            goal={goal}
            lookBackDate={lookBackDate}
            today={today}
            selected={selected}
            onSelect={(day) => update(() => ({ day, month: monthOf(day) }))}
            onMonthChange={(next) => update(() => ({ month: next }))}
          />
          <ul className={styles.legend} aria-label={t('calendar.legendLabel')}>
            <li>
              <span className={`${styles.swatch} ${styles.swatchMet}`} aria-hidden="true">✓</span>
              {goal !== undefined ? t('calendar.legendMet', { goal: formats.integer(goal) }) : t('calendar.goalMet')}
            </li>
            <li>
              <span className={`${styles.swatch} ${styles.swatchReread}`} aria-hidden="true">↻</span>
              {t('calendar.legendReread')}
            </li>
            <li>
              <span className={styles.swatchText} aria-hidden="true">12/{goal !== undefined ? formats.integer(goal) : '86'}</span>
              {t('calendar.legendNew')}
            </li>
            <li>
              <span className={styles.swatchText} aria-hidden="true">Σ</span>
              {t('calendar.legendTotal')}
            </li>
            {lookBackDate && (
              <li>
                <span className={`${styles.swatch} ${styles.swatchLookBack}`} aria-hidden="true">⚑</span>
                {t('calendar.legendLookBack', { date: formats.date(lookBackDate) })}
              </li>
            )}
            <li>
              <span className={`${styles.swatch} ${styles.swatchBefore}`} aria-hidden="true" />
              {t('calendar.legendBefore')}
            </li>
          </ul>
        </section>
        <section ref={panelRef} className={`${styles.card} ${styles.panel}`} aria-labelledby={selected ? 'calendar-day-heading' : 'calendar-day-empty'}>
          {selected ? (
            <DayPanel date={selected} counts={counts.data} goal={goal} lookBackDate={lookBackDate} />
          ) : (
            <>
              <h2 id="calendar-day-empty" className={styles.dayHeading}>
                {t('calendar.noDayHeading')}
              </h2>
              <p className={styles.note}>{t('calendar.noDay')}</p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}

/** /calendar: a month of reading against the daily goal, and a panel for the chosen day. */
export function CalendarPage() {
  const { t } = useTranslation('readingLog');
  useDocumentTitle(t('calendar.title'));
  return (
    <LogFollowUpProvider>
      <CalendarContent />
    </LogFollowUpProvider>
  );
}

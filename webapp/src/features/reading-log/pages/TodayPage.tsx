import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toApiError } from '@/shared/api';
import { LocaleLink } from '@/shared/i18n';
import { useDocumentTitle } from '@/shared/lib/useDocumentTitle';
import { FreshStartButton, useGetLogQuery, useGetReaderSettingsQuery, useReaderToday } from '@/shared/reader';
import { FormAlert, useErrorMessages } from '@/shared/ui';
import {
  newVersesByEntry,
  useGetDateVerseCountsQuery,
  useGetProgressOverviewQuery,
  useGetReadingPlansQuery,
  useGetReadingStreakQuery,
  useGetReadingSuggestionsQuery,
} from '@/shared/readmodels';
import { EntryList } from '../components/EntryList';
import { LogFollowUpProvider } from '../components/LogFollowUp';
import { PassageLogger } from '../components/PassageLogger';
import { PlanReadings } from '../components/PlanReadings';
import { RecentNotes } from '../components/RecentNotes';
import { SuggestionList } from '../components/SuggestionList';
import { GoalCard, StreakCard } from '../components/TodaySummary';
import { WelcomeCard } from '../components/WelcomeCard';
import { useFormats } from '../lib/format';
import styles from './TodayPage.module.css';

function TodayContent() {
  const { t } = useTranslation('readingLog');
  const formats = useFormats();
  const messages = useErrorMessages();
  const { today } = useReaderToday();
  // One round of requests: settings and entries (already loading since sign-in), today's counts,
  // suggestions, streak and plans, and progress (in LogFollowUpProvider) all start together.
  const settings = useGetReaderSettingsQuery();
  const log = useGetLogQuery();
  const counts = useGetDateVerseCountsQuery({ from: today, to: today });
  const suggestions = useGetReadingSuggestionsQuery(today);
  const streak = useGetReadingStreakQuery(today);
  const progress = useGetProgressOverviewQuery();
  const plans = useGetReadingPlansQuery(today);

  const lookBackDate = settings.data?.lookBackDate;
  const entries = log.data?.entries;
  const todays = useMemo(() => (entries ?? []).filter((entry) => entry.date === today), [entries, today]);
  const fresh = useMemo(() => newVersesByEntry(entries ?? [], today, lookBackDate), [entries, today, lookBackDate]);
  const count = counts.data?.[today] ?? { total: 0, unique: 0 };
  const failed = [settings, log, counts, suggestions, streak].find((query) => query.error)?.error;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('today.title')}</h1>
        <p className={styles.date}>{formats.date(today, 'full')}</p>
      </header>
      {failed !== undefined && <FormAlert>{messages.request(toApiError(failed)) ?? t('errors.loadFailed')}</FormAlert>}
      {settings.data?.welcomeDone === false && <WelcomeCard settings={settings.data} today={today} />}
      <div className={styles.layout}>
        <div className={styles.main}>
          <section className={`${styles.card} ${styles.log}`} aria-labelledby="today-log-heading">
            <h2 id="today-log-heading" className={styles.sectionHeading}>
              {t('today.logHeading')}
            </h2>
            <PassageLogger autoFocus label={t('logger.label')} />
          </section>
          {plans.data && plans.data.length > 0 && (
            <section className={`${styles.card} ${styles.plans}`} aria-labelledby="today-plans-heading">
              <h2 id="today-plans-heading" className={styles.sectionHeading}>
                {t('today.heading', { ns: 'plans' })}
              </h2>
              <PlanReadings plans={plans.data} />
            </section>
          )}
          <section className={`${styles.card} ${styles.entries}`} aria-labelledby="today-entries-heading">
            <h2 id="today-entries-heading" className={styles.sectionHeading}>
              {t('today.entriesHeading')}
            </h2>
            {log.isLoading ? (
              <p className={styles.muted}>{t('loading')}</p>
            ) : (
              <EntryList entries={todays} newVerses={fresh} empty={t('today.noEntries')} label={t('today.entriesHeading')} />
            )}
            <p className={styles.more}>
              <LocaleLink to="/log">{t('today.viewAll')}</LocaleLink>
            </p>
          </section>
          <section className={`${styles.card} ${styles.suggestions}`} aria-labelledby="today-suggestions-heading">
            <h2 id="today-suggestions-heading" className={styles.sectionHeading}>
              {t('suggestions.heading')}
            </h2>
            {progress.data?.bible.complete ? (
              <div className={styles.complete}>
                <p>{t('freshStart.allRead', { ns: 'common', date: lookBackDate ? formats.date(lookBackDate) : '' })}</p>
                <FreshStartButton />
              </div>
            ) : suggestions.isLoading ? (
              <p className={styles.muted}>{t('loading')}</p>
            ) : suggestions.data && suggestions.data.length > 0 ? (
              <SuggestionList suggestions={suggestions.data} label={t('suggestions.heading')} />
            ) : (
              <p className={styles.muted}>{t('suggestions.none')}</p>
            )}
          </section>
        </div>
        <div className={styles.side}>
          <div className={styles.goal}>
            <GoalCard
              unique={count.unique}
              total={count.total}
              goal={settings.data?.dailyVerseCountGoal}
              bible={progress.data?.bible}
              loading={counts.isLoading || settings.isLoading}
            />
          </div>
          <div className={styles.streak}>
            <StreakCard streak={streak.data} />
          </div>
          <section className={`${styles.card} ${styles.notes}`} aria-labelledby="today-notes-heading">
            <h2 id="today-notes-heading" className={styles.sectionHeading}>
              {t('recentNotes.heading')}
            </h2>
            <RecentNotes />
          </section>
        </div>
      </div>
    </div>
  );
}

/** /today: the daily goal, the streak, today's entries, suggestions and the way to log. */
export function TodayPage() {
  const { t } = useTranslation('readingLog');
  useDocumentTitle(t('today.title'));
  return (
    <LogFollowUpProvider>
      <TodayContent />
    </LogFollowUpProvider>
  );
}

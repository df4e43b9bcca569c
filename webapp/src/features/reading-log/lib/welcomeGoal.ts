// The welcome's daily goal: the Bible in a year, by a chosen date, or the reader's own pace.
import { TOTAL_VERSES } from '@/shared/bible';
import { daysBetween } from './dates';
import { MAX_GOAL, parseGoal, YEAR_GOAL } from './goal';

export type GoalChoice = 'year' | 'byDate' | 'own';

export type WelcomeGoal =
  | { ok: true; versesPerDay: number }
  | { ok: false; reason: 'chooseDate' | 'tooSoon' | 'tooHigh' | 'invalidPace' };

/** The verses a day a choice means; by a date: ceil(31,102 / days from today), at most MAX_GOAL. */
export function welcomeGoal(choice: GoalChoice, { today, finishBy, ownPace }: { today: string; finishBy: string; ownPace: string }): WelcomeGoal {
  if (choice === 'year') return { ok: true, versesPerDay: YEAR_GOAL };
  if (choice === 'own') {
    const pace = parseGoal(ownPace);
    return pace === undefined ? { ok: false, reason: 'invalidPace' } : { ok: true, versesPerDay: pace };
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(finishBy)) return { ok: false, reason: 'chooseDate' };
  const days = daysBetween(today, finishBy);
  if (Number.isNaN(days)) return { ok: false, reason: 'chooseDate' };
  if (days <= 0) return { ok: false, reason: 'tooSoon' };
  const versesPerDay = Math.ceil(TOTAL_VERSES / days);
  return versesPerDay > MAX_GOAL ? { ok: false, reason: 'tooHigh' } : { ok: true, versesPerDay };
}

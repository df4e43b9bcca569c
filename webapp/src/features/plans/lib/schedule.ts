import { books, TOTAL_VERSES } from '@/shared/bible';

/** ISO weekdays, Monday (1) to Sunday (7). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

// The server's reading speed (modules/plans generate.go): about 238 words a minute over the Bible's
// 783,137 words, so the preview says what the plan will say once made.
const WORDS_PER_VERSE = 783137 / TOTAL_VERSES;
const WORDS_PER_MINUTE = 238;

/** About how many minutes reading n verses takes. */
export function minutesFor(verses: number): number {
  return Math.round((verses * WORDS_PER_VERSE) / WORDS_PER_MINUTE);
}

function utc(iso: string): Date {
  return new Date(`${iso}T00:00:00Z`);
}

/** The ISO weekday (1 Monday ... 7 Sunday) of a YYYY-MM-DD date. */
export function isoWeekday(iso: string): number {
  const day = utc(iso).getUTCDay();
  return day === 0 ? 7 : day;
}

/** A YYYY-MM-DD date n days later (earlier when negative). */
export function addDays(iso: string, n: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** How many dates from start to end, both included, fall on the chosen weekdays. */
export function activeDays(start: string, end: string, weekdays: readonly number[]): number {
  if (end < start || weekdays.length === 0) return 0;
  let count = 0;
  for (let date = start; date <= end; date = addDays(date, 1)) {
    if (weekdays.includes(isoWeekday(date))) count++;
  }
  return count;
}

export type Scope = 'bible' | 'ot' | 'nt' | 'books';

/** The book ids a generator scope reads. */
export function scopeBooks(scope: Scope, chosen: readonly number[]): number[] {
  if (scope === 'books') return [...chosen].sort((a, b) => a - b);
  return books()
    .filter((book) => scope === 'bible' || book.newTestament === (scope === 'nt'))
    .map((book) => book.id);
}

export interface GeneratorPreview {
  days: number;
  minutesPerDay: number;
}

/** What the generator would make: its days, and the minutes a day at equal verses a day. */
export function previewGenerator(bookIds: readonly number[], days: number): GeneratorPreview | null {
  if (bookIds.length === 0 || days <= 0) return null;
  const verses = books()
    .filter((book) => bookIds.includes(book.id))
    .reduce((sum, book) => sum + book.totalVerses, 0);
  return { days, minutesPerDay: minutesFor(Math.ceil(verses / days)) };
}

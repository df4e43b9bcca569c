// The server's streak and "Read next" rules (modules/readmodels/internal/streaks and suggestions) in the
// browser, for answering while offline or while changes wait to be sent. Loaded on demand with
// compute.ts. modules/readmodels/testdata/next.json holds the cases both must agree on; the
// rules themselves are described on the Go functions.
import { bookById, nextVerse, rangeCount, rangesOverlap, TOTAL_VERSES, validateRange, verseIdBook, verseIdChapter, VerseSet, wholeChapter, type VerseRange } from '@/shared/bible';

/** What the streak and suggestion rules read of an entry. */
export interface NextEntry {
  date: string;
  startVerseId: number;
  endVerseId: number;
  /** When it was logged (RFC 3339); breaks ties between entries of one date. */
  createdAt?: string;
}

/** The answer of GET /insights/streak (streaks.Streak). */
export interface Streak {
  current: number;
  currentStart: string | null;
  longest: number;
  longestStart: string | null;
  longestEnd: string | null;
  todayRead: boolean;
  restDaysPerWeek: number;
  restDaysLeftThisWeek: number;
}

/** One suggestion of GET /reading-suggestions (suggestions.Suggestion). */
export interface Suggestion {
  startVerseId: number;
  endVerseId: number;
  suggestionContext: {
    kind: 'continue' | 'nt' | 'ot' | 'wisdom';
    afterEntry?: { startVerseId: number; endVerseId: number; date: string };
  };
}

const MAX_REST_DAYS = 6;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days since 1970-01-01 of a real YYYY-MM-DD date, or undefined. */
function dayNumber(date: string): number | undefined {
  const m = DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const t = Date.UTC(y, mo - 1, d);
  const back = new Date(t);
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return undefined;
  return Math.round(t / 86_400_000);
}

function dayString(day: number): string {
  return new Date(day * 86_400_000).toISOString().slice(0, 10);
}

/** Monday-to-Sunday week numbers; 1970-01-01 was a Thursday. */
function weekNumber(day: number): number {
  return Math.floor((day + 3) / 7);
}

/** The reader's streaks on their local date today (streaks.Compute). */
export function streak(entries: readonly NextEntry[], lookBackDate: string, today: string, restDaysPerWeek: number): Streak {
  const rest = Math.min(Math.max(restDaysPerWeek, 0), MAX_REST_DAYS);
  const out: Streak = { current: 0, currentStart: null, longest: 0, longestStart: null, longestEnd: null, todayRead: false, restDaysPerWeek: rest, restDaysLeftThisWeek: rest };
  const end = dayNumber(today);
  if (end === undefined) return out;
  const readDays = new Set<number>();
  for (const e of entries) {
    if (e.date > today || (lookBackDate !== '' && e.date < lookBackDate) || rangeCount(e) === 0) continue;
    const d = dayNumber(e.date);
    if (d !== undefined) readDays.add(d);
  }
  if (readDays.size === 0) return out;
  const first = Math.min(...readDays);
  const n = end - first + 1;
  const read = (i: number) => readDays.has(first + i);
  const week = (i: number) => weekNumber(first + i);
  const readBefore = [0];
  let start = -1;
  let lastRead = -1;
  let misses: number[] = [];
  let longest = 0;
  let longestStart = 0;
  let longestEnd = 0;
  const missesInWeek = (w: number) => {
    let c = 0;
    for (let j = misses.length - 1; j >= 0 && week(misses[j]!) === w; j--) c++;
    return c;
  };
  for (let i = 0; i < n; i++) {
    readBefore.push(readBefore[i]! + (read(i) ? 1 : 0));
    if (read(i)) {
      if (start < 0) start = i;
      lastRead = i;
    } else if (i !== n - 1 && start >= 0) {
      misses.push(i);
      const w = week(i);
      if (missesInWeek(w) > rest) {
        // The run now starts at the first reading day after this week's first miss.
        let j = misses.length - 1;
        while (j > 0 && week(misses[j - 1]!) === w) j--;
        start = -1;
        for (let s = misses[j]! + 1; s <= i; s++) {
          if (read(s)) {
            start = s;
            break;
          }
        }
        misses = start < 0 ? [] : misses.filter((m) => m > start);
      }
    }
    if (start >= 0) {
      const c = readBefore[i + 1]! - readBefore[start]!;
      if (c >= longest) [longest, longestStart, longestEnd] = [c, start, lastRead];
    }
  }
  out.todayRead = read(n - 1);
  if (longest > 0) Object.assign(out, { longest, longestStart: dayString(first + longestStart), longestEnd: dayString(first + longestEnd) });
  if (start >= 0) {
    out.current = readBefore[n]! - readBefore[start]!;
    out.currentStart = dayString(first + start);
    out.restDaysLeftThisWeek = Math.max(0, rest - missesInWeek(week(n - 1)));
  }
  return out;
}

const MAX_SUGGESTIONS = 3;
const CONTINUE_DAYS = 3;

const span = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** The reading paths, taken in turn. */
const PATHS: { kind: 'nt' | 'ot' | 'wisdom'; books: number[] }[] = [
  { kind: 'nt', books: span(40, 66) },
  { kind: 'ot', books: [...span(1, 17), ...span(23, 39)] },
  { kind: 'wisdom', books: [19, 20, 21, 18, 22] },
];

const logged = (e: NextEntry) => (e.createdAt ? Date.parse(e.createdAt) : 0);

/** e ends after l, or ends with it and was read or logged later. */
function later(e: NextEntry, l: NextEntry): boolean {
  if (e.endVerseId !== l.endVerseId) return e.endVerseId > l.endVerseId;
  if (e.date !== l.date) return e.date > l.date;
  return logged(e) > logged(l);
}

/** Up to three passages to read next on the reader's local date today (suggestions.Compute). */
export function suggestions(entries: readonly NextEntry[], lookBackDate: string, today: string): Suggestion[] {
  const counted = entries.filter((e) => lookBackDate === '' || e.date >= lookBackDate);
  const read = new VerseSet();
  for (const e of counted) read.add(e);
  if (read.count() === TOTAL_VERSES) return [];
  const todays = counted.filter((e) => e.date === today);
  const recentDays = [...new Set(counted.map((e) => e.date).filter((d) => d < today))].sort().reverse().slice(0, CONTINUE_DAYS);
  const latest = new Map<number, NextEntry>();
  for (const e of counted) {
    if (!recentDays.includes(e.date) || validateRange(e) !== null) continue;
    const book = verseIdBook(e.startVerseId);
    const l = latest.get(book);
    if (!l || later(e, l)) latest.set(book, e);
  }
  const found: { s: Suggestion; e: NextEntry }[] = [];
  for (const e of latest.values()) {
    const next = nextVerse(e.endVerseId);
    if (next === undefined || verseIdBook(next) !== verseIdBook(e.endVerseId)) continue;
    const r = { startVerseId: next, endVerseId: wholeChapter(verseIdBook(next), verseIdChapter(next))!.endVerseId };
    if (todays.some((t) => rangesOverlap(r, t))) continue;
    found.push({ s: { ...r, suggestionContext: { kind: 'continue', afterEntry: { startVerseId: e.startVerseId, endVerseId: e.endVerseId, date: e.date } } }, e });
  }
  found.sort((a, b) => (a.e.date !== b.e.date ? (a.e.date < b.e.date ? 1 : -1) : logged(b.e) - logged(a.e) || a.s.startVerseId - b.s.startVerseId));
  const out = found.slice(0, MAX_SUGGESTIONS).map((f) => f.s);

  const active = PATHS.map((p) => ({ ...p, next: 0 }));
  let turn = 0;
  while (out.length < MAX_SUGGESTIONS && active.length > 0) {
    const c = active[turn]!;
    const r = firstUnread(c, read);
    if (!r) {
      active.splice(turn, 1);
      if (turn === active.length) turn = 0;
      continue;
    }
    if (!out.some((s) => rangesOverlap(r, s))) out.push({ ...r, suggestionContext: { kind: c.kind } });
    turn = (turn + 1) % active.length;
  }
  return out;
}

/** The first chapter not fully read in the path's books from c.next on, moving c.next past its book. */
function firstUnread(c: { books: number[]; next: number }, read: VerseSet): VerseRange | undefined {
  for (; c.next < c.books.length; c.next++) {
    const book = bookById(c.books[c.next]!)!;
    if (read.countInBook(book.id) === book.totalVerses) continue;
    for (let chapter = 1; chapter <= book.chapterCount; chapter++) {
      const r = wholeChapter(book.id, chapter)!;
      if (read.countRange(r) < rangeCount(r)) {
        c.next++;
        return r;
      }
    }
  }
  return undefined;
}

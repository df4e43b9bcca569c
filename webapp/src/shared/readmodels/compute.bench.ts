// What answering offline costs: today's counts and the progress overview from a ten-year log
// (3,650 dates, two passages a day, the whole Bible read about three times).
// npx vitest bench --run --project logic src/shared/readmodels/compute.bench.ts
import { bench, describe } from 'vitest';
import { books, wholeChapter } from '@/shared/bible';
import { dateVerseCountsBetween, progressOverview, readSet, type CountedEntry } from './compute';

function tenYears(): CountedEntry[] {
  const chapters = books().flatMap((book) => Array.from({ length: book.chapterCount }, (_, i) => wholeChapter(book.id, i + 1)!));
  const entries: CountedEntry[] = [];
  const start = Date.UTC(2016, 0, 1);
  for (let day = 0; day < 3650; day++) {
    const date = new Date(start + day * 86_400_000).toISOString().slice(0, 10);
    for (const offset of [0, 1]) {
      entries.push({ date, ...chapters[(day * 2 + offset) % chapters.length]! });
    }
  }
  return entries;
}

const log = tenYears();
const today = log[log.length - 1]!.date;

describe('offline answers from a ten-year log (7,300 entries)', () => {
  bench('date verse counts for today', () => {
    dateVerseCountsBetween(log, '', today, today);
  });
  bench('progress overview', () => {
    progressOverview(readSet(log, ''));
  });
});

// Runs the count rules shared with the server (modules/readmodels/testdata/counts.json, asserted
// by modules/readmodels/vectors_test.go against the server's computation) through the browser's.
import { describe, expect, it } from 'vitest';
import { bookDetail, dateVerseCounts, dateVerseCountsBetween, progressOverview, readSet, type CountedEntry, type DayCount } from './compute';

interface Summary {
  versesRead: number;
  totalVerses: number;
  percentage: number;
  chaptersRead: number;
  chapterCount: number;
  complete: boolean;
}

interface CountsCase {
  name: string;
  lookBackDate: string;
  log: CountedEntry[];
  dateVerseCounts: Record<string, DayCount>;
  bible: Summary;
  oldTestament: Summary;
  newTestament: Summary;
  books: (Summary & { book: number })[];
  chapters: { book: number; chapter: number; versesRead: number; totalVerses: number; percentage: number; complete: boolean }[];
}

const files = import.meta.glob<{ cases: CountsCase[] }>('../../../../modules/readmodels/testdata/counts.json', { eager: true, import: 'default' });
const { cases } = Object.values(files)[0]!;

describe('count vectors', () => {
  it('has the shared cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(8);
  });

  for (const c of cases) {
    it(c.name, () => {
      expect(Object.fromEntries(dateVerseCounts(c.log, c.lookBackDate))).toEqual(c.dateVerseCounts);
      const dates = Object.keys(c.dateVerseCounts);
      if (dates.length > 1) {
        const [from, to] = [dates[1]!, dates[dates.length - 1]!];
        expect(dateVerseCountsBetween(c.log, c.lookBackDate, from, to)).toEqual(Object.fromEntries(dates.filter((d) => d >= from && d <= to).map((d) => [d, c.dateVerseCounts[d]])));
      }

      const set = readSet(c.log, c.lookBackDate);
      const overview = progressOverview(set);
      expect({ bible: overview.bible, oldTestament: overview.oldTestament, newTestament: overview.newTestament }).toEqual({
        bible: c.bible,
        oldTestament: c.oldTestament,
        newTestament: c.newTestament,
      });
      const read = overview.books.filter((b) => b.versesRead > 0).map(({ segments: _segments, ...summary }) => summary);
      expect(read).toEqual(c.books);

      const chapters = c.books.flatMap(({ book }) =>
        bookDetail(set, book)!
          .chapters.filter((ch) => ch.versesRead > 0)
          .map(({ chapter, versesRead, totalVerses, percentage, complete }) => ({ book, chapter, versesRead, totalVerses, percentage, complete })),
      );
      expect(chapters).toEqual(c.chapters);
    });
  }
});

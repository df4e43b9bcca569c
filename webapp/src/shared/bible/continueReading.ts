import { versesInChapter } from './data';
import type { VerseRange } from './ranges';
import { newVerseId, nextVerse, verseIdParts } from './verseId';

/**
 * Where a reading that ended at `range` goes on: from the next verse to the end of its chapter,
 * which is the whole next chapter (or the next book's first) when the range ended one. Undefined
 * after Revelation 22:21.
 */
export function continueAfter(range: VerseRange): VerseRange | undefined {
  const start = nextVerse(range.endVerseId);
  if (start === undefined) return undefined;
  const { book, chapter } = verseIdParts(start);
  return { startVerseId: start, endVerseId: newVerseId(book, chapter, versesInChapter(book, chapter)) };
}

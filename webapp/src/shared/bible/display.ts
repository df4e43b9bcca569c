// Displaying ranges as reference text in a locale.
import { bookById } from './data';
import { localeInfo, type Locale } from './locale';
import { bookName, chapterName } from './names';
import { validateRange, type VerseRange } from './ranges';
import { verseIdParts } from './verseId';

/**
 * Renders a valid range in the shortest form that names it exactly, with the locale's book name
 * and chapter-verse separator: "Genesis", "Genesis 3", "Acts 2-4", "Genesis 1:1-10", "John 3:16",
 * "Deuteronomy 1:13-4:18" ("1. Mose 1,1-10" in German, "Genèse 1.1-10" in French). parse reads
 * it back to the same range. A reference within one chapter names the book as the locale names one
 * chapter of it ("Psalm 23", "Psalm 23:1-4", but "Psalms 23-24"). Throws the BibleError of
 * validateRange for an invalid range.
 */
export function format(r: VerseRange, locale: Locale): string {
  const err = validateRange(r);
  if (err) throw err;
  const start = verseIdParts(r.startVerseId);
  const end = verseIdParts(r.endVerseId);
  const b = bookById(start.book)!;
  const name = bookName(b.id, locale);
  const lastChapter = b.chapterCount;
  if (start.chapter === 1 && start.verse === 1 && end.chapter === lastChapter && end.verse === b.verses[lastChapter - 1]) {
    return name;
  }
  const sep = localeInfo(locale).chapterVerseSeparator;
  const { chapter: sc, verse: sv } = start;
  const { chapter: ec, verse: ev } = end;
  let num: string;
  if (sv === 1 && ev === b.verses[ec - 1]) num = sc === ec ? `${sc}` : `${sc}-${ec}`;
  else if (sc === ec) num = sv === ev ? `${sc}${sep}${sv}` : `${sc}${sep}${sv}-${ev}`;
  else num = `${sc}${sep}${sv}-${ec}${sep}${ev}`;
  return `${sc === ec ? chapterName(b.id, locale) : name} ${num}`;
}

/** Renders ranges as one "; "-separated list, which parseList reads back to the same ranges. */
export function formatList(ranges: readonly VerseRange[], locale: Locale): string {
  return ranges.map((r) => format(r, locale)).join('; ');
}

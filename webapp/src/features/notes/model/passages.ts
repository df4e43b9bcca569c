// Typed passages read with the Bible kernel, in the reader's language (English names work too).
import { BibleError, ERR_INVALID_BOOK_NAME, ParseError, format, parse, parseList, type Locale, type VerseRange } from '@/shared/bible';

export type PassageProblem = { reason: 'invalidBook' | 'invalidRange'; part: string };

export type ParsedOne = { ok: true; range: VerseRange } | { ok: false; problem: PassageProblem };
export type ParsedList = { ok: true; ranges: VerseRange[] } | { ok: false; problem: PassageProblem };

const problemOf = (error: BibleError, part: string): PassageProblem => ({
  reason: error.reason === ERR_INVALID_BOOK_NAME ? 'invalidBook' : 'invalidRange',
  part,
});

/** One reference ("John 3", "Ps 23:1-4") as one range; a list is an invalid range. */
export function parseOne(text: string, locale: Locale): ParsedOne {
  try {
    return { ok: true, range: parse(text, locale) };
  } catch (error) {
    if (error instanceof BibleError) return { ok: false, problem: problemOf(error, text.trim()) };
    throw error;
  }
}

/** Several references ("Gen 1; Ps 23:1-4"); empty text is no passage. */
export function parseMany(text: string, locale: Locale): ParsedList {
  if (text.trim() === '') return { ok: true, ranges: [] };
  try {
    return { ok: true, ranges: parseList(text, locale) };
  } catch (error) {
    if (error instanceof ParseError) return { ok: false, problem: problemOf(error, error.text) };
    if (error instanceof BibleError) return { ok: false, problem: problemOf(error, text.trim()) };
    throw error;
  }
}

/**
 * A span in the reader's language. A span across books (possible in a hand-written URL) shows its
 * two ends: "Genesis 50:26 – Exodus 1:1".
 */
export function formatSpan(range: VerseRange, locale: Locale): string {
  try {
    return format(range, locale);
  } catch (error) {
    if (!(error instanceof BibleError)) throw error;
    const end = (id: number) => format({ startVerseId: id, endVerseId: id }, locale);
    return `${end(range.startVerseId)} – ${end(range.endVerseId)}`;
  }
}

/** Passages as editable text, one reference each, in order: "Genesis 1; Psalm 23:1-4". */
export function passagesText(ranges: readonly VerseRange[], locale: Locale): string {
  return ranges.map((range) => formatSpan(range, locale)).join('; ');
}

/** Appends a reference to typed text: "Gen 1" + "Ps 23" -> "Gen 1; Ps 23". */
export function appendPassage(text: string, passage: string): string {
  const head = text.replace(/[\s;,]+$/, '');
  return head.trim() === '' ? passage : `${head}; ${passage}`;
}

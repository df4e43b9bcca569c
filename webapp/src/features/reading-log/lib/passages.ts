// The live preview of what a typed list of references will log.
import {
  BibleError,
  ERR_INVALID_BOOK_NAME,
  ParseError,
  format,
  parseList,
  rangeCount,
  uniqueCount,
  type Locale,
  type VerseRange,
} from '@/shared/bible';

export interface PreviewPassage {
  range: VerseRange;
  /** Display text in the reader's locale, e.g. "Genesis 1". */
  text: string;
  verses: number;
}

export type PassagePreview =
  | { status: 'empty' }
  | { status: 'ok'; passages: PreviewPassage[]; total: number; unique: number }
  | {
      status: 'error';
      /** Which contract error: 'Invalid book name' or 'Invalid verse range'. */
      reason: 'invalidBook' | 'invalidRange';
      /** The failing reference as typed. */
      part: string;
      /** 0-based position of the failing reference. */
      index: number;
    };

/**
 * Reads "Jn 3; Ps 23; Rom 8:1-17" in the reader's locale (English names are accepted too) into
 * passages with their display text and verse counts, or the parser's error naming the failing part.
 */
export function previewPassages(text: string, locale: Locale): PassagePreview {
  if (text.trim() === '') return { status: 'empty' };
  try {
    const ranges = parseList(text, locale);
    const passages = ranges.map((range) => ({ range, text: format(range, locale), verses: rangeCount(range) }));
    return {
      status: 'ok',
      passages,
      total: passages.reduce((sum, passage) => sum + passage.verses, 0),
      unique: uniqueCount(ranges),
    };
  } catch (error) {
    if (error instanceof ParseError) {
      return {
        status: 'error',
        reason: error.reason === ERR_INVALID_BOOK_NAME ? 'invalidBook' : 'invalidRange',
        part: error.text,
        index: error.index,
      };
    }
    if (error instanceof BibleError) {
      return { status: 'error', reason: error.reason === ERR_INVALID_BOOK_NAME ? 'invalidBook' : 'invalidRange', part: text.trim(), index: 0 };
    }
    throw error;
  }
}

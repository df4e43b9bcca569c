// The Bible kernel in the browser: the same data (modules/bible/data), rules and test vectors as
// the Go package modules/bible. Import it from lazy feature routes only, never from the entry chunk.
export {
  BOOK_COUNT,
  TOTAL_CHAPTERS,
  TOTAL_VERSES,
  OLD_TESTAMENT_VERSES,
  NEW_TESTAMENT_VERSES,
  books,
  bookById,
  bookByUsfm,
  versesInChapter,
  type Book,
} from './data';
export {
  locales,
  parseLocale,
  localeInfo,
  localeTag,
  chapterVerseSeparator,
  defaultVersionFor,
  type Locale,
  type LocaleInfo,
} from './locale';
export { bookName, bookAbbreviations } from './names';
export {
  FIRST_VERSE_ID,
  LAST_VERSE_ID,
  newVerseId,
  verseIdParts,
  verseIdBook,
  verseIdChapter,
  verseIdVerse,
  verseIndex,
  verseExists,
  verseAt,
  nextVerse,
  prevVerse,
  type VerseId,
  type VerseParts,
} from './verseId';
export {
  validateRange,
  validateSpan,
  rangeCount,
  rangeContains,
  rangesOverlap,
  rangeChapters,
  wholeBook,
  wholeChapter,
  wholeChapters,
  type VerseRange,
} from './ranges';
export {
  VerseSet,
  consolidate,
  uniqueCount,
  type Segment,
  type Progress,
  type BookReport,
  type Report,
} from './verseSet';
export { continueAfter } from './continueReading';
export { parse, parseList } from './parse';
export { format, formatList } from './display';
export {
  DEFAULT_APP,
  DEFAULT_VERSION,
  apps,
  parseApp,
  versions,
  versionsByLanguage,
  versionByCode,
  normalizeVersion,
  link,
  linkApp,
  type App,
  type AppInfo,
  type Version,
} from './links';
export {
  BibleError,
  ParseError,
  ERR_INVALID_BOOK_NAME,
  ERR_INVALID_VERSE_RANGE,
  ERR_START_AFTER_END,
  ERR_FIRST_AFTER_FINAL,
  ERR_NO_SUCH_VERSE,
  ERR_DIFFERENT_BOOKS,
  type BibleErrorReason,
} from './errors';

// Error messages of the Bible kernel. They are part of the product contract (shown to readers,
// matched by the API and the server) and equal the Go package's messages character for character.

export const ERR_INVALID_BOOK_NAME = 'Invalid book name';
export const ERR_INVALID_VERSE_RANGE = 'Invalid verse range';
export const ERR_START_AFTER_END = 'startVerseId must be before endVerseId';
export const ERR_FIRST_AFTER_FINAL = 'firstVerseId must be before finalVerseId';
export const ERR_NO_SUCH_VERSE = 'verse does not exist';
export const ERR_DIFFERENT_BOOKS = 'startVerseId and endVerseId must be in the same book';

export type BibleErrorReason =
  | typeof ERR_INVALID_BOOK_NAME
  | typeof ERR_INVALID_VERSE_RANGE
  | typeof ERR_START_AFTER_END
  | typeof ERR_FIRST_AFTER_FINAL
  | typeof ERR_NO_SUCH_VERSE
  | typeof ERR_DIFFERENT_BOOKS;

/**
 * An error of the Bible kernel. `reason` is always one of the contract messages above; `message`
 * equals it except where a detail is useful in logs ("endVerseId 101001032: verse does not exist").
 */
export class BibleError extends Error {
  readonly reason: BibleErrorReason;

  constructor(reason: BibleErrorReason, message: string = reason) {
    super(message);
    this.name = 'BibleError';
    this.reason = reason;
  }
}

/** The reference of a list that failed to parse: `index` is 0-based among the non-empty ones. */
export class ParseError extends BibleError {
  readonly index: number;
  readonly text: string;

  constructor(index: number, text: string, reason: BibleErrorReason) {
    super(reason, `reference ${index + 1} (${JSON.stringify(text)}): ${reason}`);
    this.name = 'ParseError';
    this.index = index;
    this.text = text;
  }
}

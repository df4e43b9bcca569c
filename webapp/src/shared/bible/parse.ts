// Reading references such as "John 3:16", "1 Cor. 2:3", "Acts 2 - 4" or German "1. Mose 1,1-10";
// docs/REFERENCES.md describes the notation.
import { BibleError, ERR_INVALID_BOOK_NAME, ERR_INVALID_VERSE_RANGE, ParseError } from './errors';
import { localeInfo, type Locale, type LocaleInfo } from './locale';
import { lookupBook } from './names';
import { validateRange, wholeBook, wholeChapters, type VerseRange } from './ranges';
import { isDash, isDigit, isLetter, isSpace, trim, trimLeft, trimRight } from './text';
import { newVerseId } from './verseId';

const SEMICOLON = 0x3b;
const COMMA = 0x2c;
const COLON = 0x3a;
const PERIOD = 0x2e;

const isSpaceOrPeriod = (c: number) => c === PERIOD || isSpace(c);

/**
 * Reads one reference. Numbers after the book are always chapters first, also in one-chapter
 * books: "Jude 1:3-8" is verses 3-8 and "Jude 2" is an invalid range. Throws a BibleError whose
 * message is exactly ERR_INVALID_BOOK_NAME or ERR_INVALID_VERSE_RANGE; a list is an invalid range.
 */
export function parse(text: string, locale: Locale): VerseRange {
  const items = splitItems(text).filter((item) => trim(item, isSpace) !== '');
  if (items.length === 0) throw new BibleError(ERR_INVALID_BOOK_NAME);
  if (items.length > 1) throw new BibleError(ERR_INVALID_VERSE_RANGE);
  const { ranges } = parseItem(items[0]!, locale, 0);
  if (ranges.length !== 1) throw new BibleError(ERR_INVALID_VERSE_RANGE);
  return ranges[0]!;
}

/**
 * Reads a list of references such as "Jn 3; Ps 23; Rom 8:1-17" and returns their ranges in the
 * order written, without merging them. ";" always separates references, "," does when a book
 * name follows; a reference without a book continues the previous book; a list separator of the
 * locale continues the same reference ("John 3:16, 18"). Empty references are skipped. Throws a
 * ParseError naming the failing reference.
 */
export function parseList(text: string, locale: Locale): VerseRange[] {
  const out: VerseRange[] = [];
  let book = 0;
  let n = 0;
  for (const raw of splitItems(text)) {
    const item = trim(raw, isSpace);
    if (item === '') continue;
    try {
      const parsed = parseItem(item, locale, book);
      out.push(...parsed.ranges);
      book = parsed.book;
    } catch (err) {
      if (err instanceof BibleError) throw new ParseError(n, item, err.reason);
      throw err;
    }
    n++;
  }
  if (n === 0) throw new ParseError(0, trim(text, isSpace), ERR_INVALID_BOOK_NAME);
  return out;
}

/** Cuts a list at every ";" and at every "," followed by a book name. */
function splitItems(text: string): string[] {
  const items: string[] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === SEMICOLON || (c === COMMA && startsWithBook(trimLeft(text.slice(i + 1), isSpace)))) {
      items.push(text.slice(start, i));
      start = i + 1;
    }
  }
  items.push(text.slice(start));
  return items;
}

/** Whether c can only belong to chapter and verse numbers. */
function isNumberSyntax(c: number): boolean {
  return isDigit(c) || c === COLON || c === COMMA || c === PERIOD || isDash(c);
}

function leadingDigits(s: string): number {
  let i = 0;
  while (i < s.length && isDigit(s.charCodeAt(i))) i++;
  return i;
}

/**
 * Whether s begins with a book name rather than numbers: a letter, or digits followed by a letter
 * ("1st", "1Cor"), by periods or spaces and a letter ("1 Cor", "2. Mose") or by a dash and a
 * letter ("1-е Коринтян").
 */
function startsWithBook(s: string): boolean {
  const lead = leadingDigits(s);
  if (lead === 0) return s !== '' && !isNumberSyntax(s.codePointAt(0)!);
  if (lead < s.length && isDash(s.charCodeAt(lead))) return isLetter(s.codePointAt(lead + 1));
  return isLetter(trimLeft(s.slice(lead), isSpaceOrPeriod).codePointAt(0));
}

/**
 * Where the book name of a reference ends: at the first digit, colon, comma or dash after its
 * leading digits (and a dash right after them, "1-е"). Periods stay with the name.
 */
function bookNameEnd(item: string): number {
  let lead = leadingDigits(item);
  if (lead > 0 && lead < item.length && isDash(item.charCodeAt(lead))) lead++;
  for (let i = lead; i < item.length; i++) {
    const c = item.charCodeAt(i);
    if (isDigit(c) || c === COLON || c === COMMA || isDash(c)) return i;
  }
  return item.length;
}

/** Parses one reference of a list; prevBook is the book a reference without a name continues. */
function parseItem(item: string, locale: Locale, prevBook: number): { ranges: VerseRange[]; book: number } {
  // A period ending the reference ends a sentence, not a number.
  item = trimLeft(trimRight(item, isSpaceOrPeriod), isSpace);
  let book = prevBook;
  let spec = item;
  if (startsWithBook(item)) {
    const end = bookNameEnd(item);
    const id = lookupBook(item.slice(0, end), locale);
    if (id === undefined) throw new BibleError(ERR_INVALID_BOOK_NAME);
    book = id;
    spec = item.slice(end);
  } else if (book === 0) {
    throw new BibleError(ERR_INVALID_BOOK_NAME);
  }
  return { ranges: parseNumbers(book, spec, localeInfo(locale)), book };
}

const NUMBER = 0;
const SEPARATOR = 1;
const DASH = 2;

/** A piece of the chapter-and-verse part: a number (capped at 1000), a separator or a dash. */
interface Token {
  kind: typeof NUMBER | typeof SEPARATOR | typeof DASH;
  n: number;
  sep: string;
}

function tokenize(spec: string): Token[] | undefined {
  const toks: Token[] = [];
  let inNumber = false;
  for (let i = 0; i < spec.length; i++) {
    const c = spec.charCodeAt(i);
    if (isDigit(c)) {
      if (!inNumber) toks.push({ kind: NUMBER, n: 0, sep: '' });
      const t = toks[toks.length - 1]!;
      t.n = Math.min(t.n * 10 + c - 0x30, 1000);
      inNumber = true;
      continue;
    }
    if (c === COLON || c === COMMA || c === PERIOD) toks.push({ kind: SEPARATOR, n: 0, sep: spec[i]! });
    else if (isDash(c)) toks.push({ kind: DASH, n: 0, sep: '' });
    else if (!isSpace(c)) return undefined;
    inNumber = false;
  }
  return toks;
}

/**
 * Reads the chapter and verse part of one reference, which may hold several parts joined by list
 * separators. A chapter-verse separator can only follow a number that may be a chapter, and once
 * one is used only that same character separates chapter from verse in the rest of the reference;
 * any other separator is a list separator if the locale allows it. So German "Joh 3,16-18.20" is
 * verses 16-18 and 20, while French "Jean 3.16-4.2" runs into chapter 4.
 */
function parseNumbers(book: number, spec: string, li: LocaleInfo): VerseRange[] {
  const toks = tokenize(spec);
  if (!toks) throw new BibleError(ERR_INVALID_VERSE_RANGE);
  if (toks.length === 0) return [wholeBook(book)!];
  let i = 0;
  const peek = (kind: Token['kind']): Token | undefined => (toks[i]?.kind === kind ? toks[i] : undefined);
  const number = (): number => {
    const t = peek(NUMBER);
    if (!t) throw new BibleError(ERR_INVALID_VERSE_RANGE);
    i++;
    return t.n;
  };
  const out: VerseRange[] = [];
  let cv = ''; // the chapter-verse separator in use, '' until one is seen
  let listSep = ''; // the separator that began the current part, '' for the first
  let verseCtx = false; // the previous part ended on a verse: bare numbers are verses
  let ctxChapter = 0; // the chapter the previous part ended in
  const isCV = (t: Token) => li.chapterVerseSeparators.includes(t.sep) && (cv === '' || t.sep === cv);
  for (;;) {
    const first = number();
    let sc: number;
    let sv = 0;
    let verse = false;
    // A part continuing a verse list with the very character that separates chapter from verse
    // ("3,16,18") cannot change chapter.
    const canChangeChapter = !verseCtx || listSep !== cv;
    const sep = peek(SEPARATOR);
    if (sep && isCV(sep) && canChangeChapter) {
      i++;
      sv = number();
      sc = first;
      verse = true;
      cv = sep.sep;
    } else if (verseCtx) {
      sc = ctxChapter;
      sv = first;
      verse = true;
    } else {
      sc = first;
    }
    let ec = sc;
    let ev = sv;
    if (peek(DASH)) {
      i++;
      const second = number();
      const t = peek(SEPARATOR);
      if (!verse) {
        ec = second;
      } else if (t && t.sep === cv) {
        i++;
        ev = number();
        ec = second;
      } else {
        ev = second;
      }
    }
    const r = verse ? versesToRange(book, sc, sv, ec, ev) : wholeChapters(book, sc, ec);
    if (!r) throw new BibleError(ERR_INVALID_VERSE_RANGE);
    out.push(r);
    if (i === toks.length) return out;
    const t = peek(SEPARATOR);
    if (!t || !li.listSeparators.includes(t.sep)) throw new BibleError(ERR_INVALID_VERSE_RANGE);
    i++;
    listSep = t.sep;
    verseCtx = verse;
    ctxChapter = ec;
  }
}

/** The range sc:sv-ec:ev when it exists and is in order (numbers are capped, so never aliased). */
function versesToRange(book: number, sc: number, sv: number, ec: number, ev: number): VerseRange | undefined {
  const r = { startVerseId: newVerseId(book, sc, sv), endVerseId: newVerseId(book, ec, ev) };
  return validateRange(r) ? undefined : r;
}

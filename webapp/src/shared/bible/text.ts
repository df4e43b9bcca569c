// Character classes and matching keys, computed exactly as the Go kernel computes them (one code
// point at a time, simple case mapping), so that both sides accept the same spellings.

const ZERO_WIDTH_SPACE = 0x200b;
const BYTE_ORDER_MARK = 0xfeff;

/** Unicode White_Space, as Go's unicode.IsSpace. */
export function isUnicodeSpace(c: number): boolean {
  if (c <= 0xff) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0;
  return (
    c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000
  );
}

/** White_Space plus the zero-width characters copy-and-paste leaves behind. */
export function isSpace(c: number): boolean {
  return isUnicodeSpace(c) || c === ZERO_WIDTH_SPACE || c === BYTE_ORDER_MARK;
}

/** The dashes accepted between the two ends of a range. */
export function isDash(c: number): boolean {
  return (
    c === 0x2d || (c >= 0x2010 && c <= 0x2015) || c === 0x2212 || c === 0x2e3a || c === 0x2e3b || c === 0xfe58 || c === 0xfe63 || c === 0xff0d
  );
}

export function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

const LETTER = /^\p{L}$/u;

/** Whether the code point (undefined at the end of a string) is a letter. */
export function isLetter(c: number | undefined): boolean {
  return c !== undefined && LETTER.test(String.fromCodePoint(c));
}

// Period and apostrophes carry no meaning in a book name.
const IGNORED = new Set([0x2e, 0x27, 0x2019, 0x2018, 0x2bc, 0x60, 0xb4, 0x2032]);

function isIgnored(c: number): boolean {
  return IGNORED.has(c) || isSpace(c);
}

// All predicates below match BMP characters only, so trimming by UTF-16 code unit is exact.
export function trimLeft(s: string, pred: (c: number) => boolean): string {
  let i = 0;
  while (i < s.length && pred(s.charCodeAt(i))) i++;
  return s.slice(i);
}

export function trimRight(s: string, pred: (c: number) => boolean): string {
  let i = s.length;
  while (i > 0 && pred(s.charCodeAt(i - 1))) i--;
  return s.slice(0, i);
}

export function trim(s: string, pred: (c: number) => boolean): string {
  return trimLeft(trimRight(s, pred), pred);
}

/** Go's strings.TrimSpace. */
export function trimSpace(s: string): string {
  return trim(s, isUnicodeSpace);
}

/** Lower-cases one code point with the simple mapping (İ becomes i, not i + dot). */
function lowerRune(ch: string): string {
  return ch === '\u0130' ? 'i' : ch.toLowerCase();
}

/** Simple per-code-point case mapping, as Go's strings.ToLower / strings.ToUpper. */
export function toLower(s: string): string {
  let out = '';
  for (const ch of s) out += lowerRune(ch);
  return out;
}

export function toUpper(s: string): string {
  let out = '';
  for (const ch of s) {
    const up = ch.toUpperCase();
    out += up.length === ch.length ? up : ch;
  }
  return out;
}

/** Simple case folding, enough for Go's strings.EqualFold on version codes. */
export function equalFold(a: string, b: string): boolean {
  return toLower(toUpper(a)) === toLower(toUpper(b));
}

/** Replaces every accepted dash with "-". */
export function normalizeDashes(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += isDash(s.charCodeAt(i)) ? '-' : s[i];
  return out;
}

// Canonical decomposition is applied to the Latin-1 Supplement, Latin Extended-A, -B and
// Additional and Cyrillic blocks only, one character at a time, like the Go kernel's table.
function decomposes(c: number): boolean {
  return (c >= 0xc0 && c <= 0x24f) || (c >= 0x1e00 && c <= 0x1eff) || (c >= 0x400 && c <= 0x4ff);
}

const CYRILLIC = /\p{Script=Cyrillic}/u;

/**
 * The exact matching key of a name: lower case, decomposed, without whitespace, periods and
 * apostrophes. Latin "i" in text with Cyrillic letters is read as Ukrainian "і".
 */
export function exactKey(s: string): string {
  let out = '';
  for (const ch of s) {
    if (isIgnored(ch.codePointAt(0)!)) continue;
    const lower = lowerRune(ch);
    out += decomposes(lower.codePointAt(0)!) ? lower.normalize('NFD') : lower;
  }
  return CYRILLIC.test(s) ? out.replaceAll('i', 'і') : out;
}

const NONSPACING_MARK = /\p{Mn}/gu;

/** The folded key: the exact key without nonspacing marks, so "genesis" finds "génesis". */
export function foldKey(exact: string): string {
  return exact.replace(NONSPACING_MARK, '');
}

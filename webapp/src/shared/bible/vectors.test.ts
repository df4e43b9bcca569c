// Runs every case of every shared vector file in modules/bible/testdata against this port, so that
// the Go kernel and the web app cannot drift apart.
import { describe, expect, it } from 'vitest';
import {
  BibleError,
  consolidate,
  defaultVersionFor,
  format,
  link,
  newVerseId,
  nextVerse,
  parse,
  parseApp,
  parseList,
  ParseError,
  prevVerse,
  rangeChapters,
  rangeCount,
  rangesOverlap,
  uniqueCount,
  validateRange,
  validateSpan,
  verseExists,
  verseIdParts,
  VerseSet,
  type Locale,
  type Progress,
  type Segment,
  type VerseRange,
} from './index';

const files = import.meta.glob<unknown>('../../../../modules/bible/testdata/*.json', { eager: true, import: 'default' });

function vectors<T>(name: string): T {
  const key = Object.keys(files).find((path) => path.endsWith(`/testdata/${name}`));
  if (!key) throw new Error(`vector file ${name} not found`);
  return files[key] as T;
}

/** The error a call throws, or its value. */
function attempt<T>(fn: () => T): { value?: T; error?: unknown } {
  try {
    return { value: fn() };
  } catch (error) {
    return { error };
  }
}

const show = (v: unknown) => JSON.stringify(v);

// Contract messages are compared exactly; "verse does not exist" stands for any nonexistent end,
// whose message also names the end.
function errorMatches(err: BibleError | null | undefined, want: string | null): boolean {
  if (want === null) return err === null || err === undefined;
  if (!(err instanceof BibleError) || err.reason !== want) return false;
  return want === 'verse does not exist' || err.message === want;
}

describe('test vectors', () => {
  it('covers every vector file', () => {
    const names = Object.keys(files)
      .map((path) => path.slice(path.lastIndexOf('/') + 1))
      .sort();
    expect(names).toEqual([
      'display.json',
      'links.json',
      'parse.json',
      'parse_list.json',
      'progress.json',
      'ranges.json',
      'segments.json',
      'verses.json',
    ]);
  });

  it('parse.json', () => {
    const { cases } = vectors<{
      cases: { locale: Locale; input: string; ranges?: VerseRange[]; error?: string }[];
    }>('parse.json');
    const failures: string[] = [];
    for (const c of cases) {
      const got = attempt(() => parse(c.input, c.locale));
      const ok =
        c.error !== undefined
          ? got.error instanceof BibleError && got.error.message === c.error && got.error.reason === c.error
          : got.error === undefined && c.ranges?.length === 1 && show(got.value) === show(c.ranges[0]);
      if (!ok) failures.push(`parse(${show(c.input)}, ${c.locale}) = ${show(got.value)} ${String(got.error)}; want ${show(c.ranges ?? c.error)}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(800);
  });

  it('parse_list.json', () => {
    const { cases } = vectors<{
      cases: { locale: Locale; input: string; ranges?: VerseRange[]; error?: string; errorIndex?: number }[];
    }>('parse_list.json');
    const failures: string[] = [];
    for (const c of cases) {
      const got = attempt(() => parseList(c.input, c.locale));
      const ok =
        c.error !== undefined
          ? got.error instanceof ParseError && got.error.reason === c.error && got.error.index === c.errorIndex
          : got.error === undefined && show(got.value) === show(c.ranges);
      if (!ok) failures.push(`parseList(${show(c.input)}, ${c.locale}) = ${show(got.value)} ${String(got.error)}; want ${show(c.ranges ?? [c.error, c.errorIndex])}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(70);
  });

  it('display.json', () => {
    const { cases } = vectors<{ cases: { locale: Locale; range: VerseRange; text: string }[] }>('display.json');
    const failures: string[] = [];
    for (const c of cases) {
      const text = attempt(() => format(c.range, c.locale));
      if (text.value !== c.text) failures.push(`format(${show(c.range)}, ${c.locale}) = ${show(text.value)} ${String(text.error)}; want ${show(c.text)}`);
      const back = attempt(() => parse(c.text, c.locale));
      if (show(back.value) !== show(c.range)) failures.push(`parse(${show(c.text)}, ${c.locale}) = ${show(back.value)} ${String(back.error)}; want ${show(c.range)}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(1000);
  });

  it('verses.json', () => {
    const v = vectors<{
      encode: { book: number; chapter: number; verse: number; verseId: number }[];
      exists: { verseId: number; exists: boolean }[];
      next: { verseId: number; next: number | null }[];
      prev: { verseId: number; prev: number | null }[];
    }>('verses.json');
    const failures: string[] = [];
    for (const c of v.encode) {
      if (newVerseId(c.book, c.chapter, c.verse) !== c.verseId) failures.push(`newVerseId(${c.book}, ${c.chapter}, ${c.verse})`);
      if (show(verseIdParts(c.verseId)) !== show({ book: c.book, chapter: c.chapter, verse: c.verse })) failures.push(`verseIdParts(${c.verseId})`);
    }
    for (const c of v.exists) if (verseExists(c.verseId) !== c.exists) failures.push(`verseExists(${c.verseId})`);
    for (const c of v.next) if ((nextVerse(c.verseId) ?? null) !== c.next) failures.push(`nextVerse(${c.verseId}) = ${nextVerse(c.verseId)}`);
    for (const c of v.prev) if ((prevVerse(c.verseId) ?? null) !== c.prev) failures.push(`prevVerse(${c.verseId}) = ${prevVerse(c.verseId)}`);
    expect(failures).toEqual([]);
    expect(v.encode.length * v.exists.length * v.next.length * v.prev.length).toBeGreaterThan(0);
  });

  it('ranges.json', () => {
    const v = vectors<{
      validate: { range: VerseRange; error: string | null }[];
      validateSpan: { first: number; final: number; error: string | null }[];
      count: { range: VerseRange; count: number }[];
      uniqueCount: { ranges: VerseRange[]; count: number }[];
      consolidate: { ranges: VerseRange[]; expected: VerseRange[] | null }[];
      overlaps: { a: VerseRange; b: VerseRange; overlaps: boolean }[];
      chapters: { range: VerseRange; expected: VerseRange[] | null }[];
    }>('ranges.json');
    const failures: string[] = [];
    for (const c of v.validate) {
      const err = validateRange(c.range);
      if (!errorMatches(err, c.error)) failures.push(`validateRange(${show(c.range)}) = ${String(err)}; want ${c.error}`);
    }
    for (const c of v.validateSpan) {
      const err = validateSpan(c.first, c.final);
      if (!errorMatches(err, c.error)) failures.push(`validateSpan(${c.first}, ${c.final}) = ${String(err)}; want ${c.error}`);
    }
    for (const c of v.count) if (rangeCount(c.range) !== c.count) failures.push(`rangeCount(${show(c.range)}) = ${rangeCount(c.range)}`);
    for (const c of v.uniqueCount) if (uniqueCount(c.ranges) !== c.count) failures.push(`uniqueCount(${show(c.ranges)}) = ${uniqueCount(c.ranges)}`);
    for (const c of v.consolidate) {
      const got = consolidate(c.ranges);
      if (show(got) !== show(c.expected ?? [])) failures.push(`consolidate(${show(c.ranges)}) = ${show(got)}`);
    }
    for (const c of v.overlaps) if (rangesOverlap(c.a, c.b) !== c.overlaps) failures.push(`rangesOverlap(${show(c.a)}, ${show(c.b)})`);
    for (const c of v.chapters) {
      const got = rangeChapters(c.range);
      if (show(got) !== show(c.expected ?? [])) failures.push(`rangeChapters(${show(c.range)}) = ${show(got)}`);
    }
    expect(failures).toEqual([]);
  });

  it('segments.json', () => {
    const { cases } = vectors<{
      cases: {
        read: VerseRange[];
        span: { book?: number; chapter?: number; first?: number; final?: number };
        expected?: Segment[];
        error?: string;
      }[];
    }>('segments.json');
    const failures: string[] = [];
    for (const c of cases) {
      const set = new VerseSet(c.read);
      const { book, chapter, first, final } = c.span;
      const got = attempt(() => {
        if (chapter !== undefined) return set.chapterSegments(book!, chapter);
        if (book !== undefined) return set.bookSegments(book);
        return set.segments(first!, final!);
      });
      const ok =
        c.error !== undefined
          ? got.error instanceof BibleError && errorMatches(got.error, c.error)
          : got.error === undefined && show(got.value) === show(c.expected);
      if (!ok) failures.push(`segments ${show(c.span)} of ${show(c.read)} = ${show(got.value)} ${String(got.error)}`);
    }
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(30);
  });

  it('progress.json', () => {
    const { cases } = vectors<{
      cases: {
        read: VerseRange[];
        bible: Progress;
        oldTestament: Progress;
        newTestament: Progress;
        books: { book: number; progress: Progress }[];
        chapters: { book: number; chapter: number; progress: Progress }[];
      }[];
    }>('progress.json');
    const failures: string[] = [];
    cases.forEach((c, i) => {
      const set = new VerseSet(c.read);
      const report = set.report();
      const check = (what: string, got: Progress | undefined, want: Progress) => {
        if (show(got) !== show(want)) failures.push(`case ${i} ${what} = ${show(got)}; want ${show(want)}`);
      };
      check('bibleProgress', set.bibleProgress(), c.bible);
      check('report.bible', report.bible, c.bible);
      check('testamentProgress(false)', set.testamentProgress(false), c.oldTestament);
      check('report.oldTestament', report.oldTestament, c.oldTestament);
      check('testamentProgress(true)', set.testamentProgress(true), c.newTestament);
      check('report.newTestament', report.newTestament, c.newTestament);
      for (const b of c.books) {
        check(`bookProgress(${b.book})`, set.bookProgress(b.book), b.progress);
        check(`report book ${b.book}`, report.books[b.book - 1]?.progress, b.progress);
      }
      for (const ch of c.chapters) {
        check(`chapterProgress(${ch.book}, ${ch.chapter})`, set.chapterProgress(ch.book, ch.chapter), ch.progress);
        check(`report chapter ${ch.book}:${ch.chapter}`, report.books[ch.book - 1]?.chapters[ch.chapter - 1], ch.progress);
      }
    });
    expect(failures).toEqual([]);
    expect(cases.length).toBeGreaterThan(10);
  });

  it('links.json', () => {
    const v = vectors<{
      defaultVersions: Record<Locale, string>;
      cases: { app: string; version: string; range: VerseRange; url: string }[];
    }>('links.json');
    const failures: string[] = [];
    for (const [locale, version] of Object.entries(v.defaultVersions) as [Locale, string][]) {
      if (defaultVersionFor(locale) !== version) failures.push(`defaultVersionFor(${locale}) = ${defaultVersionFor(locale)}`);
    }
    for (const c of v.cases) {
      for (const app of [c.app, parseApp(c.app)]) {
        const got = attempt(() => link(app, c.version, c.range));
        if (got.value !== c.url) failures.push(`link(${show(app)}, ${show(c.version)}, ${show(c.range)}) = ${show(got.value)} ${String(got.error)}; want ${c.url}`);
      }
    }
    expect(failures).toEqual([]);
    expect(Object.keys(v.defaultVersions)).toHaveLength(6);
    expect(v.cases.length).toBeGreaterThan(150);
  });
});

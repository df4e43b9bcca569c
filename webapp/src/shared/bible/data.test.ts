import { describe, expect, it } from 'vitest';
import {
  apps,
  bookAbbreviations,
  bookById,
  bookByUsfm,
  bookName,
  books,
  chapterVerseSeparator,
  DEFAULT_APP,
  DEFAULT_VERSION,
  FIRST_VERSE_ID,
  LAST_VERSE_ID,
  localeTag,
  locales,
  NEW_TESTAMENT_VERSES,
  nextVerse,
  normalizeVersion,
  OLD_TESTAMENT_VERSES,
  parse,
  parseApp,
  parseLocale,
  prevVerse,
  TOTAL_CHAPTERS,
  TOTAL_VERSES,
  verseAt,
  verseIndex,
  versesInChapter,
  versionByCode,
  versions,
  wholeBook,
  wholeChapter,
  type Locale,
} from './index';

const sum = (ns: readonly number[]) => ns.reduce((a, b) => a + b, 0);

describe('book data', () => {
  it('has the standard English versification', () => {
    const all = books();
    expect(all).toHaveLength(66);
    expect(all.filter((b) => !b.newTestament)).toHaveLength(39);
    expect(all.filter((b) => b.newTestament)).toHaveLength(27);
    expect(all.map((b) => b.id)).toEqual(Array.from({ length: 66 }, (_, i) => i + 1));
    expect(sum(all.map((b) => b.chapterCount))).toBe(1189);
    expect(TOTAL_CHAPTERS).toBe(1189);
    expect(sum(all.map((b) => b.totalVerses))).toBe(31102);
    expect(TOTAL_VERSES).toBe(31102);
    expect(sum(all.filter((b) => !b.newTestament).map((b) => b.totalVerses))).toBe(23145);
    expect(OLD_TESTAMENT_VERSES).toBe(23145);
    expect(sum(all.filter((b) => b.newTestament).map((b) => b.totalVerses))).toBe(7957);
    expect(NEW_TESTAMENT_VERSES).toBe(7957);
    for (const b of all) {
      expect(b.verses).toHaveLength(b.chapterCount);
      expect(sum(b.verses)).toBe(b.totalVerses);
      expect(b.testamentOrder).toBe(b.newTestament ? b.id - 39 : b.id);
    }
  });

  it('knows individual counts', () => {
    expect(versesInChapter(19, 119)).toBe(176);
    expect(bookByUsfm('PSA')?.chapterCount).toBe(150);
    expect(versesInChapter(19, 151)).toBe(0);
    expect(versesInChapter(19, 0)).toBe(0);
    expect(versesInChapter(67, 1)).toBe(0);
    expect(bookById(1)?.usfm).toBe('GEN');
    expect(bookById(66)?.blb).toBe('Rev');
    expect(bookById(0)).toBeUndefined();
    expect(bookById(1.5)).toBeUndefined();
    expect(bookByUsfm(' jhn ')?.id).toBe(43);
    expect(bookByUsfm('XYZ')).toBeUndefined();
    expect(Object.isFrozen(books()[0])).toBe(true);
  });

  it('names every book in all seven locales, and parses every name and abbreviation', () => {
    expect(locales()).toEqual(['en', 'de', 'es', 'fr', 'pt', 'uk', 'ko']);
    const roman: Record<string, string> = { '1': 'I', '2': 'II', '3': 'III' };
    const failures: string[] = [];
    for (const locale of locales()) {
      for (const b of books()) {
        const whole = wholeBook(b.id)!;
        const ch1 = wholeChapter(b.id, 1)!;
        const v1 = { startVerseId: whole.startVerseId, endVerseId: whole.startVerseId };
        const name = bookName(b.id, locale);
        if (!name) failures.push(`${b.usfm} has no ${locale} name`);
        for (const s of [name, ...bookAbbreviations(b.id, locale)]) {
          const forms: [string, unknown][] = [
            [s, whole],
            [s.toUpperCase(), whole],
            [s.toLowerCase(), whole],
            [`${s}.`, whole],
            [`${s} 1`, ch1],
            [`${s}. 1`, ch1],
            [`${s}1`, ch1],
            [`  ${s}  1 `, ch1],
            [`${s} 1:1`, v1],
          ];
          if (/^[1-3]/.test(s)) {
            const rest = s.slice(1).replace(/^[. ]+/, '');
            forms.push([`${s[0]}${rest} 1`, ch1], [`${roman[s[0]!]} ${rest} 1`, ch1]);
          }
          for (const [input, want] of forms) {
            let got: unknown;
            try {
              got = parse(input, locale);
            } catch (err) {
              got = String(err);
            }
            if (JSON.stringify(got) !== JSON.stringify(want)) failures.push(`parse(${JSON.stringify(input)}, ${locale}) = ${JSON.stringify(got)}`);
          }
        }
        // English names work in every locale.
        const english = `${bookName(b.id, 'en')} 1`;
        if (JSON.stringify(parse(english, locale)) !== JSON.stringify(ch1)) failures.push(`parse(${english}, ${locale})`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('has the locale conventions', () => {
    expect(parseLocale('de')).toBe('de');
    expect(parseLocale(' de-DE ')).toBe('de');
    expect(parseLocale('pt_BR')).toBe('pt');
    expect(parseLocale('UK')).toBe('uk');
    expect(parseLocale('ru')).toBeUndefined();
    expect(parseLocale('')).toBeUndefined();
    expect(localeTag('de')).toBe('de-DE');
    expect(locales().map(chapterVerseSeparator)).toEqual([':', ',', ':', '.', ':', ':', ':']);
    // An unknown locale behaves as English.
    const unknown = 'xx' as Locale;
    expect(chapterVerseSeparator(unknown)).toBe(':');
    expect(bookName(43, unknown)).toBe('John');
  });

  it('has the versions and apps', () => {
    expect(versions().map((v) => v.code)).toContain(DEFAULT_VERSION);
    expect(versionByCode(' nasb2020 ')?.bibleGateway).toBe('NASB');
    expect(versionByCode('XYZ')).toBeUndefined();
    expect(normalizeVersion('kjv')).toBe('KJV');
    expect(normalizeVersion('')).toBe('NASB2020');
    const all = apps();
    expect(all.filter((a) => a.default).map((a) => a.id)).toEqual([DEFAULT_APP]);
    expect(all.filter((a) => a.androidDefault).map((a) => a.id)).toEqual(['youversion']);
    expect(Object.keys(all[0]!).sort()).toEqual(['androidDefault', 'default', 'id', 'name']);
    expect(parseApp(' BibleCom ')).toBe('bible.com');
    expect(parseApp('blb')).toBe('blueletterbible');
    expect(parseApp('nope')).toBe('biblegateway');
  });
});

describe('verse ids', () => {
  it('visits exactly 31,102 verses from Genesis 1:1 with nextVerse, and back with prevVerse', () => {
    let count = 0;
    let last = FIRST_VERSE_ID;
    for (let v: number | undefined = FIRST_VERSE_ID; v !== undefined; v = nextVerse(v)) {
      if (verseIndex(v) !== count || verseAt(count) !== v || v < last) throw new Error(`verse ${v} at step ${count}`);
      last = v;
      count++;
    }
    expect(count).toBe(31102);
    expect(last).toBe(LAST_VERSE_ID);
    let back = 0;
    for (let v: number | undefined = LAST_VERSE_ID; v !== undefined; v = prevVerse(v)) back++;
    expect(back).toBe(31102);
  });

  it('rejects ids that are not verses', () => {
    for (const v of [0, -1, 101001000, 101000001, 101051001, 119119177, 166022022, 167001001, 101001001.5, Number.NaN]) {
      expect(verseIndex(v)).toBeUndefined();
      expect(nextVerse(v)).toBeUndefined();
    }
    expect(verseAt(-1)).toBeUndefined();
    expect(verseAt(31102)).toBeUndefined();
  });
});

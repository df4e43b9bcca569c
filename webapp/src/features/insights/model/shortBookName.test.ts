import { describe, expect, it } from 'vitest';
import { bookName } from '@/shared/bible';
import { LOCALES } from '@/shared/i18n';
import { shortBookName } from './shortBookName';

describe('shortBookName', () => {
  it('keeps short names and shortens long ones to an abbreviation like the name', () => {
    expect(shortBookName(43, 'en')).toBeUndefined(); // John
    expect(shortBookName(53, 'en')).toBe('2 Thess');
    expect(shortBookName(44, 'de')).toBe('Apg');
    expect(shortBookName(5, 'uk')).toBe('Повт');
    expect(shortBookName(9, 'uk')).toBe('1 Сам');
  });

  it('gives every book in every language a name of at most nine characters', () => {
    for (const locale of LOCALES) {
      for (let book = 1; book <= 66; book++) {
        const shown = shortBookName(book, locale) ?? bookName(book, locale);
        expect(shown.length, `${locale} ${book}: ${shown}`).toBeLessThanOrEqual(9);
      }
    }
  });
});

import { bookAbbreviations, bookName, type Locale } from '@/shared/bible';

const LONGEST_NAME = 9;
const LONGEST_SHORT = 7;

/**
 * A book's name short enough for a phone's table column: the name itself when it is short, else
 * the longest of the locale's abbreviations that fits, preferring one that starts like the name
 * ("1 Thessalonians" -> "1 Thess", "Повторення Закону" -> "Повт"). Undefined when the name is kept.
 */
export function shortBookName(book: number, locale: Locale): string | undefined {
  const name = bookName(book, locale);
  if (name.length <= LONGEST_NAME) return undefined;
  const fitting = bookAbbreviations(book, locale).filter((a) => a.length <= LONGEST_SHORT);
  const alike = fitting.filter((a) => a.slice(0, 3).toLocaleLowerCase(locale) === name.slice(0, 3).toLocaleLowerCase(locale));
  const pick = (list: string[]) => list.reduce<string | undefined>((best, a) => (!best || a.length > best.length ? a : best), undefined);
  return pick(alike) ?? pick(fitting);
}

import { bookById, bookByUsfm, type Book } from '@/shared/bible';

/** The book a /books/{book} URL names: its number (1-66) or its USFM code ("GEN", "1co"). */
export function bookFromParam(param: string | undefined): Book | undefined {
  if (!param) return undefined;
  if (/^\d{1,2}$/.test(param)) return bookById(Number(param));
  return /^[1-3]?[a-z]{2,3}$/i.test(param) ? bookByUsfm(param) : undefined;
}

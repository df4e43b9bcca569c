// Calendar dates as the API writes them (YYYY-MM-DD), with day arithmetic in UTC so that
// daylight-saving changes never shift a day.

/** A calendar date, "2026-11-22". */
export type IsoDate = string;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Milliseconds since the epoch of the date's midnight UTC; NaN for anything but a real date. */
export function dateToUtc(date: IsoDate): number {
  const m = ISO_DATE.exec(date);
  if (!m) return NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Date(ms).toISOString().slice(0, 10) === date ? ms : NaN;
}

/** Whether the text is a real calendar date in the form YYYY-MM-DD. */
export function isIsoDate(text: string): boolean {
  return !Number.isNaN(dateToUtc(text));
}

/** The date n days after (or, for negative n, before) the given date. */
export function addDays(date: IsoDate, n: number): IsoDate {
  return new Date(dateToUtc(date) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from a to b: 1 from today to tomorrow, negative when b comes first. */
export function daysBetween(a: IsoDate, b: IsoDate): number {
  return Math.round((dateToUtc(b) - dateToUtc(a)) / DAY_MS);
}

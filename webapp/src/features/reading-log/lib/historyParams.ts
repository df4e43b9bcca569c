import type { VerseRange } from '@/shared/bible';
import { isIsoDate } from './dates';
import { PAGE_SIZES, type HistoryFilter, type HistoryOrder, type PageSize } from './history';

/** The history's options as kept in the URL (/log?order=oldest&size=50&page=3&from=...&to=...&passage=101001001-101001031). */
export interface HistoryParams extends HistoryFilter {
  order: HistoryOrder;
  size: PageSize;
  page: number;
}

export const DEFAULT_SIZE: PageSize = 20;

function parsePassage(value: string | null): VerseRange | undefined {
  const match = value ? /^(\d{9})(?:-(\d{9}))?$/.exec(value) : null;
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Number(match[2] ?? match[1]);
  return start <= end ? { startVerseId: start, endVerseId: end } : undefined;
}

/** Reads the options, ignoring values that make no sense (a stale or hand-edited URL). */
export function readHistoryParams(search: URLSearchParams): HistoryParams {
  const size = Number(search.get('size'));
  const page = Number(search.get('page'));
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  return {
    order: search.get('order') === 'oldest' ? 'oldest' : 'newest',
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_SIZE,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    from: isIsoDate(from) ? from : undefined,
    to: isIsoDate(to) ? to : undefined,
    passage: parsePassage(search.get('passage')),
  };
}

/** The query string for the options, defaults left out. */
export function historySearch(params: HistoryParams): string {
  const search = new URLSearchParams();
  if (params.passage) search.set('passage', `${params.passage.startVerseId}-${params.passage.endVerseId}`);
  if (params.from) search.set('from', params.from);
  if (params.to) search.set('to', params.to);
  if (params.order !== 'newest') search.set('order', params.order);
  if (params.size !== DEFAULT_SIZE) search.set('size', String(params.size));
  if (params.page > 1) search.set('page', String(params.page));
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** How many filters are on (the phone's badge). */
export function activeFilters(params: HistoryFilter): number {
  return [params.passage, params.from, params.to].filter((value) => value !== undefined).length;
}

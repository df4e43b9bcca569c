import type { VerseRange } from '@/shared/bible';

/** The notes list filtered to notes on a passage (app path, without locale prefix). */
export function notesPath(range: VerseRange): string {
  const params = new URLSearchParams({
    filterPassageStartVerseId: String(range.startVerseId),
    filterPassageEndVerseId: String(range.endVerseId),
  });
  return `/notes?${params.toString()}`;
}

// Links into /notes from other screens (app paths, without locale prefix). The notes feature reads
// the same parameters: the filter ones are its query's, compose opens its editor.

interface Range {
  startVerseId: number;
  endVerseId: number;
}

/** The notes list filtered to notes touching a passage. */
export function notesOnPassagePath(range: Range): string {
  const params = new URLSearchParams({
    filterPassageStartVerseId: String(range.startVerseId),
    filterPassageEndVerseId: String(range.endVerseId),
  });
  return `/notes?${params.toString()}`;
}

/** The note editor, opened on these passages: /notes?compose=101001001-101001031,... */
export function composeNotePath(ranges: readonly Range[]): string {
  const value = ranges.map((r) => (r.startVerseId === r.endVerseId ? `${r.startVerseId}` : `${r.startVerseId}-${r.endVerseId}`)).join(',');
  return `/notes?${new URLSearchParams({ compose: value }).toString()}`;
}

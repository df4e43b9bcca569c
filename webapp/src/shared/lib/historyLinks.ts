// Links into /log (the reading history) from other screens. The reading-log feature reads the same
// parameter: passage=<startVerseId>-<endVerseId> shows the entries overlapping the passage.

interface Range {
  startVerseId: number;
  endVerseId: number;
}

/** The reading history filtered to entries overlapping a passage. */
export function historyOfPassagePath(range: Range): string {
  return `/log?${new URLSearchParams({ passage: `${range.startVerseId}-${range.endVerseId}` }).toString()}`;
}

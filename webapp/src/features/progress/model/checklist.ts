// What tapping a chapter on the checklist does.
import type { VerseRange } from '@/shared/bible';
import type { LogEntry } from '@/shared/reader';

export type ChecklistAction =
  | { kind: 'log'; range: VerseRange }
  | { kind: 'remove'; entry: LogEntry }
  | { kind: 'explain' };

/**
 * The checklist cell toggles the reader's own "whole chapter today" entry:
 * - an entry dated today covering exactly the whole chapter is removed;
 * - otherwise a chapter not read completely is logged as read today (whole chapter);
 * - otherwise the chapter was completed by earlier entries, which are changed on the calendar.
 */
export function checklistAction({
  chapter,
  complete,
  today,
  entriesToday,
}: {
  chapter: VerseRange;
  complete: boolean;
  today: string;
  entriesToday: readonly LogEntry[];
}): ChecklistAction {
  const own = entriesToday.find(
    (e) => e.date === today && e.startVerseId === chapter.startVerseId && e.endVerseId === chapter.endVerseId,
  );
  if (own) return { kind: 'remove', entry: own };
  if (!complete) return { kind: 'log', range: chapter };
  return { kind: 'explain' };
}

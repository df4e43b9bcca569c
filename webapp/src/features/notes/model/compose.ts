// Links from other screens that open the editor: /notes?compose=<start>-<end>[,<start>-<end>...]
// with verse ids (language-neutral), or /notes?compose for an empty note.
import { validateRange, type VerseRange } from '@/shared/bible';

export const COMPOSE_PARAM = 'compose';

/** The passages a compose link carries; ranges that are not valid are left out. */
export function composePassages(value: string): VerseRange[] {
  const out: VerseRange[] = [];
  for (const part of value.split(',')) {
    const match = /^\s*(\d{9})(?:-(\d{9}))?\s*$/.exec(part);
    if (!match) continue;
    const range = { startVerseId: Number(match[1]), endVerseId: Number(match[2] ?? match[1]) };
    if (validateRange(range) === null) out.push(range);
  }
  return out;
}

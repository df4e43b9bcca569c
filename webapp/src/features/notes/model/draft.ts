// The note editor's draft and the server's rules for it (modules/notes: content of at most 3,000
// characters, content or at least one passage).
import type { Locale, VerseRange } from '@/shared/bible';
import type { PassageNoteDraft } from '../api';
import { parseMany, type PassageProblem } from './passages';

export const MAX_CONTENT_LENGTH = 3000;

export interface NoteDraft {
  content: string;
  /** Passages as typed or picked: "Gen 1; Ps 23:1-4". */
  passagesText: string;
  tags: string[];
}

export interface DraftErrors {
  content?: 'required' | 'tooLong';
  passages?: PassageProblem;
}

export type DraftCheck = { ok: true; payload: PassageNoteDraft } | { ok: false; errors: DraftErrors };

/**
 * Content as the server keeps it: blank lines around it and trailing spaces dropped. Its length is
 * counted in characters (code points), as the server counts.
 */
export function storedContent(content: string): string {
  return content
    .split('\n')
    .map((line) => line.replace(/[ \t\r]+$/, ''))
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

export function contentLength(content: string): number {
  return [...storedContent(content)].length;
}

/** Checks a draft like the server does and builds the request body. */
export function checkDraft(draft: NoteDraft, locale: Locale): DraftCheck {
  const errors: DraftErrors = {};
  const parsed = parseMany(draft.passagesText, locale);
  const passages: VerseRange[] = parsed.ok ? parsed.ranges : [];
  if (!parsed.ok) errors.passages = parsed.problem;
  const content = storedContent(draft.content);
  const length = [...content].length;
  if (length > MAX_CONTENT_LENGTH) errors.content = 'tooLong';
  else if (length === 0 && parsed.ok && passages.length === 0) errors.content = 'required';
  if (errors.content || errors.passages) return { ok: false, errors };
  return { ok: true, payload: { content, passages, tags: [...new Set(draft.tags)] } };
}

import { describe, expect, it } from 'vitest';
import { composeNotePath, notesOnPassagePath } from './noteLinks';

describe('links into /notes', () => {
  it('filters by a passage with its verse ids', () => {
    expect(notesOnPassagePath({ startVerseId: 101001001, endVerseId: 101050026 })).toBe(
      '/notes?filterPassageStartVerseId=101001001&filterPassageEndVerseId=101050026',
    );
  });

  it('opens the editor on passages', () => {
    expect(
      composeNotePath([
        { startVerseId: 143003016, endVerseId: 143003021 },
        { startVerseId: 119023001, endVerseId: 119023001 },
      ]),
    ).toBe('/notes?compose=143003016-143003021%2C119023001');
  });
});

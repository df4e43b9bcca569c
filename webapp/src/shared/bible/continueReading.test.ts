import { describe, expect, it } from 'vitest';
import { continueAfter } from './continueReading';

describe('continue reading', () => {
  it('goes on from the next verse to the end of the chapter', () => {
    expect(continueAfter({ startVerseId: 143003001, endVerseId: 143003016 })).toEqual({ startVerseId: 143003017, endVerseId: 143003036 });
  });

  it('takes the whole next chapter after a finished one', () => {
    expect(continueAfter({ startVerseId: 101001001, endVerseId: 101001031 })).toEqual({ startVerseId: 101002001, endVerseId: 101002025 });
  });

  it('crosses into the next book after its last verse', () => {
    // Malachi 4:6 -> Matthew 1.
    expect(continueAfter({ startVerseId: 139004001, endVerseId: 139004006 })).toEqual({ startVerseId: 140001001, endVerseId: 140001025 });
  });

  it('has nothing after Revelation 22:21', () => {
    expect(continueAfter({ startVerseId: 166022001, endVerseId: 166022021 })).toBeUndefined();
  });
});

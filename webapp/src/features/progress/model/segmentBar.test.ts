import { describe, expect, it } from 'vitest';
import { readRects } from './segmentBar';

describe('readRects', () => {
  it('draws nothing for an empty or unread span', () => {
    expect(readRects([])).toEqual([]);
    expect(readRects([{ read: false, verseCount: 1533 }])).toEqual([]);
    expect(readRects([{ read: true, verseCount: 0 }])).toEqual([]);
  });

  it('fills the whole track when everything is read', () => {
    expect(readRects([{ read: true, verseCount: 31 }], 100)).toEqual([{ x: 0, width: 100 }]);
  });

  it('places read runs in proportion to verses', () => {
    // Genesis 1-25 read (693 verses), 26-50 unread (840).
    const [rect] = readRects(
      [
        { read: true, verseCount: 693 },
        { read: false, verseCount: 840 },
      ],
      1533,
    );
    expect(rect).toEqual({ x: 0, width: 693 });
    const rects = readRects(
      [
        { read: false, verseCount: 25 },
        { read: true, verseCount: 50 },
        { read: false, verseCount: 25 },
      ],
      200,
    );
    expect(rects).toEqual([{ x: 50, width: 100 }]);
  });

  it('keeps a tiny read run visible and inside the track', () => {
    const psalms = [
      { read: false, verseCount: 2460 },
      { read: true, verseCount: 1 },
    ];
    const [rect] = readRects(psalms, 1000, 4);
    expect(rect!.width).toBe(4);
    expect(rect!.x + rect!.width).toBeCloseTo(1000);
  });
});

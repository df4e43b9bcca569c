// Geometry of a reading bar: read segments as rectangles along a track, proportional to verses.

export interface BarSegment {
  read: boolean;
  verseCount: number;
}

export interface BarRect {
  x: number;
  width: number;
}

/**
 * The rectangles of the read segments on a track `width` units wide. A read run is never drawn
 * narrower than `minWidth` (so one verse read in Psalms still shows), and never leaves the track.
 * Unread segments are the track itself and get no rectangle.
 */
export function readRects(segments: readonly BarSegment[], width = 1000, minWidth = 2): BarRect[] {
  const total = segments.reduce((sum, s) => sum + Math.max(0, s.verseCount), 0);
  if (total <= 0 || width <= 0) return [];
  const rects: BarRect[] = [];
  let before = 0;
  for (const s of segments) {
    const count = Math.max(0, s.verseCount);
    if (s.read && count > 0) {
      let w = Math.max((count / total) * width, Math.min(minWidth, width));
      let x = (before / total) * width;
      if (x + w > width) x = width - w;
      w = Math.min(w, width);
      rects.push({ x, width: w });
    }
    before += count;
  }
  return rects;
}

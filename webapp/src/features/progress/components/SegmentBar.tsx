import { useMemo } from 'react';
import { readRects, type BarSegment } from '../model/segmentBar';
import styles from './SegmentBar.module.css';

const WIDTH = 1000;
const HEIGHT = 10;

export interface SegmentBarProps {
  segments: readonly BarSegment[];
  size?: 'small' | 'medium' | 'large';
  className?: string;
}

/**
 * A bar of read (filled) and unread (track) runs. Decorative: the page states the percentage as
 * text beside it, so assistive technology skips the drawing.
 */
export function SegmentBar({ segments, size = 'medium', className }: SegmentBarProps) {
  const rects = useMemo(() => readRects(segments, WIDTH, 6), [segments]);
  return (
    <svg
      className={[styles.bar, styles[size], className].filter(Boolean).join(' ')}
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      aria-hidden="true"
      focusable="false"
    >
      <rect className={styles.track} x={0} y={0} width={WIDTH} height={HEIGHT} />
      {rects.map((r) => (
        <rect key={r.x} className={styles.read} x={r.x} y={0} width={r.width} height={HEIGHT} />
      ))}
    </svg>
  );
}

import { describe, expect, it } from 'vitest';
import { TAG_COLORS, contrastRatio, defaultTagColor, isHexColor, normalizeHexColor, readableTextColor } from './color';

describe('tag colours', () => {
  it('normalises #rgb and #rrggbb as the server stores them', () => {
    expect(normalizeHexColor('#F0A')).toBe('#ff00aa');
    expect(normalizeHexColor(' #3B73C4 ')).toBe('#3b73c4');
    expect(normalizeHexColor('red')).toBeUndefined();
    expect(normalizeHexColor('#12345')).toBeUndefined();
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('abc')).toBe(false);
  });

  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#fff')).toBeCloseTo(1, 5);
    // A known pair: #767676 on white is the lightest grey that passes AA (4.54:1).
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('picks black or white text that meets AA on every colour', () => {
    expect(readableTextColor('#ffffff')).toBe('#000000');
    expect(readableTextColor('#f2c94c')).toBe('#000000');
    expect(readableTextColor('#1f2a44')).toBe('#ffffff');
    for (let r = 0; r < 256; r += 17) {
      for (let g = 0; g < 256; g += 17) {
        for (let b = 0; b < 256; b += 17) {
          const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
          expect(contrastRatio(hex, readableTextColor(hex)), hex).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });

  it('hands out the palette in turn for new tags', () => {
    expect(defaultTagColor(0)).toBe(TAG_COLORS[0].value);
    expect(defaultTagColor(TAG_COLORS.length + 1)).toBe(TAG_COLORS[1].value);
  });
});

// Tag colours: the preset palette, parsing, and a text colour that stays readable on any of them.

/** The preset palette; a tag created without a choice takes the next one in turn. */
export const TAG_COLORS = [
  { name: 'red', value: '#d64545' },
  { name: 'orange', value: '#e8842c' },
  { name: 'yellow', value: '#f2c94c' },
  { name: 'green', value: '#3f9b5a' },
  { name: 'teal', value: '#2a9d8f' },
  { name: 'blue', value: '#3b73c4' },
  { name: 'purple', value: '#8a5cc2' },
  { name: 'pink', value: '#d9609c' },
  { name: 'brown', value: '#8c6239' },
  { name: 'grey', value: '#6b7280' },
] as const;

export type TagColorName = (typeof TAG_COLORS)[number]['name'];

/** The colour for a new tag when the reader has `existing` tags: the palette in turn. */
export function defaultTagColor(existing = 0): string {
  return TAG_COLORS[existing % TAG_COLORS.length]!.value;
}

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim());
}

/** "#F0A" -> "#ff00aa", as the server stores it; undefined when it is not #rgb or #rrggbb. */
export function normalizeHexColor(value: string): string | undefined {
  const text = value.trim();
  if (!HEX.test(text)) return undefined;
  const digits = text.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits}`;
}

/** WCAG 2 relative luminance of a #rgb or #rrggbb colour (0 black, 1 white). */
export function relativeLuminance(color: string): number {
  const hex = normalizeHexColor(color) ?? '#000000';
  const channel = (offset: number) => {
    const c = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio between two colours, from 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * Black or white, whichever contrasts more with the background. One of them always reaches
 * at least 4.58:1, so a label on any tag colour meets WCAG AA for normal text.
 */
export function readableTextColor(background: string): '#000000' | '#ffffff' {
  return contrastRatio(background, '#000000') >= contrastRatio(background, '#ffffff') ? '#000000' : '#ffffff';
}

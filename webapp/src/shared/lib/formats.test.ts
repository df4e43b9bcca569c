import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';

// Intl puts narrow no-break spaces in some locales; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formats', () => {
  it('groups whole numbers per locale', () => {
    expect(formatsFor('en').integer(31102)).toBe('31,102');
    expect(formatsFor('de').integer(31102)).toBe('31.102');
    expect(plain(formatsFor('uk').integer(31102))).toBe('31 102');
    expect(formatsFor('ko').integer(31102)).toBe('31,102');
  });

  it('keeps at most two fraction digits', () => {
    expect(formatsFor('en').decimal(86.3333)).toBe('86.33');
    expect(formatsFor('fr').decimal(2.5)).toBe('2,5');
    expect(formatsFor('en').decimal(3)).toBe('3');
  });

  it('writes percentages with at most two fraction digits', () => {
    expect(formatsFor('en').percent(0.4521)).toBe('45.21%');
    expect(plain(formatsFor('de').percent(0.45))).toBe('45 %');
    expect(formatsFor('en').percent(1)).toBe('100%');
  });

  it('writes dates in the locale, whatever the time zone', () => {
    expect(formatsFor('en').date('2026-11-22')).toBe('November 22, 2026');
    expect(formatsFor('de').date('2026-01-01')).toBe('1. Januar 2026');
    expect(formatsFor('ko').date('2026-11-22')).toBe('2026년 11월 22일');
  });

  it('keeps a trailing unit on the line of its number', () => {
    expect(formatsFor('uk').date('2026-01-04')).toMatch(/2026\u00a0р\.$/u);
  });
});

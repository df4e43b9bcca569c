import { describe, expect, it } from 'vitest';
import { formatsFor } from './formats';
import { shareOf } from './share';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('shareOf', () => {
  it('rounds down to hundredths of a percent', () => {
    expect(shareOf(70, 31102)).toBe(0.0022);
    expect(shareOf(23, 1270)).toBe(0.0181);
    expect(shareOf(1, 2)).toBe(0.5);
  });

  it('never shows 0% for something started or 100% for something unfinished', () => {
    expect(shareOf(1, 31102)).toBe(0.0001);
    expect(shareOf(31101, 31102)).toBe(0.9999);
    expect(shareOf(0, 31102)).toBe(0);
    expect(shareOf(31102, 31102)).toBe(1);
    expect(shareOf(0, 0)).toBe(0);
  });

  it('goes past 100% only when more than all is read (a daily goal)', () => {
    expect(shareOf(129, 86)).toBe(1.5);
  });

  it('is what every page formats', () => {
    const en = formatsFor('en');
    expect(en.share(70, 31102)).toBe('0.22%');
    expect(en.share(23, 1270)).toBe('1.81%');
    expect(en.share(1, 31102)).toBe('0.01%');
    expect(en.share(31101, 31102)).toBe('99.99%');
    expect(plain(formatsFor('de').share(23, 1270))).toBe('1,81 %');
  });
});

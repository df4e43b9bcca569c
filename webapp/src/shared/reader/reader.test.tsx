import { afterEach, describe, expect, it } from 'vitest';
import {
  BIBLE_APP_STORAGE_KEY,
  knownBibleApp,
  platformDefaultBibleApp,
  readBrowserBibleApp,
  resolveBibleApp,
  writeBrowserBibleApp,
} from './bibleApp';
import { dateInTimeZone } from './today';

const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/156.0 Safari/537.36';
const ANDROID = 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36';

describe('preferred Bible app', () => {
  afterEach(() => localStorage.clear());

  it('knows the four apps by id only', () => {
    expect(knownBibleApp('biblegateway')).toBe('biblegateway');
    expect(knownBibleApp(' YouVersion ')).toBe('youversion');
    expect(knownBibleApp('bible.com')).toBe('bible.com');
    expect(knownBibleApp('kindle')).toBeUndefined();
    expect(knownBibleApp('')).toBeUndefined();
    expect(knownBibleApp(null)).toBeUndefined();
  });

  it('defaults to Bible Gateway, or the YouVersion app on Android', () => {
    expect(platformDefaultBibleApp(DESKTOP)).toBe('biblegateway');
    expect(platformDefaultBibleApp(ANDROID)).toBe('youversion');
  });

  it('takes the browser choice first, then the account, skipping unknown values', () => {
    expect(resolveBibleApp('bible.com', 'blueletterbible', DESKTOP)).toBe('bible.com');
    expect(resolveBibleApp(null, 'blueletterbible', DESKTOP)).toBe('blueletterbible');
    expect(resolveBibleApp('tampered', 'blueletterbible', DESKTOP)).toBe('blueletterbible');
    expect(resolveBibleApp('tampered', '', ANDROID)).toBe('youversion');
    expect(resolveBibleApp(null, undefined, DESKTOP)).toBe('biblegateway');
  });

  it('keeps the choice under the product key, known apps only', () => {
    writeBrowserBibleApp('blueletterbible');
    expect(localStorage.getItem(BIBLE_APP_STORAGE_KEY)).toBe('blueletterbible');
    writeBrowserBibleApp('nonsense');
    expect(readBrowserBibleApp()).toBe('blueletterbible');
  });
});

describe("the reader's today", () => {
  it('is the calendar date in the time zone', () => {
    const now = new Date('2026-11-22T23:30:00Z');
    expect(dateInTimeZone('UTC', now)).toBe('2026-11-22');
    expect(dateInTimeZone('Europe/Kyiv', now)).toBe('2026-11-23');
    expect(dateInTimeZone('America/Los_Angeles', now)).toBe('2026-11-22');
    expect(dateInTimeZone('Not/AZone', now)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

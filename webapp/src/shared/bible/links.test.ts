import { describe, expect, it } from 'vitest';
import { apps, link, linkApp, versions, versionsByLanguage } from './links';

describe('Bible versions and apps', () => {
  it('has at least 20 versions and 6 apps', () => {
    expect(versions().length).toBeGreaterThanOrEqual(20);
    expect(apps().map((a) => a.id)).toEqual(['biblegateway', 'blueletterbible', 'bible.com', 'youversion', 'logos', 'olivetree']);
  });

  it("groups the versions by language, the reader's first", () => {
    const groups = versionsByLanguage('de');
    expect(groups[0]).toMatchObject({ language: 'de' });
    expect(groups[0]!.versions.map((v) => v.code)).toEqual(['LUT', 'SCH2000']);
    expect(groups[1]!.language).toBe('en');
    expect(groups.flatMap((g) => g.versions)).toHaveLength(versions().length);
    expect(versionsByLanguage('ko')[0]!.versions.map((v) => v.code)).toEqual(['KRV', 'KLB']);
  });

  it('opens a version only where it is', () => {
    const john3 = { startVerseId: 143003016, endVerseId: 143003016 };
    expect(linkApp('blueletterbible', 'LSG')).toBe('biblegateway');
    expect(link('blueletterbible', 'LSG', john3)).toBe('https://www.biblegateway.com/passage/?search=John%203&version=LSG');
    expect(link('logos', 'NABRE', john3)).toBe('https://ref.ly/Jn3;NABRE');
    expect(link('olivetree', 'ESV', john3)).toBe('olivetree://bible/43.3');
    expect(linkApp('olivetree', 'KLB')).toBe('biblegateway');
    expect(link('biblegateway', 'TPT', john3)).toBe('https://www.bible.com/bible/1849/JHN.3.TPT');
  });
});

import { describe, expect, it } from 'vitest';
import { appendPassage } from '../components/PassageLogger';
import { previewPassages } from './passages';

describe('the keyboard preview', () => {
  it('is empty for blank text', () => {
    expect(previewPassages('  ', 'en')).toEqual({ status: 'empty' });
  });

  it('lists each passage with its display text and verse count, and the total', () => {
    const preview = previewPassages('Gen 1; Ps 23', 'en');
    expect(preview.status).toBe('ok');
    if (preview.status !== 'ok') return;
    expect(preview.passages.map((p) => [p.text, p.verses])).toEqual([
      ['Genesis 1', 31],
      ['Psalm 23', 6],
    ]);
    expect(preview.total).toBe(37);
    expect(preview.passages[0]!.range).toEqual({ startVerseId: 101001001, endVerseId: 101001031 });
  });

  it('reads several references in the reader’s language, with English names as a fallback', () => {
    const preview = previewPassages('Joh 3,16-18; Ps 23; Rom 8:1-17', 'de');
    expect(preview.status).toBe('ok');
    if (preview.status !== 'ok') return;
    expect(preview.passages.map((p) => p.text)).toEqual(['Johannes 3,16-18', 'Psalm 23', 'Römer 8,1-17']);
    expect(preview.total).toBe(3 + 6 + 17);
  });

  it('counts overlapping passages once in the unique figure', () => {
    const preview = previewPassages('Gen 1; Gen 1:1-10', 'en');
    expect(preview.status === 'ok' && [preview.total, preview.unique]).toEqual([41, 31]);
  });

  it('names the failing part: an unknown book', () => {
    expect(previewPassages('Gen 1; Jhnn 3; Ps 23', 'en')).toEqual({ status: 'error', reason: 'invalidBook', part: 'Jhnn 3', index: 1 });
  });

  it('names the failing part: a verse range that does not exist', () => {
    expect(previewPassages('Jude 2', 'en')).toEqual({ status: 'error', reason: 'invalidRange', part: 'Jude 2', index: 0 });
    expect(previewPassages('Ps 23; Gen 1:40', 'en')).toMatchObject({ status: 'error', reason: 'invalidRange', part: 'Gen 1:40' });
  });

  it('appends a picked passage to the typed list', () => {
    expect(appendPassage('', 'Genesis 1')).toBe('Genesis 1');
    expect(appendPassage('Gen 1', 'Psalms 23')).toBe('Gen 1; Psalms 23');
    expect(appendPassage('Gen 1;  ', 'Psalms 23')).toBe('Gen 1; Psalms 23');
  });
});

describe('the placeholder of each language', () => {
  const files = import.meta.glob<{ logger: { placeholder: string } }>('@/shared/i18n/locales/*/readingLog.json', {
    eager: true,
    import: 'default',
  });
  for (const [path, json] of Object.entries(files)) {
    const locale = path.split('/').at(-2) as 'en';
    it(`is a valid example in ${locale}`, () => {
      const preview = previewPassages(json.logger.placeholder, locale);
      expect(preview.status === 'ok' && preview.passages.length).toBe(3);
    });
  }
});

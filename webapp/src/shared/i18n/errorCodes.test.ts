import { describe, expect, it } from 'vitest';
import doc from '@/shared/api/openapi.json';
import { LOCALES } from './locales';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*/*.json', { eager: true, import: 'default' });

// Every detail code the API documents is shown to the reader in their language: field kinds
// through common's validation templates, every other code through its own apiError message, in
// common or in its module's namespace (locales/<lng>/<module>.json, which holds it once).
const codes = doc.components.schemas.ErrorCode.enum;

const textsOf = (path: string, group: string) => Object.keys((files[path]?.[group] as Tree | undefined) ?? {});

describe('error code translations', () => {
  it('reads the codes from the API description', () => {
    expect(codes).toContain('required');
    expect(codes).toContain('entry_not_found');
    expect(codes).toContain('plan_not_found');
  });

  for (const locale of LOCALES) {
    const paths = Object.keys(files).filter((path) => path.startsWith(`./locales/${locale}/`));
    const translated = [...textsOf(`./locales/${locale}/common.json`, 'validation'), ...paths.flatMap((path) => textsOf(path, 'apiError'))];

    it(`${locale} translates every error code`, () => {
      expect(codes.filter((code) => !translated.includes(code))).toEqual([]);
    });

    it(`${locale} translates each code once`, () => {
      expect(translated.filter((code, i) => translated.indexOf(code) !== i)).toEqual([]);
    });

    it(`${locale} translates no code outside common that the API does not document`, () => {
      const moduleTexts = paths.filter((path) => !path.endsWith('/common.json')).flatMap((path) => textsOf(path, 'apiError'));
      expect(moduleTexts.filter((code) => !(codes as string[]).includes(code))).toEqual([]);
    });
  }
});

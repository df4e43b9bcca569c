import { describe, expect, it } from 'vitest';
import doc from '@/shared/api/openapi.json';
import { LOCALES } from './locales';

type Tree = { [key: string]: string | Tree };

const common = import.meta.glob<Tree>('./locales/*/common.json', { eager: true, import: 'default' });

// Every detail code the API documents is shown to the reader in their language: field kinds
// through the validation templates, every other code through its own apiError message.
const codes = doc.components.schemas.ErrorCode.enum;

describe('error code translations', () => {
  it('reads the codes from the API description', () => {
    expect(codes).toContain('required');
    expect(codes).toContain('entry_not_found');
  });

  for (const locale of LOCALES) {
    it(`${locale} translates every error code`, () => {
      const tree = common[`./locales/${locale}/common.json`]!;
      const has = (group: string, code: string) => typeof (tree[group] as Tree | undefined)?.[code] === 'string';
      expect(codes.filter((code) => !has('validation', code) && !has('apiError', code))).toEqual([]);
    });
  }
});

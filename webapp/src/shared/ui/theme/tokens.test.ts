import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const css = readFileSync(new URL('../tokens.css', import.meta.url), 'utf8');

/** The declarations of the first rule whose selector is `selector`, by property. */
function declarations(selector: string): Map<string, string> {
  const start = css.indexOf(`${selector} {`);
  expect(start, selector).toBeGreaterThanOrEqual(0);
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
  return new Map(
    body
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => [d.slice(0, d.indexOf(':')).trim(), d.slice(d.indexOf(':') + 1).trim()]),
  );
}

describe('theme tokens', () => {
  const light = declarations(':root');
  const chosen = declarations(":root[data-theme='dark']");
  const system = declarations(":root:not([data-theme='light'])");

  it('has one dark palette for a chosen Dark and for a dark device', () => {
    expect([...system]).toEqual([...chosen]);
  });

  it('gives every colour a dark value, and only tokens the light theme has', () => {
    const colours = [...light.keys()].filter((name) => name.startsWith('--color-'));
    expect(colours.filter((name) => !chosen.has(name))).toEqual([]);
    expect([...chosen.keys()].filter((name) => name !== 'color-scheme' && !light.has(name))).toEqual([]);
    expect(chosen.get('color-scheme')).toBe('dark');
  });

  it('keeps dark colours off paper', () => {
    expect(css).toContain("@media screen {\n  :root[data-theme='dark']");
    expect(css).toContain("@media screen and (prefers-color-scheme: dark) {\n  :root:not([data-theme='light'])");
  });
});

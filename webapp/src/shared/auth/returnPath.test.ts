import { describe, expect, it } from 'vitest';
import { returnPathOrHome, safeReturnPath, withReturnTo } from './returnPath';

describe('safe return paths', () => {
  it.each([
    '/',
    '/calendar',
    '/books/43',
    '/settings/delete-account',
    '/notes?tag=prayer&page=2',
    '/calendar?month=2026-03#day-14',
    '/user@name/~tilde_%20x',
    '/today/',
  ])('accepts the local path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    ['another origin', '//evil.example'],
    ['another origin with path', '//evil.example/today'],
    ['three slashes', '///evil.example'],
    ['a backslash', '/\\evil.example'],
    ['a backslash later', '/today\\..\\evil'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: after a slash', '/javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['an absolute URL', 'https://evil.example/today'],
    ['a scheme-relative URL with spaces', ' //evil.example'],
    ['a relative path', 'today'],
    ['a dot segment', '/../etc/passwd'],
    ['a dot in the path', '/evil.example'],
    ['a tab', '/today\t'],
    ['a newline', '/today\nSet-Cookie: x'],
    ['a null byte', '/today\u0000'],
    ['non-ASCII', '/tödäy'],
    ['an empty string', ''],
    ['angle brackets', '/<script>'],
    ['a colon in the path', '/a:b'],
    ['a space in the query', '/today?x=a b'],
    ['something very long', `/${'a'.repeat(600)}`],
  ])('rejects %s', (_name, path) => {
    expect(safeReturnPath(path)).toBeNull();
  });

  it('rejects what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
  });

  it('falls back to /today', () => {
    expect(returnPathOrHome('//evil.example')).toBe('/today');
    expect(returnPathOrHome(null)).toBe('/today');
    expect(returnPathOrHome('/calendar')).toBe('/calendar');
  });

  it('adds a safe return path to a link, and nothing else', () => {
    expect(withReturnTo('/login', '/calendar?month=2026-03')).toBe('/login?returnTo=%2Fcalendar%3Fmonth%3D2026-03');
    expect(withReturnTo('/login', '//evil.example')).toBe('/login');
    expect(withReturnTo('/login', '/today')).toBe('/login');
    expect(withReturnTo('/verify-email', '/notes', { email: 'a@example.com' })).toBe(
      '/verify-email?email=a%40example.com&returnTo=%2Fnotes',
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReaderSettings } from '@/shared/reader';
import { THEME_STORAGE_KEY } from '@/shared/ui';
import { apiCalls, json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

function mockViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: mobile && query.includes('max-width'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

const SETTINGS: ReaderSettings = {
  lookBackDate: '2026-01-01',
  dailyVerseCountGoal: 86,
  preferredBibleVersion: 'NASB2020',
  preferredBibleApp: '',
  locale: 'en',
  timeZone: 'UTC',
  restDaysPerWeek: 1,
  welcomeDone: true,
  theme: 'system',
  startPage: 'today',
  tagSort: 'az',
};

function signedInWith(settings: Partial<ReaderSettings> = {}) {
  signedInAs();
  mockApi({
    'GET /api/settings': () => json(200, { ...SETTINGS, ...settings }),
    'PUT /api/settings': (call) => json(200, { ...SETTINGS, ...settings, ...(call.body as object) }),
    'GET /api/log-entries': () => json(200, [], { 'X-Log-Version': '0' }),
  });
}

const themeOnPage = () => document.documentElement.getAttribute('data-theme');

describe('theme switcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('follows the device until a visitor chooses, then shows and keeps the choice', async () => {
    mockViewport(false);
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    expect(themeOnPage()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Theme: System' }));
    const menu = screen.getByRole('menu', { name: 'Theme' });
    expect(within(menu).getByRole('menuitemradio', { name: 'System' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Dark' }));
    expect(themeOnPage()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(screen.getByRole('button', { name: 'Theme: Dark' })).toHaveFocus();
    expect(apiCalls('PUT /api/settings')).toHaveLength(0);
  });

  it('works from the keyboard', async () => {
    mockViewport(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    const { user } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    screen.getByRole('button', { name: 'Theme: Dark' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Dark' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    expect(themeOnPage()).toBe('light');
    expect(screen.getByRole('button', { name: 'Theme: Light' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: 'System' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(themeOnPage()).toBe('light');
  });

  it('sits in the phone menu, in the page language', async () => {
    mockViewport(true);
    const { user } = renderApp('/de');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: /Farbschema/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Menü' }));
    const group = screen.getByRole('group', { name: 'Farbschema' });
    expect(within(group).getByRole('button', { name: 'Wie das Gerät' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(group).getByRole('button', { name: 'Dunkel' }));
    expect(themeOnPage()).toBe('dark');
    expect(within(group).getByRole('button', { name: 'Dunkel' })).toHaveAttribute('aria-pressed', 'true');
  });

  it("saves a signed-in reader's choice to the account", async () => {
    mockViewport(false);
    signedInWith();
    const { user } = renderApp('/about');
    await user.click(await screen.findByRole('button', { name: 'Theme: System' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Light' }));
    expect(themeOnPage()).toBe('light');
    await waitFor(() => expect(apiCalls('PUT /api/settings').map((c) => c.body)).toEqual([{ theme: 'light' }]));
  });

  it("takes the account's theme on a browser without a choice, and keeps the browser's own", async () => {
    mockViewport(false);
    signedInWith({ theme: 'dark' });
    renderApp('/about');
    expect(await screen.findByRole('button', { name: 'Theme: Dark' })).toBeInTheDocument();
    expect(themeOnPage()).toBe('dark');
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
  });

  it("keeps this browser's choice over the account's", async () => {
    mockViewport(false);
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    signedInWith({ theme: 'dark' });
    renderApp('/about');
    expect(await screen.findByRole('button', { name: 'Theme: Light' })).toBeInTheDocument();
    await waitFor(() => expect(apiCalls('GET /api/settings').length).toBeGreaterThan(0));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
  });
});

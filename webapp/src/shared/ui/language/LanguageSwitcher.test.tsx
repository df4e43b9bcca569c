import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

function mockViewport(mobile: boolean) {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: mobile,
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      }) as unknown as MediaQueryList,
  );
}

describe('language switcher', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('switches the prefix from a desktop menu and remembers the choice', async () => {
    mockViewport(false);
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const trigger = screen.getByRole('button', { name: 'Language: English' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await user.click(trigger);
    const menu = screen.getByRole('menu', { name: 'Language' });
    expect(within(menu).getByRole('menuitemradio', { name: 'English' })).toHaveAttribute('aria-checked', 'true');
    await user.click(within(menu).getByRole('menuitemradio', { name: 'Deutsch' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/de'));
    expect(await screen.findByRole('heading', { level: 1, name: /Dein Bibellesen/ })).toBeInTheDocument();
    expect(document.cookie).toContain('lamplight_lang=de');
    expect(await screen.findByRole('button', { name: 'Sprache: Deutsch' })).toBeInTheDocument();
  });

  it('keeps the current page when switching', async () => {
    mockViewport(false);
    const { user, router } = renderApp('/es/somewhere');
    await screen.findByText('No se pudo encontrar esta página');
    await user.click(screen.getByRole('button', { name: 'Idioma: Español' }));
    await user.click(screen.getByRole('menuitemradio', { name: 'English' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/somewhere'));
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(document.cookie).toContain('lamplight_lang=en');
  });

  it('works with the keyboard', async () => {
    mockViewport(false);
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    screen.getByRole('button', { name: 'Language: English' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'English' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('menuitemradio', { name: 'Deutsch' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(screen.getByRole('menuitemradio', { name: '한국어' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Language: English' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(screen.getByRole('menuitemradio', { name: '한국어' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/uk'));
  });

  it('lists seven languages in their own names and speaks Korean', async () => {
    mockViewport(false);
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const names = within(screen.getByRole('menu', { name: 'Language' }))
      .getAllByRole('menuitemradio')
      .map((item) => item.textContent);
    expect(names).toEqual(['English', 'Deutsch', 'Español', 'Français', 'Português', 'українська', '한국어']);
    await user.click(screen.getByRole('menuitemradio', { name: '한국어' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ko'));
    expect(await screen.findByRole('heading', { level: 1, name: '나의 성경 읽기, 아름답게 기록하기' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ko-KR');
    expect(await screen.findByRole('button', { name: '언어: 한국어' })).toBeInTheDocument();
  });

  it('opens a modal dialog on phones', async () => {
    mockViewport(true);
    const { user, router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose a language' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Language: English' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Français' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

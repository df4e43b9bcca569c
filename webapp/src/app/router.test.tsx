import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/renderApp';

describe('routing', () => {
  afterEach(() => vi.restoreAllMocks());

  it('renders the English home page at /', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Lamplight'));
    expect(document.documentElement.lang).toBe('en-US');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // The signed-out links appear once GET /api/auth/user has answered 401.
    expect(await within(nav).findByRole('link', { name: 'About' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Lamplight' })).toHaveAttribute('href', '/');
  });

  it('renders German under /de with prefixed links', async () => {
    renderApp('/de');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Dein Bibellesen – schön festgehalten' }),
    ).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('de-DE');
    expect(await screen.findByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/de/register');
    expect(screen.getByRole('link', { name: 'Lamplight' })).toHaveAttribute('href', '/de');
  });

  it('shows the 404 page for an unknown route', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
    await waitFor(() => expect(document.title).toBe('Page not found | Lamplight'));
    // The layout stays around the error.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
  });

  it('shows the 404 page in German for an unknown prefixed route', async () => {
    renderApp('/de/nope');
    expect(await screen.findByText('Diese Seite konnte nicht gefunden werden')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/de');
  });

  it('redirects an unprefixed path to the remembered language', async () => {
    document.cookie = 'lamplight_lang=fr; Path=/';
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Votre lecture de la Bible/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/fr');
  });

  it('redirects an unprefixed path to the browser language when nothing is remembered', async () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['uk-UA', 'en']);
    const { router } = renderApp('/somewhere?x=1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/uk/somewhere'));
    expect(router.state.location.search).toBe('?x=1');
    expect(await screen.findByText('Цю сторінку не вдалося знайти')).toBeInTheDocument();
  });

  it('keeps English when English was chosen, whatever the browser says', async () => {
    document.cookie = 'lamplight_lang=en; Path=/';
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['de-DE']);
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Your Bible reading, beautifully kept' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });
});

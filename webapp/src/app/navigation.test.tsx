import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const nav = () => screen.getByRole('navigation', { name: 'Main' });
// Pages of this feature: the reader screens behind /today and the like belong to others.
const SETTINGS = '/settings';

describe('navigation bar', () => {
  it('shows the signed-in items and links the logo to /today', async () => {
    signedInAs();
    renderApp(SETTINGS);
    const logOut = await screen.findByRole('button', { name: 'Log Out' });
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Today', '/today'],
      ['Bible books', '/books'],
      ['Chapter checklist', '/checklist'],
      ['Calendar', '/calendar'],
      ['Notes', '/notes'],
      ['About', '/about'],
      ['Settings', '/settings'],
    ]);
    expect(nav()).toContainElement(logOut);
    expect(within(nav()).queryByRole('button', { name: 'Admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lamplight' })).toHaveAttribute('href', '/today');
  });

  it('adds the Admin menu for admins', async () => {
    signedInAs({ isAdmin: true });
    const { user } = renderApp(`/de${SETTINGS}`);
    const admin = await screen.findByRole('button', { name: 'Verwaltung' });
    await user.click(admin);
    expect(admin).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Benutzer' })).toHaveAttribute('href', '/de/admin/users');
    expect(screen.getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/de/admin/feedback');
    expect(screen.getByRole('link', { name: 'Nutzung' })).toHaveAttribute('href', '/de/admin/engagement');
  });

  it('shows the signed-out items to visitors', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/register');
    expect(within(nav()).getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(within(nav()).queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('logs out: ends the session, clears session storage and the cache, goes home', async () => {
    signedInAs();
    const { user, router, store } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    sessionStorage.setItem('lamplight:something', 'x');
    mockApi({ 'GET /api/auth/user': () => apiError(401, 'unauthenticated') });
    await user.click(screen.getByRole('button', { name: 'Log Out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(apiCalls('POST /api/auth/logout')).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
    expect(await within(nav()).findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    // Nothing of the signed-in reader stays cached.
    const cached = Object.keys(store.getState().api.queries);
    expect(cached.filter((key) => !key.startsWith('getCurrentUser'))).toEqual([]);
  });

  it('saves the language when a signed-in reader switches it', async () => {
    signedInAs({ locale: 'en' });
    mockApi({ 'PUT /api/auth/user': ({ body }) => json(200, { ...TEST_USER, ...(body as object) }) });
    const { user } = renderApp(SETTINGS);
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await user.click(screen.getByRole('button', { name: /^Language: English/ }));
    await user.click(screen.getByRole('menuitemradio', { name: 'Français' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paramètres' })).toBeInTheDocument();
    await waitFor(() => expect(apiCalls('PUT /api/auth/user').map((call) => call.body)).toEqual([{ locale: 'fr' }]));
  });

  it('leaves the saved language alone when a session merely opens in another one', async () => {
    signedInAs({ locale: 'de' });
    renderApp(SETTINGS);
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(apiCalls('PUT /api/auth/user')).toEqual([]);
  });
});

describe('logging out from the home page', () => {
  it('stays home and still guards protected pages afterwards', async () => {
    signedInAs();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Log Out' }));
    mockApi({ 'GET /api/auth/user': () => apiError(401, 'unauthenticated') });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeInTheDocument();
    await router.navigate('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

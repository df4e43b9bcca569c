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
    const logOut = await screen.findByRole('button', { name: 'Log out' });
    const links = within(nav())
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Today', '/today'],
      ['Plans', '/plans'],
      ['Bible books', '/books'],
      ['Chapter checklist', '/checklist'],
      ['Calendar', '/calendar'],
      ['Notes', '/notes'],
      ['Insights', '/insights'],
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
    // The footer links to the feedback form as well.
    const menu = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(menu).getByRole('link', { name: 'Benutzer' })).toHaveAttribute('href', '/de/admin/users');
    expect(within(menu).getByRole('link', { name: 'Feedback' })).toHaveAttribute('href', '/de/admin/feedback');
    expect(within(menu).getByRole('link', { name: 'Nutzung' })).toHaveAttribute('href', '/de/admin/engagement');
  });

  it('links the help, policy and feedback pages in the footer, in the page’s language', async () => {
    renderApp('/uk');
    const footer = await screen.findByRole('navigation', { name: 'Про Lamplight' });
    const links = within(footer)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Про нас', '/uk/about'],
      ['Часті запитання', '/uk/about/faq'],
      ['Конфіденційність', '/uk/policy/privacy'],
      ['Умови', '/uk/policy/terms'],
      ['Відгук', '/uk/feedback'],
      ['Трекер читання для друку', '/uk/resources/printable-bible-reading-tracker'],
    ]);
  });

  it('shows the signed-out items to visitors', async () => {
    renderApp('/');
    expect(await screen.findByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(within(nav()).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(within(nav()).queryByRole('button', { name: 'Log out' })).not.toBeInTheDocument();
  });

  it('logs out: ends the session, clears session storage and the cache, goes home', async () => {
    signedInAs();
    const { user, router, store } = renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    sessionStorage.setItem('lamplight:something', 'x');
    mockApi({ 'GET /api/auth/user': () => apiError(401, 'unauthenticated') });
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(apiCalls('POST /api/auth/logout')).toHaveLength(1);
    expect(sessionStorage.length).toBe(0);
    expect(await within(nav()).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    // Nothing of the signed-in reader stays cached once the page signed out from is left.
    await waitFor(() => {
      const cached = Object.keys(store.getState().api.queries);
      expect(cached.filter((key) => !key.startsWith('getCurrentUser'))).toEqual([]);
    });
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
    // A save would have started when the session became known, before the page showed, and the
    // loading bar stays up while any request is under way: once it is gone, a PUT would be seen.
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(apiCalls('PUT /api/auth/user')).toEqual([]);
  });
});

describe('logging out from the home page', () => {
  it('stays home and still guards protected pages afterwards', async () => {
    signedInAs();
    const { user, router } = renderApp('/');
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    mockApi({ 'GET /api/auth/user': () => apiError(401, 'unauthenticated') });
    expect(await within(nav()).findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    await router.navigate('/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

describe('route guards', () => {
  it('sends a signed-out visitor from a protected page to /login with the page to return to', async () => {
    const { router } = renderApp('/calendar?month=2026-03#day-4');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/calendar?month=2026-03#day-4');
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Please sign in to continue.');
  });

  it('keeps the language on the way to /login', async () => {
    const { router } = renderApp('/de/settings');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeInTheDocument();
  });

  it('waits for the answer before deciding', async () => {
    let answer: (response: Response) => void = () => {};
    mockApi({ 'GET /api/auth/user': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { router } = renderApp('/settings');
    // The question is out and the shell shows it loading: the guard has rendered without an answer
    // and has neither left the page nor started to. The answer is held until these checks have
    // run, so they hold however slow the machine.
    await waitFor(() => expect(apiCalls('GET /api/auth/user')).toHaveLength(1));
    expect(await screen.findByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
    expect(router.state.navigation.state).toBe('idle');
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    answer(json(200, { id: 'u1', email: 'a@example.com', emailVerified: true, isAdmin: false, locale: 'en', timeZone: 'UTC', createdAt: '2026-01-01T00:00:00Z', hasPassword: true, googleLinked: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('shows an error page instead of /login when the server cannot say who is signed in', async () => {
    mockApi({ 'GET /api/auth/user': () => apiError(500, 'internal_error') });
    const { router } = renderApp('/notes');
    expect(await screen.findByText('Something went wrong on our side. Please try again in a moment.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/notes');
  });

  it('lets a signed-in reader in', async () => {
    signedInAs();
    renderApp('/settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    // The title is set by an effect after the page has rendered.
    await waitFor(() => expect(document.title).toBe('Settings | Lamplight'));
  });

  it('sends a signed-in reader from guest pages home', async () => {
    signedInAs();
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
  });

  it('sends a signed-in reader from /login to its safe returnTo', async () => {
    signedInAs();
    const { router } = renderApp('/fr/login?returnTo=%2Fnotes%3Ftag%3D1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/fr/notes'));
    expect(router.state.location.search).toBe('?tag=1');
  });

  it.each(['//evil.example', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example/'])(
    'ignores the hostile returnTo %s',
    async (returnTo) => {
      signedInAs();
      const { router } = renderApp(`/login?returnTo=${encodeURIComponent(returnTo)}`);
      await waitFor(() => expect(router.state.location.pathname).toBe('/today'));
      expect(router.state.location.search).toBe('');
    },
  );

  it('sends a signed-out visitor from admin pages to /login', async () => {
    const { router } = renderApp('/admin/feedback');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe('/admin/feedback');
  });

  it('answers 403 on admin pages without the admin flag', async () => {
    signedInAs({ isAdmin: false });
    renderApp('/admin/users');
    expect(await screen.findByText('You do not have permission to access this page')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('403');
  });

  it('opens admin pages for admins', async () => {
    signedInAs({ isAdmin: true });
    renderApp('/admin/engagement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Engagement' })).toBeInTheDocument();
  });

  it('leads /change-email to the email settings', async () => {
    signedInAs();
    const { router } = renderApp('/de/change-email');
    await waitFor(() => expect(router.state.location.pathname).toBe('/de/settings/email'));
  });
});

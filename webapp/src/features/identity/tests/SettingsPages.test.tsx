import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs, TEST_USER } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const SESSIONS = [
  { id: 's-old', device: 'Firefox on Windows', createdAt: '2026-02-01T08:00:00Z', lastUsedAt: '2026-03-01T08:00:00Z', expiresAt: '2026-04-01T08:00:00Z', current: false },
  { id: 's-here', device: 'Chrome on Linux', createdAt: '2026-03-10T08:00:00Z', lastUsedAt: '2026-03-12T09:30:00Z', expiresAt: '2026-04-10T08:00:00Z', current: true },
  { id: 's-phone', device: '', createdAt: '2026-03-05T08:00:00Z', lastUsedAt: '2026-03-11T20:00:00Z', expiresAt: '2026-04-05T08:00:00Z', current: false },
];

describe('settings', () => {
  it('shows the account and where it is signed in, this device first', async () => {
    signedInAs({ email: 'reader@example.com', emailVerified: true });
    mockApi({ 'GET /api/auth/sessions': json(200, SESSIONS) });
    renderApp('/settings');
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    expect(screen.getByText('reader@example.com')).toBeInTheDocument();
    expect(screen.getByText('Verified')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Change: Email address' })).toHaveAttribute('href', '/settings/email');
    expect(screen.getByRole('link', { name: 'Change: Password' })).toHaveAttribute('href', '/settings/password');
    expect(screen.getByRole('link', { name: 'Delete account…' })).toHaveAttribute('href', '/settings/delete-account');

    const list = await screen.findByRole('list', { name: "Where you're signed in" });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent(/^Chrome on Linux/);
    expect(items[1]).toHaveTextContent(/^Unknown device/);
    expect(items[2]).toHaveTextContent(/^Firefox on Windows/);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(within(items[2]!).getByText(/Last active Mar 1, 2026/)).toBeInTheDocument();
  });

  it('signs out one other session', async () => {
    signedInAs();
    let sessions = SESSIONS;
    mockApi({
      'GET /api/auth/sessions': () => json(200, sessions),
      'DELETE /api/auth/sessions/s-old': () => {
        sessions = sessions.filter((session) => session.id !== 's-old');
        return json(204);
      },
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out: Firefox on Windows' }));
    expect(await screen.findByText('Firefox on Windows has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(screen.getByRole('list', { name: "Where you're signed in" })).getAllByRole('listitem')).toHaveLength(2));
  });

  it('signs out everywhere else after confirming', async () => {
    signedInAs();
    let sessions = SESSIONS;
    mockApi({
      'GET /api/auth/sessions': () => json(200, sessions),
      'POST /api/auth/sessions/revoke-others': () => {
        sessions = sessions.filter((session) => session.current);
        return json(200, { revoked: 2 });
      },
    });
    const { user } = renderApp('/settings');
    await user.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Sign out on all other devices?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(apiCalls('POST /api/auth/sessions/revoke-others')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Sign out others' }));
    expect(await screen.findByText('You have been signed out everywhere else.')).toBeInTheDocument();
    expect(await screen.findByText("You're only signed in here.")).toBeInTheDocument();
  });

  it('changes the password; a wrong current password shows beside its field', async () => {
    signedInAs();
    mockApi({ 'PUT /api/auth/password': apiError(400, 'validation_error', [{ field: 'currentPassword', code: 'password_incorrect' }]) });
    const { user, router } = renderApp('/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Change your password' });
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Your current password is required');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(/^A new password is required/);

    await user.type(screen.getByLabelText('Current password'), 'wrong one');
    await user.type(screen.getByLabelText('New password'), 'a new password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription('Password is incorrect'));
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveFocus());

    mockApi({ 'PUT /api/auth/password': json(204) });
    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'right one');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByText('Your password has been changed. Other devices have been signed out.')).toBeInTheDocument();
    expect(apiCalls('PUT /api/auth/password').at(-1)!.body).toEqual({ currentPassword: 'right one', newPassword: 'a new password' });
  });

  it('changes the email address with a code sent to the new one', async () => {
    signedInAs({ email: 'old@example.com' });
    mockApi({
      'POST /api/auth/email-change': ({ body }) => json(202, { email: (body as { email: string }).email }),
      'POST /api/auth/email-change/confirm': ({ body }) =>
        (body as { code: string }).code === '246810'
          ? json(200, { ...TEST_USER, email: 'new@example.com' })
          : apiError(400, 'validation_error', [{ field: 'code', code: 'is_invalid' }]),
    });
    const { user, router } = renderApp('/settings/email');
    await screen.findByRole('heading', { level: 1, name: 'Change your email address' });
    expect(screen.getByText('old@example.com')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New email address'), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    // The current password first: a stolen session must not move the account.
    const current = screen.getByLabelText('Current password');
    expect(await screen.findByText('A password is required')).toBeInTheDocument();
    expect(current).toHaveAttribute('aria-invalid', 'true');
    expect(apiCalls('POST /api/auth/email-change')).toHaveLength(0);
    await user.type(current, 'my password');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    const code = await screen.findByLabelText('Verification code');
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    await user.type(code, '111111');
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(/^Please enter a valid verification code/));
    await user.clear(code);
    await user.type(code, '246 810');
    await user.click(screen.getByRole('button', { name: 'Confirm new address' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByText('Your email address is now new@example.com.')).toBeInTheDocument();
    expect(await screen.findByText('new@example.com')).toBeInTheDocument();
    expect(apiCalls('POST /api/auth/email-change')[0]!.body).toEqual({ email: 'new@example.com', password: 'my password' });
  });

  it('refuses the current address as the new one', async () => {
    signedInAs({ email: 'old@example.com' });
    mockApi({ 'POST /api/auth/email-change': apiError(400, 'validation_error', [{ field: 'email', code: 'new_email_required' }]) });
    const { user } = renderApp('/settings/email');
    await user.type(await screen.findByLabelText('New email address'), 'old@example.com');
    await user.type(screen.getByLabelText('Current password'), 'my password');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() =>
      expect(screen.getByLabelText('New email address')).toHaveAccessibleDescription('New email cannot be the same as current email'),
    );
  });
});

describe('deleting the account', () => {
  it('says what is deleted, needs the password and a confirmation, then signs out', async () => {
    signedInAs();
    mockApi({ 'DELETE /api/auth/user': apiError(400, 'validation_error', [{ field: 'password', code: 'password_incorrect' }]) });
    const { user, router } = renderApp('/settings/delete-account');
    await screen.findByRole('heading', { level: 1, name: 'Delete your account' });
    const warning = screen.getByText('This cannot be undone. Deleting your account permanently removes:').closest('div')!;
    expect(within(warning.parentElement!).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'your reading log — every passage you have recorded',
      'your notes on passages',
      'your tags',
      'your settings, including your daily goal and reminders',
      'your account itself — your email address, password and every sign-in',
    ]);

    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/^A password is required/);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('alertdialog', { name: 'Delete your account for good?' })).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(/^Password is incorrect/));

    // Keep my account: nothing is sent.
    const sent = apiCalls('DELETE /api/auth/user').length;
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Keep my account' }));
    expect(apiCalls('DELETE /api/auth/user')).toHaveLength(sent);

    mockApi({ 'DELETE /api/auth/user': json(204), 'GET /api/auth/user': apiError(401, 'unauthenticated') });
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'right');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete everything' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Your account and all its data have been deleted.')).toBeInTheDocument();
    // Signed out again: the navigation offers to sign in (the home page does too).
    await waitFor(() => expect(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: 'Sign in' })).toBeInTheDocument());
    expect(apiCalls('DELETE /api/auth/user').at(-1)!.body).toEqual({ password: 'right' });
    // The server ended the session; no separate logout call.
    expect(apiCalls('POST /api/auth/logout')).toEqual([]);
  });

  it('asks an account without a password for a fresh sign-in', async () => {
    signedInAs({ hasPassword: false, googleLinked: true });
    mockApi({ 'DELETE /api/auth/user': apiError(400, 'validation_error', [{ field: 'password', code: 'required' }]) });
    const { user } = renderApp('/settings/delete-account');
    await screen.findByRole('heading', { level: 1, name: 'Delete your account' });
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete everything' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/sign out and sign in again with Google/);
    expect(apiCalls('DELETE /api/auth/user')[0]!.body).toEqual({});
  });
});

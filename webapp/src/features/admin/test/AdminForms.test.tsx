import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { apiCalls, apiError, json, mockApi, signedInAs } from '@/test/http';
import { renderApp } from '@/test/renderApp';

const OTHER = {
  id: 'u2',
  email: 'reader@example.com',
  emailVerified: true,
  isAdmin: false,
  createdAt: '2026-01-02T10:00:00Z',
  lastActiveAt: null,
  signInMethods: ['password'],
};

describe('Deleting an account', () => {
  beforeEach(() => {
    signedInAs({ isAdmin: true });
    mockApi({
      'GET /api/admin/users': () => json(200, { size: 1, results: [{ ...OTHER, entries: 3 }] }),
      'GET /api/admin/users/u2': () => json(200, { ...OTHER, sessions: 1, counts: { entries: 3, notes: 0, tags: 0, feedback: 0 } }),
    });
  });

  async function openDialog() {
    const { user } = renderApp('/admin/users?user=u2');
    await user.click(await screen.findByRole('button', { name: 'Delete account' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete reader@example.com?' });
    return { user, dialog, address: within(dialog).getByRole('textbox', { name: 'Type the address to confirm' }) };
  }

  it('asks for the address typed out, beside the field, and sends nothing until it matches', async () => {
    const { user, dialog, address } = await openDialog();
    expect(address).toHaveFocus();
    await user.type(address, 'reader@example');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(address).toHaveFocus();
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(address).toHaveAccessibleDescription(/Type reader@example\.com exactly\./);
    expect(apiCalls('POST /api/admin/users/u2/delete')).toHaveLength(0);

    await user.type(address, '.com');
    expect(address).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the typed address when the server refuses, and says why', async () => {
    mockApi({ 'POST /api/admin/users/u2/delete': () => apiError(500, 'internal_error') });
    const { user, dialog, address } = await openDialog();
    await user.type(address, 'reader@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side');
    expect(address).toHaveValue('reader@example.com');
    expect(apiCalls('POST /api/admin/users/u2/delete')[0]!.body).toEqual({ confirmEmail: 'reader@example.com' });
  });
});

describe('The engagement range', () => {
  beforeEach(() => {
    signedInAs({ isAdmin: true });
    mockApi({ 'GET /api/admin/engagement': () => json(200, { days: [], cohorts: [] }) });
  });

  it('refuses a range shorter than a week on the first date, and shows a valid one', async () => {
    const { router, user } = renderApp('/admin/engagement');
    const from = await screen.findByLabelText('From');
    const to = screen.getByLabelText('To');
    fireEvent.change(from, { target: { value: '2026-03-01' } });
    fireEvent.change(to, { target: { value: '2026-03-03' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(from).toHaveFocus();
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription('Choose a range of 7 days to a year, ending no later than today.');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a range of 7 days to a year');
    expect(router.state.location.search).toBe('');

    fireEvent.change(to, { target: { value: '2026-03-31' } });
    expect(from).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?from=2026-03-01&to=2026-03-31'));
    await waitFor(() =>
      expect(apiCalls('GET /api/admin/engagement').some((call) => call.url.searchParams.get('from') === '2026-03-01')).toBe(true),
    );
  });
});

import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ensureLocale } from '@/shared/i18n';
import { renderWithProviders } from '@/test/renderApp';
import type { Change } from './changes';
import { OfflineStatus } from './OfflineStatus';
import { changeQueued, changeRejected, connectivityChanged } from './slice';

const change = (seq: number, kind: Change['kind'], path: string): Change => ({ seq, kind, method: 'POST', path, key: `k${seq}`, optimistic: {} });

describe('OfflineStatus', () => {
  it('says nothing while online with nothing waiting', () => {
    renderWithProviders(<OfflineStatus />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says "Offline" and how many changes wait, pluralised', async () => {
    const { store } = renderWithProviders(<OfflineStatus />);
    store.dispatch(connectivityChanged(false));
    store.dispatch(changeQueued(change(1, 'addEntries', '/log-entries/batch')));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('Offline');
    expect(status).toHaveTextContent('1 change waiting to sync');
    store.dispatch(changeQueued(change(2, 'addEntries', '/log-entries/batch')));
    store.dispatch(changeQueued(change(3, 'createNote', '/passage-notes')));
    await screen.findByText('3 changes waiting to sync');

    await ensureLocale('uk');
    await screen.findByText('3 зміни чекають на синхронізацію');
    await ensureLocale('de');
    await screen.findByText('3 Änderungen warten auf die Synchronisierung');
  });

  it('shows a refused change with the server reason until it is dismissed', async () => {
    const { store, user } = renderWithProviders(<OfflineStatus />);
    store.dispatch(changeQueued(change(1, 'createNote', '/passage-notes')));
    store.dispatch(
      changeRejected({ ...change(1, 'createNote', '/passage-notes'), rejected: { status: 400, data: { error: { code: 'validation_error', errors: [{ code: 'invalid_request' }] } } } }),
    );
    store.dispatch(changeRejected({ ...change(2, 'updateEntry', '/log-entries/e1'), method: 'PUT', rejected: { status: 404, data: { error: { code: 'not_found' } } } }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'A note you wrote was not saved: Invalid requestDismiss',
      'This entry was deleted on another device in the meantime, so your change to it was not saved.Dismiss',
    ]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(1));
  });
});

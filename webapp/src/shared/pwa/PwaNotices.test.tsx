import { act, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ensureLocale } from '@/shared/i18n';
import { renderWithProviders } from '@/test/renderApp';
import { INSTALL_DISMISSED_KEY, OFFLINE_READY_SHOWN_KEY, PwaNotices } from './PwaNotices';
import { announceOfflineReady, listenForInstallPrompt, offerUpdate, resetPwaState } from './pwaState';

function installPromptEvent(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
    prompt: vi.fn(() => Promise.resolve()),
    userChoice: Promise.resolve({ outcome, platform: 'web' }),
  });
  act(() => {
    window.dispatchEvent(event);
  });
  return event;
}

function renderNotices(path = '/today', offerInstall = true) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[path]}>
      <PwaNotices offerInstall={offerInstall} />
    </MemoryRouter>,
  );
}

let stopListening: () => void = () => {};

beforeEach(() => {
  stopListening = listenForInstallPrompt();
});

afterEach(() => {
  stopListening();
  resetPwaState();
});

describe('update prompt', () => {
  it('says a new version is available and reloads into it on Reload', async () => {
    const apply = vi.fn(() => Promise.resolve());
    const { user } = renderNotices();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    act(() => offerUpdate(apply));
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent('A new version is available.');
    await user.tab();
    const reload = screen.getByRole('button', { name: 'Reload' });
    expect(reload).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('speaks the page language', async () => {
    // The locale root route switches the language in the app.
    await act(() => ensureLocale('de'));
    renderNotices('/de/today');
    act(() => offerUpdate(() => Promise.resolve()));
    expect(await screen.findByRole('status')).toHaveTextContent('Eine neue Version ist verfügbar.');
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeInTheDocument();
  });
});

describe('install offer', () => {
  it('keeps the browser prompt and shows it on Install app', async () => {
    const { user } = renderNotices();
    const event = installPromptEvent();
    expect(event.defaultPrevented).toBe(true);
    const offer = await screen.findByRole('region', { name: 'Install Lamplight' });
    expect(offer).toHaveTextContent('works without a connection');

    await user.click(screen.getByRole('button', { name: 'Install app' }));
    expect(event.prompt).toHaveBeenCalledTimes(1);
    // A prompt can be shown once: the offer goes.
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Install Lamplight' })).not.toBeInTheDocument());
  });

  it('remembers Not now in this browser', async () => {
    const { user, unmount } = renderNotices();
    installPromptEvent();
    await user.click(await screen.findByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Install Lamplight' })).not.toBeInTheDocument();
    expect(localStorage.getItem(INSTALL_DISMISSED_KEY)).not.toBeNull();
    unmount();

    // Next visit: the browser offers again, the reader is not asked again.
    renderNotices();
    installPromptEvent();
    act(() => offerUpdate(() => Promise.resolve()));
    await screen.findByRole('status');
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();
  });

  it('is not offered to visitors who are not signed in, nor once the app is installed', async () => {
    const { rerender } = renderNotices('/today', false);
    installPromptEvent();
    act(() => offerUpdate(() => Promise.resolve()));
    await screen.findByRole('status');
    expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument();

    rerender(
      <MemoryRouter initialEntries={['/today']}>
        <PwaNotices offerInstall />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('button', { name: 'Install app' })).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new Event('appinstalled'));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Install app' })).not.toBeInTheDocument());
  });
});

describe('offline ready', () => {
  it('says once that Lamplight now works offline', async () => {
    localStorage.removeItem(OFFLINE_READY_SHOWN_KEY);
    const { user, unmount } = renderNotices();
    act(() => announceOfflineReady());
    expect(await screen.findByRole('status')).toHaveTextContent('Lamplight now works offline');
    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    unmount();

    renderNotices();
    act(() => announceOfflineReady());
    expect(screen.queryByText(/Lamplight now works offline/)).not.toBeInTheDocument();
  });
});

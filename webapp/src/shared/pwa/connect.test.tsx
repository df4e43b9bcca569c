import { act, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { RegisterSWOptions } from 'vite-plugin-pwa/types';
import { afterEach, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/renderApp';
import { connectServiceWorker } from './connect';
import { PwaNotices } from './PwaNotices';
import { resetPwaState } from './pwaState';

afterEach(() => resetPwaState());

it('waits for the reader: a new version is offered, and Reload lets it take over', async () => {
  let options: RegisterSWOptions = {};
  const updateSW = vi.fn(() => Promise.resolve());
  connectServiceWorker((given) => {
    options = given;
    return updateSW;
  });
  const { user } = renderWithProviders(
    <MemoryRouter initialEntries={['/today']}>
      <PwaNotices offerInstall />
    </MemoryRouter>,
  );
  expect(screen.queryByRole('status')).not.toBeInTheDocument();

  act(() => options.onNeedRefresh?.());
  await user.click(await screen.findByRole('button', { name: 'Reload' }));
  expect(updateSW).toHaveBeenCalledWith(true);
  expect(screen.getByRole('button', { name: 'Reload' })).toHaveAttribute('aria-busy', 'true');
});

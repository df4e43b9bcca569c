import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { appRoutes } from '@/app/router';
import { makeStore, type AppStore } from '@/app/store';

/** Renders the whole app (real store, real routes) at a path, in a memory router. */
export function renderApp(path = '/', { store = makeStore() }: { store?: AppStore } = {}) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...utils, router, store, user };
}

/** Renders a component with the app's providers (store, i18n, dialogs, toasts), without routes. */
export function renderWithProviders(ui: ReactNode, { store = makeStore() }: { store?: AppStore } = {}) {
  const user = userEvent.setup();
  const utils = render(<AppProviders store={store}>{ui}</AppProviders>);
  return { ...utils, store, user };
}

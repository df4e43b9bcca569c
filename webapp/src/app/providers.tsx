import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { i18n } from '@/shared/i18n';
import { DialogProvider, Toasts } from '@/shared/ui';
import type { AppStore } from './store';

/** Everything a page needs around it except the router: store, translations, dialogs, toasts. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <DialogProvider>
          {children}
          <Toasts />
        </DialogProvider>
      </I18nextProvider>
    </Provider>
  );
}

import '@/shared/ui/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { registerServiceWorker } from '@/app/serviceWorker';
import { makeStore } from '@/app/store';
import { installPreloadErrorHandler } from '@/shared/lib/chunkReload';

installPreloadErrorHandler();

const store = makeStore();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);

registerServiceWorker();

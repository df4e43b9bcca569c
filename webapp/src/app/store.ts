import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { baseApi } from '@/shared/api';
import { authSlice } from '@/shared/auth';
import { offlineSlice, startOffline } from '@/shared/offline';
import { toastsSlice } from '@/shared/ui/toast';

// Feature slices (if a feature needs client state beyond RTK Query) are added here.
const rootReducer = combineSlices(baseApi, toastsSlice, authSlice, offlineSlice);

export type RootState = ReturnType<typeof rootReducer>;

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware),
  });
  setupListeners(store.dispatch);
  startOffline(store);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

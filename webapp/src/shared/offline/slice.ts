import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Change } from './changes';

export interface OfflineState {
  /** False once the browser says so or a request got no answer; true again on any answer. */
  online: boolean;
  /** Whether the queue has been read from IndexedDB (writes wait for it, to keep their order). */
  loaded: boolean;
  /** Changes not sent yet, oldest first. */
  waiting: Change[];
  /** Changes the server refused, kept until the reader dismisses them. */
  rejected: Change[];
}

const initialState: OfflineState = {
  online: typeof navigator === 'undefined' || navigator.onLine !== false,
  loaded: false,
  waiting: [],
  rejected: [],
};

export const offlineSlice = createSlice({
  name: 'offline',
  initialState,
  reducers: {
    connectivityChanged(state, action: PayloadAction<boolean>) {
      state.online = action.payload;
    },
    queueLoaded(state, action: PayloadAction<Change[]>) {
      state.loaded = true;
      state.waiting = action.payload.filter((change) => !change.rejected);
      state.rejected = action.payload.filter((change) => change.rejected);
    },
    changeQueued(state, action: PayloadAction<Change>) {
      state.waiting.push(action.payload);
    },
    changeApplied(state, action: PayloadAction<number>) {
      state.waiting = state.waiting.filter((change) => change.seq !== action.payload);
    },
    changeRejected(state, action: PayloadAction<Change>) {
      // Once only, also when the queue was read after the service worker had marked it refused.
      state.waiting = state.waiting.filter((change) => change.seq !== action.payload.seq);
      state.rejected = state.rejected.filter((change) => change.seq !== action.payload.seq);
      state.rejected.push(action.payload);
    },
    rejectionDismissed(state, action: PayloadAction<number>) {
      state.rejected = state.rejected.filter((change) => change.seq !== action.payload);
    },
    offlineDataCleared(state) {
      state.waiting = [];
      state.rejected = [];
    },
  },
  selectors: {
    selectOnline: (state) => state.online,
    selectWaiting: (state) => state.waiting,
    selectRejected: (state) => state.rejected,
  },
});

export const { connectivityChanged, queueLoaded, changeQueued, changeApplied, changeRejected, rejectionDismissed, offlineDataCleared } = offlineSlice.actions;

type WithOffline = { [offlineSlice.reducerPath]?: OfflineState };

/** The slice's state; shared code does not know the app's root state, and tests may build a store without it. */
export function offlineState(state: unknown): OfflineState {
  return (state as WithOffline)[offlineSlice.reducerPath] ?? initialState;
}

import { createSlice, nanoid, type PayloadAction } from '@reduxjs/toolkit';

export type ToastKind = 'info' | 'success' | 'warning' | 'error';

export interface Toast {
  id: string;
  kind: ToastKind;
  message: string;
  title?: string;
}

export interface ToastsState {
  items: Toast[];
}

export const TOAST_LIFETIME_MS = 5000;
const MAX_VISIBLE = 5;

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: 'toasts',
  initialState,
  reducers: {
    toastShown: {
      reducer(state, action: PayloadAction<Toast>) {
        state.items.push(action.payload);
        if (state.items.length > MAX_VISIBLE) state.items.shift();
      },
      prepare(toast: Omit<Toast, 'id'> & { id?: string }) {
        return { payload: { ...toast, id: toast.id ?? nanoid() } };
      },
    },
    toastDismissed(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastShown, toastDismissed } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;

import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthUiState {
  /**
   * While Log Out (or deleting the account) takes the app to the home page: the router location
   * key it started from. Guards render nothing meanwhile instead of sending the reader to /login;
   * the app clears it once the next page is shown.
   */
  signingOutFrom: string | null;
}

const initialState: AuthUiState = { signingOutFrom: null };

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    signOutStarted(state, action: PayloadAction<string>) {
      state.signingOutFrom = action.payload;
    },
    signOutFinished(state) {
      state.signingOutFrom = null;
    },
  },
  selectors: {
    selectSigningOutFrom: (state) => state.signingOutFrom,
  },
});

export const { signOutStarted, signOutFinished } = authSlice.actions;
export const { selectSigningOutFrom } = authSlice.selectors;

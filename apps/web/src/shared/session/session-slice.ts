/** Session state: isLogin flag, access token, the signed-in staff member. */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Role } from '@registrar/contract/permissions';

export interface StaffUser {
  _id: string;
  name: string;
  email: string;
  phone?: string | null;
  /** Missing only in a session stored before roles existed; the profile check fills it in. */
  role?: Role;
}

export interface SessionState {
  isLogin: boolean;
  accessToken: string | null;
  user: StaffUser | null;
  /** The last staff member who signed in, for the lock screen. */
  lastUser: Pick<StaffUser, 'name' | 'email'> | null;
}

const initialState: SessionState = { isLogin: false, accessToken: null, user: null, lastUser: null };

export const sessionSlice = createSlice({
  name: 'session',
  initialState,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: StaffUser }>) {
      state.isLogin = true;
      state.accessToken = action.payload.token;
      state.user = action.payload.user;
      state.lastUser = { name: action.payload.user.name, email: action.payload.user.email };
    },
    userUpdated(state, action: PayloadAction<StaffUser>) {
      state.user = action.payload;
      state.lastUser = { name: action.payload.name, email: action.payload.email };
    },
    signedOut(state) {
      state.isLogin = false;
      state.accessToken = null;
      state.user = null;
    },
  },
});

export const { signedIn, signedOut, userUpdated } = sessionSlice.actions;

/** Reads the session from any store that mounts this slice under `session` (features cannot import app/). */
export const selectSession = (state: { session: SessionState }) => state.session;

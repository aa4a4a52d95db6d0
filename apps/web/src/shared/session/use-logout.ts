/**
 * Logout: send `POST /api/logout` when a token is held, then — whatever the server
 * answered, even nothing — clear the session, drop all server state and go to /login. The last
 * staff member is remembered for the lock screen.
 *
 * Usage: `const logout = useLogout(); <button onClick={() => void logout()}>Logout</button>`
 */
import { useCallback } from 'react';
import { useDispatch, useStore } from 'react-redux';
import { useNavigate } from 'react-router';
import { apiFetch } from '../api/api-fetch';
import { baseApi } from '../api/base-api';
import { requestSucceeded } from '../state/services-slice';
import { selectSession, signedOut, type SessionState } from './session-slice';

const logoutRequest = () => apiFetch<unknown>('/api/logout', { method: 'POST' });

export function useLogout(): () => Promise<void> {
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const store = useStore<{ session: SessionState }>();

  return useCallback(async () => {
    let message = '';
    // Read the token at call time: a click may come after a 401 already signed out.
    if (selectSession(store.getState()).accessToken) {
      try {
        message = (await logoutRequest()).message;
      } catch {
        // The server could not be told (offline, already expired): sign out here all the same.
      }
    }
    dispatch(signedOut());
    dispatch(baseApi.util.resetApiState());
    if (message) dispatch(requestSucceeded(message));
    await navigate('/login', { replace: true });
  }, [dispatch, navigate, store]);
}

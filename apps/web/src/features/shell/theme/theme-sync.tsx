/**
 * Keeps the theme customizer's choices with the staff member's profile, so they survive
 * a reload and follow the staff member to another browser:
 *
 * - before the shell paints, the settings the session brought (login answer, restored session);
 * - then the freshest copy from `GET /api/user-profile` (another browser may have changed them),
 *   unless a choice was made here meanwhile;
 * - every choice made here is saved with `PUT /api/user-profile {name, phone, themeSettings}`,
 *   debounced, one request at a time (the last choice always wins), and sent with `keepalive`
 *   when the page is left before the debounce has run out.
 *
 * These calls go through `apiFetch` rather than RTK Query mutations on purpose: the services
 * slice toasts every mutation's message, and a background autosave must not say "Profile updated"
 * on every click. The customizer shows the save state instead; a failure toasts once.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useStore } from 'react-redux';
import type { ThemeSettings } from '@registrar/contract/theme-settings';
import { apiFetch, looksLikeJwt } from '../../../shared/api/api-fetch';
import { baseApi } from '../../../shared/api/base-api';
import { requestFailed } from '../../../shared/state/services-slice';
import type { StaffUser as ProfileUser } from '@registrar/contract/staff';
import { sessionApi, useGetUserProfileQuery } from '../../../shared/session/session-api';
import { userUpdated, type SessionState, type StaffUser } from '../../../shared/session/session-slice';
import { themeChanged, themeReplaced } from './theme-slice';

export const THEME_SAVE_DEBOUNCE_MS = 600;
export const PROFILE_PATH = apiPaths.userProfile;
export const THEME_SAVE_FAILED = 'Your theme settings could not be saved';

export type ThemeSaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

interface SyncRootState {
  session: SessionState;
  themeSetting: ThemeSettings;
}

/** The session's user may carry the settings stored with the profile (contract StaffUser). */
const storedSettings = (user: StaffUser | ProfileUser | null | undefined): unknown =>
  (user as { themeSettings?: unknown } | null | undefined)?.themeSettings;

function profileBody(state: SyncRootState) {
  const user = state.session.user;
  if (!user) return null;
  return { name: user.name, phone: user.phone ? user.phone : null, themeSettings: state.themeSetting };
}

export interface ThemeControls {
  /** A choice made by the staff member: applied at once, saved shortly after. */
  change: (patch: Partial<ThemeSettings>) => void;
  saveState: ThemeSaveState;
  /** Saves any unsaved choice now (the Retry button, or before signing out). */
  flush: () => Promise<void>;
}

const ThemeControlsContext = createContext<ThemeControls | null>(null);

export function useThemeControls(): ThemeControls {
  const controls = useContext(ThemeControlsContext);
  if (!controls) throw new Error('useThemeControls needs a <ThemeSyncProvider>');
  return controls;
}

export function ThemeSyncProvider({
  children,
  debounceMs = THEME_SAVE_DEBOUNCE_MS,
}: {
  children: ReactNode;
  debounceMs?: number;
}) {
  const store = useStore<SyncRootState>();
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  const [saveState, setSaveState] = useState<ThemeSaveState>('idle');
  const changedHere = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef<Promise<void> | null>(null);
  const again = useRef(false);
  /** A choice not yet acknowledged by the server (waiting, or its save failed). */
  const unsaved = useRef(false);
  const failureReported = useRef(false);

  // The session's copy, before the first paint: no flash of the default theme on reload.
  useLayoutEffect(() => {
    dispatch(themeReplaced(storedSettings(store.getState().session.user)));
  }, [store, dispatch]);

  // The server's copy (the cache entry the session guard also reads): choices made in another
  // browser since this session began. A choice made here meanwhile wins.
  const hasToken = looksLikeJwt(store.getState().session.accessToken);
  const { data: profileUser } = useGetUserProfileQuery(undefined, { skip: !hasToken });
  useEffect(() => {
    if (profileUser && !changedHere.current) dispatch(themeReplaced(storedSettings(profileUser)));
  }, [profileUser, dispatch]);

  const saveOnce = useCallback(async () => {
    const body = profileBody(store.getState());
    if (!body) return;
    unsaved.current = false;
    setSaveState('saving');
    try {
      const envelope = await apiFetch<{ user?: ProfileUser }>(PROFILE_PATH, { method: 'PUT', body });
      const saved = envelope.data?.user;
      if (saved) {
        dispatch(userUpdated(saved));
        dispatch(sessionApi.util.upsertQueryData('getUserProfile', undefined, saved));
      } else dispatch(baseApi.util.invalidateTags(['Profile']));
      failureReported.current = false;
      setSaveState('saved');
    } catch {
      unsaved.current = true;
      setSaveState('error');
      if (!failureReported.current) dispatch(requestFailed(THEME_SAVE_FAILED));
      failureReported.current = true;
    }
  }, [store, dispatch]);

  /** Saves what is unsaved now. One save at a time; a choice made during a save follows it. */
  const flush = useCallback((): Promise<void> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (inFlight.current) {
      if (unsaved.current) again.current = true;
      return inFlight.current;
    }
    if (!unsaved.current) return Promise.resolve();
    const run = (async () => {
      do {
        again.current = false;
        await saveOnce();
      } while (again.current);
    })().finally(() => {
      inFlight.current = null;
    });
    inFlight.current = run;
    return run;
  }, [saveOnce]);

  const change = useCallback(
    (patch: Partial<ThemeSettings>) => {
      dispatch(themeChanged(patch));
      changedHere.current = true;
      unsaved.current = true;
      setSaveState('pending');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), debounceMs);
    },
    [dispatch, flush, debounceMs],
  );

  // Leaving the page (reload, tab closed) before the debounce ran out: send it anyway.
  useEffect(() => {
    const sendNow = () => {
      if (!timer.current) return;
      clearTimeout(timer.current);
      timer.current = null;
      unsaved.current = false;
      const state = store.getState();
      const body = profileBody(state);
      const token = state.session.accessToken;
      if (!body || !looksLikeJwt(token)) return;
      void fetch(PROFILE_PATH, {
        method: 'PUT',
        keepalive: true,
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      }).catch(() => undefined);
    };
    window.addEventListener('pagehide', sendNow);
    return () => {
      window.removeEventListener('pagehide', sendNow);
      sendNow();
    };
  }, [store]);

  const controls = useMemo(() => ({ change, saveState, flush }), [change, saveState, flush]);
  return <ThemeControlsContext.Provider value={controls}>{children}</ThemeControlsContext.Provider>;
}

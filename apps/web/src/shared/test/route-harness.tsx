/**
 * Test-only: renders a screen inside a real store (session, services, RTK Query) and a memory
 * router, with `fetch` answered by a mock. Features cannot import app/, so this mirrors the app's
 * store wiring (apiFetch's token and 401 hooks) on a small scale.
 */
import type { ThemeSettings } from '@registrar/contract/theme-settings';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import { configureApiFetch } from '../api/api-fetch';
import { baseApi } from '../api/base-api';
import { requestFailed, requestSucceeded, servicesSlice } from '../state/services-slice';
import { NotifyProvider } from '../ui/notify';
import { sessionSlice, signedOut, type SessionState } from '../session/session-slice';

export const STAFF = {
  _id: '0195f6a4-6d1e-7a3b-9c2d-1f2e3d4c5b6a',
  name: 'Asha Verma',
  email: 'asha@registrar.test',
  role: 'admin' as const,
  phone: '9876543210',
  themeSettings: null as ThemeSettings | null,
  enrollmentMail: 'digest' as const,
  createdAt: '2026-01-15T09:30:00.000Z',
  updatedAt: '2026-01-15T09:30:00.000Z',
};
export const JWT = 'header.payload.signature';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const reducer = combineReducers({
  session: sessionSlice.reducer,
  services: servicesSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export function createTestStore(session: Partial<SessionState> = {}) {
  const store = configureStore({
    reducer,
    preloadedState: {
      session: { isLogin: false, accessToken: null, user: null, lastUser: null, ...session },
    } as Partial<ReturnType<typeof reducer>>,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  const onUnauthorized = vi.fn(() => {
    store.dispatch(signedOut());
  });
  configureApiFetch({ getToken: () => store.getState().session.accessToken, onUnauthorized });
  return { store, onUnauthorized };
}

/** The places a screen may send the browser, each saying where it is. */
const landings: RouteObject[] = ['/login', '/dashboard', '/forgotPassword'].map((path) => ({
  path,
  element: <p>Landed on {path}</p>,
}));

export function renderRoute(
  element: ReactElement,
  { path, url = path, session }: { path: string; url?: string; session?: Partial<SessionState> },
) {
  const { store, onUnauthorized } = createTestStore(session);
  const router = createMemoryRouter([{ path, element }, ...landings.filter((r) => r.path !== path)], {
    initialEntries: [url],
  });
  const view = render(
    <Provider store={store}>
      <NotifyProvider
        value={(message, type) => store.dispatch(type === 'error' ? requestFailed(message) : requestSucceeded(message))}
      >
        <RouterProvider router={router} />
      </NotifyProvider>
    </Provider>,
  );
  return { ...view, store, router, onUnauthorized };
}

/** Installs a fetch mock for one test; restore with `vi.unstubAllGlobals()`. */
export function mockFetch() {
  const fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body and headers of the n-th call of a fetch mock. */
export function sentRequest(fetchMock: ReturnType<typeof mockFetch>, n = 0) {
  const [url, init] = fetchMock.mock.calls[n]!;
  return {
    url: String(url),
    method: init?.method ?? 'GET',
    headers: (init?.headers ?? {}) as Record<string, string>,
    body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
  };
}

/**
 * One fetch mock for a test file, emptied and installed before each test; after each, the page is
 * cleaned up and the real fetch is back.
 */
export function fetchMockPerTest() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return fetchMock;
}

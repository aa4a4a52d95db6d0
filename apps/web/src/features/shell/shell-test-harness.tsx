/**
 * Test-only: the admin shell inside a real store (session, theme, services, RTK Query) and a
 * memory router, with `fetch` answered by a mock. Features cannot import app/, so this mirrors
 * the app's store wiring on a small scale.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { ThemeSettings } from '@registrar/contract/theme-settings';
import { configureApiFetch } from '../../shared/api/api-fetch';
import { baseApi } from '../../shared/api/base-api';
import { servicesSlice } from '../../shared/state/services-slice';
import { sessionSlice, signedOut, type SessionState, type StaffUser } from '../../shared/session/session-slice';
import { themeSettingSlice } from './theme/theme-slice';
import { AdminLayout } from './admin-layout';
import { JWT, STAFF, json } from '../../shared/test/route-harness';

export { JWT, STAFF, json } from '../../shared/test/route-harness';

const reducer = combineReducers({
  session: sessionSlice.reducer,
  services: servicesSlice.reducer,
  themeSetting: themeSettingSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export function createShellStore(user: (StaffUser & { themeSettings?: ThemeSettings | null }) | null = STAFF) {
  const session: SessionState = {
    isLogin: Boolean(user),
    accessToken: user ? JWT : null,
    user,
    lastUser: user ? { name: user.name, email: user.email } : null,
  };
  const store = configureStore({
    reducer,
    preloadedState: { session } as Partial<ReturnType<typeof reducer>>,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  configureApiFetch({
    getToken: () => store.getState().session.accessToken,
    onUnauthorized: () => store.dispatch(signedOut()),
  });
  return store;
}

/** Answers GET /api/user-profile with `user` and PUT with the body it was sent. */
export function mockProfileApi(user: typeof STAFF = STAFF) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    if (url.endsWith(apiPaths.userProfile) && (init?.method ?? 'GET') === 'GET')
      return json(200, { success: true, message: '', data: { user } });
    if (url.endsWith(apiPaths.userProfile) && init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as Partial<typeof STAFF>;
      return json(200, { success: true, message: 'Profile updated', data: { user: { ...user, ...body } } });
    }
    if (url.endsWith(apiPaths.logout)) return json(200, { success: true, message: 'Signed out', data: null });
    return json(404, { success: false, message: 'Not found', error: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export const putBodies = (fetchMock: ReturnType<typeof mockProfileApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'PUT')
    .map(
      ([, init]) =>
        JSON.parse(String(init?.body)) as { name: string; phone: string | null; themeSettings: ThemeSettings },
    );

const screenRoutes: RouteObject[] = [
  { index: true, element: <h1>Dashboard</h1> },
  ...['dashboard', 'courses', 'student-enrollments', 'student-inquires', 'terms-condition', 'profile'].map((path) => ({
    path,
    element: <h1>Screen {path}</h1>,
  })),
  { path: 'login', element: <h1>Login</h1> },
];

export function renderShell({ url = '/dashboard', store = createShellStore() } = {}) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <AdminLayout />, children: screenRoutes.filter((r) => r.path !== 'login') },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [url] },
  );
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

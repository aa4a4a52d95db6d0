/**
 * Test-only: renders a screen with a real store (session, services, RTK Query) in a memory router,
 * with `fetch` answered by a handler. Features cannot import app/, so this mirrors the app's store
 * wiring on a small scale.
 */
import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { configureApiFetch } from '../api/api-fetch';
import { baseApi } from '../api/base-api';
import { servicesSlice } from '../state/services-slice';
import type { Role } from '@registrar/contract/permissions';
import { sessionSlice } from '../session/session-slice';

// A busy machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface SentRequest {
  url: URL;
  method: string;
  body: unknown;
}

/** Answers every fetch through `handler` and records what was sent. */
export function fakeServer(handler: (request: SentRequest) => Response | Promise<Response>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request: SentRequest = {
      url: new URL(String(input), 'http://registrar.test'),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

const reducer = combineReducers({
  services: servicesSlice.reducer,
  session: sessionSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

/** Screens render for an admin unless a test asks for another role. */
export function renderScreen(
  element: ReactElement,
  { path, url = path, role = 'admin' }: { path: string; url?: string; role?: Role },
) {
  const user = { _id: 'staff-1', name: 'Asha Verma', email: 'asha@registrar.test', role };
  const store = configureStore({
    reducer,
    preloadedState: { session: { isLogin: true, accessToken: 'header.payload.signature', user, lastUser: null } },
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  configureApiFetch({ getToken: () => 'header.payload.signature', onUnauthorized: vi.fn() });
  const routes: RouteObject[] = [
    { path, element },
    { path: '/elsewhere', element: <p>Somewhere else</p> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

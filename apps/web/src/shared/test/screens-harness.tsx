/**
 * Test-only: the inquiries screens with a real store (session, services, RTK Query) in a memory
 * router, and `fetch` answered by an in-memory fake of the inquiries API.
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
import { sessionSlice } from '../session/session-slice';

configure({ asyncUtilTimeout: 5000 });

export const JWT = 'header.payload.signature';

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export interface SentRequest {
  url: URL;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

export function fakeServer(handler: (request: SentRequest) => Response | Promise<Response>) {
  const requests: SentRequest[] = [];
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const request: SentRequest = {
      url: new URL(String(input), 'http://registrar.test'),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: (init?.headers ?? {}) as Record<string, string>,
    };
    requests.push(request);
    return handler(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

const reducer = combineReducers({
  session: sessionSlice.reducer,
  services: servicesSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export function renderScreens(routes: RouteObject[], url: string) {
  const store = configureStore({
    reducer,
    preloadedState: {
      session: {
        isLogin: true,
        accessToken: JWT,
        user: { _id: 'staff-1', name: 'Asha Verma', email: 'asha@registrar.test', role: 'admin' },
        lastUser: null,
      },
    } as Partial<ReturnType<typeof reducer>>,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
  });
  configureApiFetch({ getToken: () => store.getState().session.accessToken, onUnauthorized: vi.fn() });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

export const route = (path: string, element: ReactElement): RouteObject => ({ path, element });

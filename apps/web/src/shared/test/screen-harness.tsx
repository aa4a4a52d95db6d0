/**
 * Test-only: renders screens signed in (an admin unless a test asks for another role) with the
 * store of `route-harness` (session, services, RTK Query, apiFetch's hooks) in a memory router, and
 * `fetch` answered by a handler that records every request. Features cannot import app/, so this
 * mirrors the app's wiring on a small scale.
 */
import { configure, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { Role } from '@registrar/contract/permissions';
import { createTestStore, JWT, json } from './route-harness';

export { JWT, json };

// A busy machine can take more than the default second to answer and render.
configure({ asyncUtilTimeout: 5000 });

export interface SentRequest {
  url: URL;
  method: string;
  body: unknown;
  headers: Record<string, string>;
}

/** Answers every fetch through `handler` and records what was sent. */
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

export const route = (path: string, element: ReactElement): RouteObject => ({ path, element });

export function renderScreens(routes: RouteObject[], url: string, { role = 'admin' }: { role?: Role } = {}) {
  const { store } = createTestStore({
    isLogin: true,
    accessToken: JWT,
    user: { _id: 'staff-1', name: 'Asha Verma', email: 'asha@registrar.test', role },
  });
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { ...view, store, router };
}

/** One screen at `path`, beside a page at /elsewhere for where it may send the browser. */
export function renderScreen(
  element: ReactElement,
  { path, url = path, role }: { path: string; url?: string; role?: Role },
) {
  return renderScreens([route(path, element), route('/elsewhere', <p>Somewhere else</p>)], url, { role });
}

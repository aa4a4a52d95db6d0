import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@registrar/contract/constants';
import { MESSAGES } from '@registrar/contract/messages';
import { ChunkErrorBoundary, ChunkLoadError, lazyRoute, lazyScreen, loadChunk, toChunkLoadError } from './lazy-screen';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function renderLazy(lazy: RouteObject['lazy']) {
  const router = createMemoryRouter([
    {
      path: '/',
      HydrateFallback: () => <p>Loading…</p>,
      lazy,
      errorElement: <ChunkErrorBoundary fallback={<h1>Other error</h1>} />,
    },
  ]);
  render(<RouterProvider router={router} />);
}

describe('lazy screens that fail visibly', () => {
  it('renders the screen when its chunk loads', async () => {
    renderLazy(
      lazyScreen(
        async () => ({ Courses: () => <h1>Courses</h1> }),
        (m) => m.Courses,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Courses' })).toBeTruthy();
  });

  it("shows 'Loading chunk failed' and a Reload button when the import fails", async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderLazy(
      lazyScreen(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/courses-x1.js')),
        (m: { C: React.ComponentType }) => m.C,
      ),
    );
    expect(await screen.findByRole('heading', { name: MESSAGES.loadingChunkFailed })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("shows 'Loading CSS chunk failed' when the screen's styles fail (Vite's preload error)", async () => {
    renderLazy(
      lazyScreen(
        () => Promise.reject(new Error('Unable to preload CSS for http://x/assets/admin-layout-1.css')),
        (m: { C: React.ComponentType }) => m.C,
      ),
    );
    expect(await screen.findByRole('heading', { name: MESSAGES.loadingCssChunkFailed })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
  });

  it('gives up after CHUNK_LOAD_TIMEOUT_MS (120000 ms) and says so', async () => {
    vi.useFakeTimers();
    const never = () => new Promise<{ C: React.ComponentType }>(() => undefined);
    renderLazy(lazyScreen(never, (m) => m.C));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('heading', { name: MESSAGES.loadingChunkFailed })).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(screen.getByRole('heading', { name: MESSAGES.loadingChunkFailed })).toBeTruthy();
    expect(screen.getByText(/took too long/)).toBeTruthy();
  });

  it('leaves other route errors to the fallback', async () => {
    renderLazy(async () => {
      throw new Response('', { status: 500 });
    });
    expect(await screen.findByRole('heading', { name: 'Other error' })).toBeTruthy();
  });
});

describe('loadChunk', () => {
  it('rejects with a timed-out ChunkLoadError after the time-out', async () => {
    vi.useFakeTimers();
    const pending = loadChunk(() => new Promise(() => undefined), 50);
    const outcome = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', kind: 'script', timedOut: true });
    await vi.advanceTimersByTimeAsync(50);
    await outcome;
  });

  it('keeps the original failure as the cause, and maps a synchronous throw too', async () => {
    const cause = new TypeError('Importing a module script failed.');
    const error = toChunkLoadError(cause);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error.message).toBe(MESSAGES.loadingChunkFailed);
    expect(error.cause).toBe(cause);
    await expect(
      loadChunk(() => {
        throw cause;
      }),
    ).rejects.toMatchObject({ message: MESSAGES.loadingChunkFailed });
  });
});

describe('ChunkErrorBoundary', () => {
  it('also recognises a raw import() failure from a route that does not use lazyScreen', async () => {
    renderLazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/p.js')));
    expect(await screen.findByRole('heading', { name: MESSAGES.loadingChunkFailed })).toBeTruthy();
  });
});

describe('lazyRoute', () => {
  it('shows the failure below a pathless parent too (a rejected lazy would render a blank page)', async () => {
    const router = createMemoryRouter(
      [
        {
          hydrateFallbackElement: <p>Loading…</p>,
          errorElement: <h1>Root error</h1>,
          children: [
            {
              path: '/',
              lazy: lazyRoute(() => Promise.reject(new Error('Unable to preload CSS for /assets/admin-layout-1.css'))),
              errorElement: <ChunkErrorBoundary as="main" fallback={<h1>Other error</h1>} />,
              children: [{ path: 'courses', element: <h1>Courses</h1> }],
            },
          ],
        },
      ],
      { initialEntries: ['/courses'] },
    );
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: MESSAGES.loadingCssChunkFailed })).toBeTruthy();
    expect(screen.getByRole('main').id).toBe('main-content');
  });
});

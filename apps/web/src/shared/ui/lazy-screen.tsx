/**
 * Lazy screens that fail visibly. A screen's code can fail to arrive:
 * the network dropped, or a new version was deployed and the old chunk names are gone. Instead of
 * a blank page the route shows 'Loading chunk failed' (or 'Loading CSS chunk failed' when its
 * styles did not load) with a Reload button; a load that hangs gives up after 120000 ms.
 *
 *   { path: 'courses', lazy: lazyScreen(() => import('../features/courses/courses-screen'), (m) => m.CoursesScreen) }
 *   { path: '/', lazy: lazyRoute(async () => ({ Component: (await loadChunk(() => import('./x'))).X })) }
 *   errorElement: <ChunkErrorBoundary fallback={<ErrorPage />} />
 *
 * Vite's `vite:preloadError` event fires for the same failures; it is deliberately not
 * prevented, so the import rejects and lands here (reloading by itself could loop while offline).
 * A failed module stays failed in the browser's module map, so recovery is a reload.
 */
import type { ComponentType, ReactNode } from 'react';
import { useRouteError } from 'react-router';
import { CHUNK_LOAD_TIMEOUT_MS } from '@registrar/contract/constants';
import { MESSAGES } from '@registrar/contract/messages';

export type ChunkKind = 'script' | 'css';

export class ChunkLoadError extends Error {
  constructor(
    readonly kind: ChunkKind,
    readonly timedOut = false,
    options?: { cause?: unknown },
  ) {
    super(kind === 'css' ? MESSAGES.loadingCssChunkFailed : MESSAGES.loadingChunkFailed, options);
    this.name = 'ChunkLoadError';
  }
}

export const isChunkLoadError = (error: unknown): error is ChunkLoadError => error instanceof ChunkLoadError;

/** Vite's preload helper rejects with `Unable to preload CSS for …` when a stylesheet fails. */
const CSS_FAILURE = /preload CSS|CSS chunk|stylesheet/i;

/** What browsers and Vite reject a failed `import()` with (Chromium, Safari, Firefox, Vite). */
const IMPORT_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i;

/** Whether a route error is a failed import, wrapped by loadChunk or raw from a plain `import()`. */
export function asChunkLoadError(error: unknown): ChunkLoadError | null {
  if (isChunkLoadError(error)) return error;
  if (error instanceof Error && IMPORT_FAILURE.test(error.message)) return toChunkLoadError(error);
  return null;
}

/** Maps whatever an import() rejected with onto the two messages staff see: 'Loading chunk failed' or 'Loading CSS chunk failed'. */
export function toChunkLoadError(error: unknown): ChunkLoadError {
  if (isChunkLoadError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new ChunkLoadError(CSS_FAILURE.test(message) ? 'css' : 'script', false, { cause: error });
}

/** `load()`, or a ChunkLoadError when it fails or has not settled after `timeoutMs`. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('script', true)), timeoutMs);
    let loading: Promise<T>;
    try {
      loading = load();
    } catch (error) {
      loading = Promise.reject(error);
    }
    loading.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(toChunkLoadError(error));
      },
    );
  });
}

/**
 * Wraps a react-router `lazy` function so that a failed load becomes a route error the route's
 * own error boundary shows. A rejected `lazy` is not enough: react-router keeps such a route
 * "still loading" and, below a pathless parent, renders nothing at all (a blank page). So the
 * failure resolves to a route whose loader throws the ChunkLoadError instead.
 */
export function lazyRoute<R extends object>(lazy: () => Promise<R>): () => Promise<R | { loader: () => never }> {
  return async () => {
    try {
      return await lazy();
    } catch (error) {
      const failure = toChunkLoadError(error);
      return {
        loader: () => {
          throw failure;
        },
      };
    }
  };
}

/**
 * A react-router `lazy` loader for one screen: imports the module (with the time-out and the
 * error mapping above) and picks its component.
 */
export function lazyScreen<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
  options: { timeoutMs?: number } = {},
) {
  return lazyRoute(async () => ({ Component: pick(await loadChunk(load, options.timeoutMs)) }));
}

const RELOAD_BUTTON = {
  minHeight: 44,
  padding: '8px 20px',
  font: 'inherit',
  fontWeight: 600,
  color: '#fff',
  background: 'var(--color-primary)',
  border: 0,
  borderRadius: 'var(--radius)',
  cursor: 'pointer',
} as const;

/** The message and Reload button shown in place of a screen whose code did not arrive. */
export function ChunkFailure({ error, as: Tag = 'section' }: { error: ChunkLoadError; as?: 'main' | 'section' }) {
  return (
    // Styled by the global stylesheet (.placeholder): the failed chunk may be the one with the styles.
    <Tag
      className="placeholder chunk-failure"
      role={Tag === 'main' ? undefined : 'alert'}
      id={Tag === 'main' ? 'main-content' : undefined}
    >
      <h1>{error.message}</h1>
      <p>
        {error.timedOut
          ? 'This screen took too long to load. Check your connection, then reload.'
          : 'This screen could not be loaded. You may be offline, or a new version of Registrar has been released. Reload to continue.'}
      </p>
      <button type="button" style={RELOAD_BUTTON} onClick={() => window.location.reload()}>
        Reload
      </button>
    </Tag>
  );
}

/**
 * A route errorElement: a chunk failure (also from a plain `lazy: () => import(…)` route) shows
 * ChunkFailure; any other error shows `fallback`
 * (the app's 'Unexpected Application Error!' page, or the shell's own error view).
 */
export function ChunkErrorBoundary({ fallback, as }: { fallback: ReactNode; as?: 'main' | 'section' }) {
  const chunkError = asChunkLoadError(useRouteError());
  return chunkError ? <ChunkFailure error={chunkError} as={as} /> : <>{fallback}</>;
}

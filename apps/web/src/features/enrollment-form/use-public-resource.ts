/**
 * One public read (courses, site facts, terms) through the app's `apiFetch`, without RTK Query's
 * console-wide toasts: the form says itself what failed (the error's message, and
 * 'Network error' when nothing answered). `load` false waits (e.g. until the terms scroll near).
 */
import { useCallback, useEffect, useState } from 'react';
import { apiFetch } from '../../shared/api/api-fetch';
import { publicFailureMessage } from '../../shared/api/public-failure';

export interface PublicResource<T> {
  data: T | undefined;
  error: string | undefined;
  loading: boolean;
  retry: () => void;
}

export function usePublicResource<T>(path: string, load = true): PublicResource<T> {
  const [state, setState] = useState<{ data?: T; error?: string; attempt: number }>({ attempt: 0 });
  const [done, setDone] = useState(false);

  useEffect(() => {
    if (!load) return;
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal }).then(
      (envelope) => {
        setState((s) => ({ attempt: s.attempt, data: envelope.data }));
        setDone(true);
      },
      (err: unknown) => {
        if ((err as Error).name === 'AbortError') return;
        setState((s) => ({ attempt: s.attempt, data: s.data, error: publicFailureMessage(err) }));
        setDone(true);
      },
    );
    return () => controller.abort();
  }, [path, load, state.attempt]);

  const retry = useCallback(() => {
    setDone(false);
    setState((s) => ({ attempt: s.attempt + 1, data: s.data }));
  }, []);

  return { data: state.data, error: state.error, loading: load && !done, retry };
}

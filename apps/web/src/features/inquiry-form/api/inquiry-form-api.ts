/**
 * The public inquiry form's calls: areas of interest and the institute's contact details
 * to show, and the inquiry itself. Plain `apiFetch` calls rather than RTK Query: the public forms
 * word their own failures ('Network error') where the console's services slice would say
 * 'Something went wrong', and a visitor's page has no cache worth keeping.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import { useCallback, useEffect, useState } from 'react';
import type { Inquiry } from '@registrar/contract/inquiry';
import type { SiteInfo } from '@registrar/contract/site';
import { apiFetch } from '../../../shared/api/api-fetch';
import { loadInquiryRules } from '../use-inquiry-rules';

export interface AreaOfInterest {
  _id: string;
  name: string;
}

export type Loadable<T> = { state: 'loading' } | { state: 'failed'; message: string } | { state: 'ready'; data: T };

/** GETs `path` once on mount (and again on `reload`), aborting when the page goes away. */
function useLoad<T>(path: string): Loadable<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [result, setResult] = useState<Loadable<T>>({ state: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<T>(path, { signal: controller.signal }).then(
      (envelope) => setResult({ state: 'ready', data: envelope.data }),
      (err: unknown) => {
        if (controller.signal.aborted) return;
        setResult({ state: 'failed', message: (err as Error).message });
      },
    );
    return () => controller.abort();
  }, [path, attempt]);

  const reload = useCallback(() => {
    setResult({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { ...result, reload };
}

export const useAreasOfInterest = () => useLoad<AreaOfInterest[]>(apiPaths.areasOfInterest);
export const useSiteInfo = () => useLoad<SiteInfo>(apiPaths.site);

/** `POST /api/inquiry`: the form's values plus the honeypot when a bot filled it. */
export async function postInquiry(inquiry: Inquiry, honeypot: string): Promise<string> {
  const body: Record<string, unknown> = { ...inquiry };
  if (honeypot) body[(await loadInquiryRules()).INQUIRY_HONEYPOT_FIELD] = honeypot;
  const { message } = await apiFetch<unknown>(apiPaths.inquiries, { method: 'POST', body });
  return message;
}

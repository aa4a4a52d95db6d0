/**
 * The one HTTP client of the browser:
 * - a bearer token is sent only when it looks like a JWT (three dot-separated parts);
 * - a 401 hands over to `onUnauthorized` (clear the session, go to /login);
 * - a body with an `error` field, or `success: false`, rejects with the server's message.
 */
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import { ApiError } from './api-error';

interface ApiFetchHooks {
  getToken: () => string | null | undefined;
  onUnauthorized: () => void;
}

let hooks: ApiFetchHooks = { getToken: () => null, onUnauthorized: () => undefined };

/** The app wires the session in at start (shared code cannot import features). */
export function configureApiFetch(next: ApiFetchHooks): void {
  hooks = next;
}

export const looksLikeJwt = (token: string | null | undefined): token is string =>
  typeof token === 'string' && token.split('.').length === 3 && token.split('.').every((part) => part.length > 0);

export interface ApiFetchInit {
  method?: string;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

/** A response's JSON body; undefined when it has none (an empty reply, a proxy's HTML error page). */
export async function jsonBody(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    return (await response.json()) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export async function apiFetch<T>(path: string, init: ApiFetchInit = {}): Promise<SuccessEnvelope<T>> {
  const headers: Record<string, string> = { accept: 'application/json', ...init.headers };
  const token = hooks.getToken();
  if (looksLikeJwt(token)) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(init.body);
  }

  let response: Response;
  try {
    response = await fetch(path.startsWith('/') ? path : `/${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new ApiError(MESSAGES.networkError, undefined, 'NETWORK_ERROR');
  }

  if (response.status === 401) hooks.onUnauthorized();

  const payload = await jsonBody(response);

  const message = typeof payload?.message === 'string' ? payload.message : '';
  if (
    payload &&
    'error' in payload &&
    payload.error !== undefined &&
    payload.error !== null &&
    payload.error !== false
  ) {
    throw new ApiError(
      message || String(payload.error),
      response.status,
      String(payload.error),
      Array.isArray(payload.errors) ? (payload.errors as ApiError['fieldErrors']) : [],
    );
  }
  if (payload?.success === false) throw new ApiError(message || MESSAGES.somethingWentWrong, response.status);
  if (!response.ok || !payload) throw new ApiError(MESSAGES.somethingWentWrong, response.status);
  return payload as unknown as SuccessEnvelope<T>;
}

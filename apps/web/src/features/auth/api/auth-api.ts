/**
 * The sign-in calls: login (reported through the services slice, so it toasts like any
 * write), and forgot / reset / logout as plain calls whose failures the screens word themselves
 * (the reset flow says 'Network error' where the console says 'Something went wrong').
 * No RTK Query here: /login must stay within its bundle budget.
 */
import { apiPaths } from '@registrar/contract/api-paths';
import type { ForgotPasswordInput, LoginInput, ResetPasswordInput } from '@registrar/contract/auth';
import type { SuccessEnvelope } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import type { SiteInfo } from '@registrar/contract/site';
import type { StaffUser } from '@registrar/contract/staff';
import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { apiFetch, jsonBody } from '../../../shared/api/api-fetch';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { requestFailed, requestStarted, requestSucceeded } from '../../../shared/state/services-slice';

export interface LoginResponse extends SuccessEnvelope<{ user: StaffUser }> {
  token: string;
}

const failure = (status: number | undefined, message: string, code?: string): { error: ApiQueryError } => ({
  error: { status, message, code, fieldErrors: [] },
});

/**
 * `POST /api/login` without `apiFetch`: there a 401 means "your session is gone" and sends the
 * browser to /login, but here it only means the password was wrong — the lock screen must stay
 * put and say so. Otherwise this reads the envelope exactly as `apiFetch` does.
 */
export async function postLogin(
  credentials: LoginInput,
  signal?: AbortSignal,
): Promise<{ data: LoginResponse } | { error: ApiQueryError }> {
  let response: Response;
  try {
    response = await fetch(apiPaths.login, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
      credentials: 'same-origin',
      signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    return failure(undefined, MESSAGES.networkError, 'NETWORK_ERROR');
  }
  const payload = await jsonBody(response);
  const message = typeof payload?.message === 'string' ? payload.message : '';
  const code = payload?.error === undefined || payload.error === null ? undefined : String(payload.error);
  if (!response.ok || !payload || payload.success === false || code !== undefined) {
    return failure(response.status, message || code || MESSAGES.somethingWentWrong, code);
  }
  const user = (payload.data as { user?: unknown } | undefined)?.user;
  if (typeof payload.token !== 'string' || typeof user !== 'object' || user === null) {
    return failure(response.status, MESSAGES.somethingWentWrong);
  }
  return { data: payload as unknown as LoginResponse };
}

/**
 * `[login, { isLoading }]` like an RTK Query mutation: `login(credentials).unwrap()` resolves with
 * the response or rejects with the error, and the services slice toasts either.
 */
export function useLoginMutation() {
  const dispatch = useDispatch();
  const [isLoading, setLoading] = useState(false);
  const login = useCallback(
    (credentials: LoginInput) => ({
      unwrap: async (): Promise<LoginResponse> => {
        setLoading(true);
        dispatch(requestStarted());
        try {
          const result = await postLogin(credentials);
          if ('error' in result) {
            const { status, message } = result.error;
            dispatch(requestFailed(status === undefined ? MESSAGES.somethingWentWrong : message));
            throw result.error;
          }
          dispatch(requestSucceeded(result.data.message));
          return result.data;
        } finally {
          setLoading(false);
        }
      },
    }),
    [dispatch],
  );
  return [login, { isLoading }] as const;
}

export const requestPasswordReset = (body: ForgotPasswordInput) =>
  apiFetch<unknown>(apiPaths.forgotPassword, { method: 'POST', body });

export const resetPassword = (body: ResetPasswordInput) =>
  apiFetch<unknown>(apiPaths.resetPassword, { method: 'POST', body });

/** The invitation link: choose a password and be logged in (the answer is the login's). */
export const setUpAccount = async (body: ResetPasswordInput) =>
  (await apiFetch<{ user: StaffUser }>(apiPaths.setUpAccount, { method: 'POST', body })) as LoginResponse;

/** The institute's name for the invitation page (`GET /api/site`, public). */
export const fetchInstituteName = async (): Promise<string> =>
  (await apiFetch<SiteInfo>(apiPaths.site)).data.instituteName;

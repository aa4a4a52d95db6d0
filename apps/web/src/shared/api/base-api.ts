/**
 * RTK Query's one API slice. Features add their endpoints with `baseApi.injectEndpoints`, so
 * server state has one cache and one client (`apiFetch`).
 */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { injectIntoStore } from '../state/store-injection';
import { apiFetch, type ApiFetchInit } from './api-fetch';
import { ApiError } from './api-error';

export interface ApiRequest extends ApiFetchInit {
  url: string;
}

export interface ApiQueryError {
  status: number | undefined;
  message: string;
  code?: string | undefined;
  fieldErrors: ApiError['fieldErrors'];
}

const apiFetchBaseQuery: BaseQueryFn<ApiRequest | string, unknown, ApiQueryError> = async (args, { signal }) => {
  const request = typeof args === 'string' ? { url: args } : args;
  try {
    const envelope = await apiFetch<unknown>(request.url, { ...request, signal });
    return { data: envelope, meta: undefined };
  } catch (err) {
    if (err instanceof ApiError)
      return { error: { status: err.status, message: err.message, code: err.code, fieldErrors: err.fieldErrors } };
    throw err;
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiFetchBaseQuery,
  tagTypes: ['Course', 'Enrollment', 'Inquiry', 'Terms', 'Profile'],
  endpoints: () => ({}),
});

// Loaded lazily (never by the public forms): joins the store when first imported.
injectIntoStore(baseApi as unknown as Parameters<typeof injectIntoStore>[0]);

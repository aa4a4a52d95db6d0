/**
 * The services slice: a request sets `isFetching`; its success or error puts the
 * server's message up for a toast and clears the flag; an empty message shows no toast.
 */
import { createSlice, isFulfilled, isPending, isRejected, type PayloadAction } from '@reduxjs/toolkit';
import { MESSAGES } from '@registrar/contract/messages';

export type ResType = 'success' | 'error';

export interface ServicesState {
  show: boolean;
  message: string;
  resType: ResType;
  isFetching: boolean;
  /** Bumped per message so the same text twice still toasts twice. */
  seq: number;
}

const initialState: ServicesState = { show: false, message: '', resType: 'success', isFetching: false, seq: 0 };

interface ApiAction {
  type: string;
  payload?: unknown;
  error?: unknown;
  meta?: { condition?: boolean; arg?: { type?: 'query' | 'mutation' } };
}

/** RTK Query's own thunk actions (reducerPath 'api'). */
const fromApi = (action: { type: string }) => action.type.startsWith('api/');
const apiPending = (a: { type: string }): a is ApiAction => isPending(a) && fromApi(a);
const apiFulfilled = (a: { type: string }): a is ApiAction => isFulfilled(a) && fromApi(a);
const apiRejected = (a: { type: string }): a is ApiAction => isRejected(a) && fromApi(a);
const isMutation = (action: ApiAction) => action.meta?.arg?.type === 'mutation';

function report(state: ServicesState, resType: ResType, message: string) {
  state.isFetching = false;
  if (!message) return; // an empty message shows no toast: nothing to say
  state.show = true;
  state.message = message;
  state.resType = resType;
  state.seq += 1;
}

export const servicesSlice = createSlice({
  name: 'services',
  initialState,
  reducers: {
    requestStarted(state) {
      state.isFetching = true;
    },
    requestSucceeded(state, action: PayloadAction<string | undefined>) {
      report(state, 'success', action.payload ?? '');
    },
    requestFailed(state, action: PayloadAction<string | undefined>) {
      report(state, 'error', action.payload ?? '');
    },
    toastShown(state) {
      state.show = false;
    },
  },
  extraReducers: (builder) => {
    builder
      .addMatcher(apiPending, (state) => {
        state.isFetching = true;
      })
      .addMatcher(apiFulfilled, (state, action) => {
        // Reads refresh lists quietly; writes report the server's message.
        const message = isMutation(action) ? ((action.payload as { message?: string } | undefined)?.message ?? '') : '';
        report(state, 'success', message);
      })
      .addMatcher(apiRejected, (state, action) => {
        if (action.meta?.condition) {
          state.isFetching = false; // skipped by RTK Query's cache, not a failure
          return;
        }
        const error = (action.payload ?? action.error) as { status?: number; message?: string } | undefined;
        // No HTTP status, or nothing usable: the console says 'Something went wrong'.
        const message =
          error?.status === undefined ? MESSAGES.somethingWentWrong : error.message || MESSAGES.somethingWentWrong;
        report(state, 'error', message);
      });
  },
});

export const { requestStarted, requestSucceeded, requestFailed, toastShown } = servicesSlice.actions;

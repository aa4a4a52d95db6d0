import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@registrar/contract/messages';
import { servicesSlice } from './services-slice';

const reduce = servicesSlice.reducer;
const pending = {
  type: 'api/executeMutation/pending',
  meta: { requestStatus: 'pending', requestId: '1', arg: { type: 'mutation' } },
};
const fulfilled = (message: string, type: 'query' | 'mutation' = 'mutation') => ({
  type: `api/execute${type === 'query' ? 'Query' : 'Mutation'}/fulfilled`,
  payload: { success: true, message, data: null },
  meta: { requestStatus: 'fulfilled', requestId: '1', arg: { type } },
});
const rejected = (payload: unknown) => ({
  type: 'api/executeMutation/rejected',
  payload,
  error: { message: 'Rejected' },
  meta: { requestStatus: 'rejected', requestId: '1', rejectedWithValue: true, arg: { type: 'mutation' } },
});

describe('services slice', () => {
  it('sets the fetching flag when a request starts', () => {
    expect(reduce(undefined, pending).isFetching).toBe(true);
  });
  it("shows the server's message on success and clears the flag", () => {
    const state = reduce(reduce(undefined, pending), fulfilled('Course created'));
    expect(state).toMatchObject({ isFetching: false, show: true, message: 'Course created', resType: 'success' });
  });
  it('shows no toast for an empty message', () => {
    const state = reduce(reduce(undefined, pending), fulfilled(''));
    expect(state).toMatchObject({ isFetching: false, show: false });
  });
  it('keeps reads quiet on success', () => {
    expect(reduce(undefined, fulfilled('Fetched', 'query')).show).toBe(false);
  });
  it("shows the server's error message", () => {
    const state = reduce(reduce(undefined, pending), rejected({ status: 409, message: 'Name taken' }));
    expect(state).toMatchObject({ isFetching: false, show: true, message: 'Name taken', resType: 'error' });
  });
  it("shows 'Something went wrong' when the failure has no HTTP status", () => {
    const state = reduce(undefined, rejected({ status: undefined, message: MESSAGES.networkError }));
    expect(state.message).toBe(MESSAGES.somethingWentWrong);
  });
});

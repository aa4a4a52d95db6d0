import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@registrar/contract/messages';
import { apiFetch, configureApiFetch, looksLikeJwt } from './api-fetch';
import { ApiError } from './api-error';

const jwt = 'aaa.bbb.ccc';
let token: string | null = null;
const onUnauthorized = vi.fn();
const fetchMock = vi.fn<typeof fetch>();

const respond = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  );

beforeEach(() => {
  token = null;
  onUnauthorized.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  configureApiFetch({ getToken: () => token, onUnauthorized });
});
afterEach(() => vi.unstubAllGlobals());

const sentHeaders = () => (fetchMock.mock.calls[0]![1]!.headers ?? {}) as Record<string, string>;

describe('apiFetch', () => {
  it('sends a bearer token only when it has three dot-separated parts', async () => {
    token = jwt;
    respond(200, { success: true, message: '', data: 1 });
    await apiFetch('/api/x');
    expect(sentHeaders().authorization).toBe(`Bearer ${jwt}`);

    for (const bad of ['abc', 'a.b', 'a.b.c.d', '..']) {
      fetchMock.mockReset();
      token = bad;
      respond(200, { success: true, message: '', data: 1 });
      await apiFetch('/api/x');
      expect(sentHeaders().authorization).toBeUndefined();
    }
    expect(looksLikeJwt('a.b.c')).toBe(true);
  });

  it('rejects a body with an error field, using its message or else the error value', async () => {
    respond(409, { success: false, message: 'Already enrolled', error: 'CONFLICT' });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Already enrolled', status: 409 });
    respond(200, { error: 'SOMETHING_BAD' });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'SOMETHING_BAD' });
  });

  it("rejects success: false with the server's message", async () => {
    respond(200, { success: false, message: 'Course is full' });
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: 'Course is full' });
  });

  it("says 'Network error' with no status when nothing answered", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await apiFetch('/api/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ message: MESSAGES.networkError, status: undefined, isNetworkError: true });
  });

  it("says 'Something went wrong' for an unreadable failure", async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ message: MESSAGES.somethingWentWrong, status: 502 });
  });

  it('hands a 401 to the session handler', async () => {
    respond(401, { success: false, message: 'Please sign in to continue', error: 'UNAUTHORIZED' });
    await expect(apiFetch('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('sends JSON bodies as JSON and FormData as multipart', async () => {
    respond(200, { success: true, message: 'ok', data: null });
    await apiFetch('/api/x', { method: 'POST', body: { a: 1 } });
    expect(sentHeaders()['content-type']).toBe('application/json');
    expect(fetchMock.mock.calls[0]![1]!.body).toBe('{"a":1}');
    fetchMock.mockReset();
    respond(200, { success: true, message: 'ok', data: null });
    const form = new FormData();
    await apiFetch('/api/x', { method: 'POST', body: form });
    expect(sentHeaders()['content-type']).toBeUndefined();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'react-redux';
import { DEFAULT_THEME, type ThemeSettings } from '@registrar/contract/theme-settings';
import { STAFF, createShellStore, json, mockProfileApi, putBodies } from '../shell-test-harness';
import { THEME_SAVE_FAILED, ThemeSyncProvider, useThemeControls } from './theme-sync';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Controls() {
  const { change, saveState, flush } = useThemeControls();
  return (
    <>
      <output aria-label="save state">{saveState}</output>
      <button onClick={() => change({ sidebarTheme: 'dark' })}>dark sidebar</button>
      <button onClick={() => change({ topbarTheme: 'gredient2' })}>gradient top bar</button>
      <button onClick={() => void flush()}>retry</button>
    </>
  );
}

function renderSync(store = createShellStore()) {
  render(
    <Provider store={store}>
      <ThemeSyncProvider debounceMs={30}>
        <Controls />
      </ThemeSyncProvider>
    </Provider>,
  );
  return store;
}

const stored: ThemeSettings = { ...DEFAULT_THEME, layout: 'horizontal', sidebarTheme: 'sky' };
const saveState = () => screen.getByLabelText('save state').textContent;

describe('theme settings follow the staff member', () => {
  it("applies the session's stored settings at once, before the server answers", () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const store = renderSync(createShellStore({ ...STAFF, themeSettings: stored }));
    expect(store.getState().themeSetting).toEqual(stored);
  });

  it('then takes the copy from GET /api/user-profile (changed in another browser)', async () => {
    const fromOtherBrowser = { ...stored, footerTheme: 'gredient8' as const };
    mockProfileApi({ ...STAFF, themeSettings: fromOtherBrowser });
    const store = renderSync(createShellStore({ ...STAFF, themeSettings: stored }));
    await waitFor(() => expect(store.getState().themeSetting).toEqual(fromOtherBrowser));
  });

  it('saves choices with PUT /api/user-profile {name, phone, themeSettings}, debounced into one request', async () => {
    const fetchMock = mockProfileApi();
    const store = renderSync();
    fireEvent.click(screen.getByText('dark sidebar'));
    fireEvent.click(screen.getByText('gradient top bar'));
    expect(saveState()).toBe('pending');
    await waitFor(() => expect(saveState()).toBe('saved'));
    const bodies = putBodies(fetchMock);
    expect(bodies).toEqual([
      {
        name: STAFF.name,
        phone: STAFF.phone,
        themeSettings: { ...DEFAULT_THEME, sidebarTheme: 'dark', topbarTheme: 'gredient2' },
      },
    ]);
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect((put[1]?.headers as Record<string, string>).authorization).toBe('Bearer header.payload.signature');
    // The session's copy follows, so the next sign-in in this browser starts from it.
    expect((store.getState().session.user as { themeSettings?: unknown }).themeSettings).toMatchObject({
      sidebarTheme: 'dark',
    });
  });

  it('keeps a choice made here even when the server copy arrives later', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = vi.fn<typeof fetch>((_url, init) =>
      init?.method === 'PUT'
        ? Promise.resolve(json(200, { success: true, message: 'Profile updated', data: {} }))
        : new Promise<Response>((resolve) => (answer = resolve)),
    );
    vi.stubGlobal('fetch', fetchMock);
    const store = renderSync();
    fireEvent.click(screen.getByText('dark sidebar'));
    await act(async () =>
      answer(json(200, { success: true, message: '', data: { user: { ...STAFF, themeSettings: stored } } })),
    );
    await waitFor(() => expect(saveState()).toBe('saved'));
    expect(store.getState().themeSetting.sidebarTheme).toBe('dark');
    expect(store.getState().themeSetting.layout).toBe('vertical');
  });

  it('says so when a save fails (one toast), and Retry saves again', async () => {
    let fail = true;
    const fetchMock = vi.fn<typeof fetch>(async (_url, init) => {
      if (init?.method !== 'PUT') return json(200, { success: true, message: '', data: { user: STAFF } });
      if (fail) throw new TypeError('Failed to fetch');
      return json(200, { success: true, message: 'Profile updated', data: { user: STAFF } });
    });
    vi.stubGlobal('fetch', fetchMock);
    const store = renderSync();
    fireEvent.click(screen.getByText('dark sidebar'));
    await waitFor(() => expect(saveState()).toBe('error'));
    expect(store.getState().services).toMatchObject({ message: THEME_SAVE_FAILED, resType: 'error' });
    fail = false;
    fireEvent.click(screen.getByText('retry'));
    await waitFor(() => expect(saveState()).toBe('saved'));
    expect(putBodies(fetchMock as never)).toHaveLength(2);
  });

  it('sends a waiting choice with keepalive when the page is left', async () => {
    const fetchMock = mockProfileApi();
    render(
      <Provider store={createShellStore()}>
        <ThemeSyncProvider debounceMs={10_000}>
          <Controls />
        </ThemeSyncProvider>
      </Provider>,
    );
    fireEvent.click(screen.getByText('dark sidebar'));
    window.dispatchEvent(new Event('pagehide'));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[1]).toMatchObject({ keepalive: true });
    expect(JSON.parse(String(put?.[1]?.body)).themeSettings.sidebarTheme).toBe('dark');
  });
});

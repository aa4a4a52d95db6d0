/**
 * The lower sections and the terms load when the browser falls idle after the first paint, with no
 * scroll, tap or key: a visitor who only waits must not see 'Loading the rest of the form…' for ever.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { activateLanguage } from '../../shared/i18n/i18n';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { EnrollmentFormScreen } from './enrollment-form-screen';
import { TERMS_URL } from './terms-section';
import { IDLE_SETTLE_MS, IDLE_TIMEOUT_MS } from './use-idle-after-paint';

const COURSE = { _id: '0195f6a4-0000-7000-8000-000000000001', name: 'Data Science', price: 45000, emiPrice: [45000] };
const SITE = {
  instituteName: 'Institute',
  contactEmail: 'a@b.test',
  contactPhone: '9876543210',
  companyAddress: 'Pune',
};
const TERMS = { name: 'Terms', description: '<p>Fees are <strong>non-refundable</strong>.</p>', version: 3 };

/** A viewport the lower sections never come near: only the idle load can bring them. */
class FarAwayObserver {
  observe() {}
  disconnect() {}
}

let fetchMock: ReturnType<typeof mockFetch>;
beforeAll(() => activateLanguage('en'));
beforeEach(() => {
  vi.stubGlobal('IntersectionObserver', FarAwayObserver);
  fetchMock = mockFetch();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/course?type=all') return json(200, { success: true, message: '', data: [COURSE] });
    if (url === '/api/site') return json(200, { success: true, message: '', data: SITE });
    if (url === TERMS_URL) return json(200, { success: true, message: '', data: TERMS });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  vi.useRealTimers();
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = () =>
  renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment', url: '/student-enrollment' });
const fileInputs = (container: HTMLElement) => container.querySelectorAll('input[type="file"]').length;
const termsRequested = () => fetchMock.mock.calls.some(([input]) => String(input) === TERMS_URL);

/** The lazy parts are real module loads, slow on a busy machine. */
const LOAD = { timeout: 20_000 };

async function expectWholeFormLoaded(container: HTMLElement) {
  expect(await screen.findByLabelText(/^Course/, {}, LOAD)).toBeTruthy();
  await vi.waitFor(() => expect(fileInputs(container)).toBeGreaterThan(0), LOAD);
  expect(container.querySelector('.enr-later-wait')).toBeNull();
  expect(await screen.findByText('non-refundable', {}, LOAD)).toBeTruthy();
  expect(termsRequested()).toBe(true);
}

describe('the enrolment form when the visitor does nothing', { timeout: 60_000 }, () => {
  it('loads the rest of the form and the terms once the page has settled, where there is no requestIdleCallback', async () => {
    expect('requestIdleCallback' in window).toBe(false); // jsdom, like Safari
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderForm();
    await act(async () => vi.advanceTimersByTime(IDLE_SETTLE_MS - 1));
    expect(container.querySelector('.enr-later-wait')).not.toBeNull();
    expect(fileInputs(container)).toBe(0);
    expect(termsRequested()).toBe(false);

    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers(); // the lazy code arrives as real module loads
    await expectWholeFormLoaded(container);
  });

  it('loads them when the browser calls back idle, asking for a call within the time-out', async () => {
    const idle: { callback?: IdleRequestCallback; options?: IdleRequestOptions } = {};
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback, options?: IdleRequestOptions) => {
      Object.assign(idle, { callback, options });
      return 1;
    });
    vi.stubGlobal('cancelIdleCallback', () => {});
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { container } = renderForm();
    await act(async () => vi.advanceTimersByTime(IDLE_SETTLE_MS - 1));
    expect(idle.callback).toBeUndefined(); // the page's start-up comes first
    await act(async () => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    expect(idle.options).toEqual({ timeout: IDLE_TIMEOUT_MS });
    expect(container.querySelector('.enr-later-wait')).not.toBeNull();
    expect(termsRequested()).toBe(false);

    act(() => idle.callback?.({ didTimeout: false, timeRemaining: () => 50 }));
    await expectWholeFormLoaded(container);
  });
});

/**
 * The student's page in the student's language: it starts in the language they enrolled in, the
 * switch changes it and is remembered, and money and dates follow the language on screen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import hindi from '@registrar/contract/locales/hi.json';
import { MESSAGES } from '@registrar/contract/messages';
import { STUDENT_PAGE_MESSAGES, type StudentPage } from '@registrar/contract/student-page';
import { activateLanguage, LANGUAGE_STORAGE_KEY } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { StudentLinkRequestScreen, StudentPageScreen } from './student-page-screen';

const TOKEN = 'x'.repeat(43);
const page = (language: StudentPage['language']): StudentPage => ({
  enrollmentNumber: 'ENR-2026-0007',
  status: 'approved',
  name: 'Meera Iyer',
  course: 'Data Science',
  language,
  totalFee: 150000,
  paidAmount: 125000,
  outstanding: 25000,
  installments: [{ number: 2, amount: 25000, paidAmount: 0, dueDate: '2026-12-15', status: 'unpaid', upi: null }],
  nextDue: { number: 2, amount: 25000, dueDate: '2026-12-15' },
  payments: [],
  announcements: [],
  requests: [],
  institute: { name: 'Registrar Institute', address: '1 MG Road', email: 'office@registrar.test', phone: '9876543210' },
  linkExpiresAt: '2027-01-01T00:00:00.000Z',
  onlinePayment: null,
  claims: [],
  termsToAccept: null,
});

const show = (language: StudentPage['language']) => {
  mockFetch().mockImplementation(async () => json(200, { success: true, message: '', data: page(language) }));
  renderRoute(<StudentPageScreen />, { path: '/my/:token', url: `/my/${TOKEN}` });
};

beforeEach(async () => {
  localStorage.clear();
  await activateLanguage('en', studentPageCatalogue);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the student's page", () => {
  it('starts in the language the student enrolled in, with rupees and dates in it', async () => {
    show('hi');
    expect(await screen.findByText('किस्त 2: 15 दिस॰ 2026 तक ₹25,000')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('आपका दाख़िला');
    expect(document.documentElement.lang).toBe('hi');
  });

  it("keeps this device's choice over the student's language", async () => {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    show('hi');
    // The loading state has the same heading: the line due next says the page is there.
    expect(await screen.findByText('Installment 2: ₹25,000 by 15 Dec 2026')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Your enrolment');
    expect(document.documentElement.lang).toBe('en');
  });

  it('switches to Hindi with the switch and remembers it', async () => {
    show('en');
    await screen.findByText('Installment 2: ₹25,000 by 15 Dec 2026');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' })));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('आपका दाख़िला'));
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('hi');
    expect(document.documentElement.lang).toBe('hi');
  });

  describe("the server's sentences in Hindi", () => {
    const hi = hindi as Record<string, string>;
    beforeEach(async () => {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, 'hi');
      await activateLanguage('hi', studentPageCatalogue);
    });

    /** /my with POST /api/student-link-request answered by `answer`. */
    const askForLink = async (answer: () => Promise<Response>) => {
      mockFetch().mockImplementation(answer);
      renderRoute(<StudentLinkRequestScreen />, { path: '/my', url: '/my' });
      fireEvent.change(screen.getByLabelText(hi['my.email']!), { target: { value: 'meera@example.in' } });
      await act(async () => fireEvent.click(screen.getByRole('button', { name: hi['my.send'] })));
    };

    it('/my: "link requested" in Hindi', async () => {
      await askForLink(async () =>
        json(200, { success: true, message: STUDENT_PAGE_MESSAGES.linkRequested, data: null }),
      );
      expect((await screen.findByRole('status')).textContent).toBe(hi['messages.studentPage.linkRequested']);
    });

    it('/my: rate limit and network error in Hindi', async () => {
      await askForLink(async () =>
        json(429, { success: false, message: MESSAGES.tooManyRequests, error: 'RATE_LIMITED' }),
      );
      expect((await screen.findByRole('alert')).textContent).toBe(hi['my.tooMany']);
      cleanup();
      await askForLink(() => Promise.reject(new TypeError('Failed to fetch')));
      expect((await screen.findByRole('alert')).textContent).toBe(hi['messages.networkError']);
    });

    it('/my/<token>: "request recorded" and "already asked" in Hindi', async () => {
      let answer = STUDENT_PAGE_MESSAGES.requestRecorded as string;
      let status = 200;
      mockFetch().mockImplementation(async (input, init) =>
        init?.method === 'POST'
          ? json(status, {
              success: status === 200,
              message: answer,
              ...(status === 200 ? { data: null } : { error: 'CONFLICT' }),
            })
          : json(200, { success: true, message: '', data: page('hi') }),
      );
      renderRoute(<StudentPageScreen />, { path: '/my/:token', url: `/my/${TOKEN}` });
      const ask = await screen.findByRole('button', { name: hi['my.requests.askExport'] });
      await act(async () => fireEvent.click(ask));
      expect((await screen.findByRole('status')).textContent).toBe(hi['messages.studentPage.requestRecorded']);

      answer = STUDENT_PAGE_MESSAGES.requestAlreadyOpen;
      status = 409;
      await act(async () => fireEvent.click(screen.getByRole('button', { name: hi['my.requests.askExport'] })));
      expect((await screen.findByRole('alert')).textContent).toBe(hi['messages.studentPage.requestAlreadyOpen']);
    });
  });
});

/** A student enrolled at the desk accepts the terms on their page: the text, one button, the answer in their language. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import hindi from '@registrar/contract/locales/hi.json';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { activateLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { StudentI18n } from '../../shared/i18n/translate';
import { json, mockFetch, renderRoute, sentRequest } from '../../shared/test/route-harness';
import { TermsToAccept } from './student-terms-section';

const TOKEN = 'x'.repeat(43);
const TERMS = { name: 'Terms & Conditions', description: '<p>Fees are not refunded.</p>', version: 3 };
const hi = hindi as Record<string, string>;

const open = (answer: () => Promise<Response>) => {
  const fetchMock = mockFetch().mockImplementation(answer);
  renderRoute(
    <StudentI18n>
      <TermsToAccept token={TOKEN} terms={TERMS} />
    </StudentI18n>,
    { path: '/my/:token', url: `/my/${TOKEN}` },
  );
  return fetchMock;
};

beforeEach(async () => {
  await activateLanguage('en', studentPageCatalogue);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('accepting the terms on the student page', () => {
  it('shows the terms and sends the version read, then thanks the student and takes the button away', async () => {
    const fetchMock = open(async () =>
      json(200, { success: true, message: STUDENT_PAGE_MESSAGES.termsAccepted, data: null }),
    );
    expect(screen.getByRole('heading', { name: 'Accept the terms' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Terms & Conditions' }).textContent).toBe('Fees are not refunded.');
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'I have read and accept these terms (version 3)' })),
    );
    expect((await screen.findByRole('status')).textContent).toBe(STUDENT_PAGE_MESSAGES.termsAccepted);
    const sent = sentRequest(fetchMock);
    expect(sent.url).toContain(`/api/student-page-terms/${TOKEN}`);
    expect(sent.body).toEqual({ version: 3 });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says so in Hindi when the terms changed since the page opened, and keeps the button', async () => {
    await activateLanguage('hi', studentPageCatalogue);
    open(async () => json(409, { success: false, message: ENROLLMENT_MESSAGES.termsChanged, error: 'CONFLICT' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /संस्करण 3/ })));
    expect((await screen.findByRole('alert')).textContent).toBe(hi['messages.enrollment.termsChanged']);
    expect(screen.getByRole('button', { name: /संस्करण 3/ })).toBeTruthy();
  });
});

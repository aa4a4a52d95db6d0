/** The student turns WhatsApp and SMS off (or on) on their page; the answer comes in their language. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import hindi from '@registrar/contract/locales/hi.json';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { activateLanguage } from '../../shared/i18n/i18n';
import { studentPageCatalogue } from '../../shared/i18n/student-page-catalogue';
import { StudentI18n } from '../../shared/i18n/translate';
import { json, mockFetch, renderRoute, sentRequest } from '../../shared/test/route-harness';
import { MessagesSwitch } from './student-messages-switch';

const TOKEN = 'y'.repeat(43);
const hi = hindi as Record<string, string>;

const open = (answer: () => Promise<Response>) => {
  const fetchMock = mockFetch().mockImplementation(answer);
  renderRoute(
    <StudentI18n>
      <MessagesSwitch token={TOKEN} on />
    </StudentI18n>,
    { path: '/my/:token', url: `/my/${TOKEN}` },
  );
  return fetchMock;
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the WhatsApp and SMS switch on the student page', () => {
  beforeEach(async () => {
    await activateLanguage('en', studentPageCatalogue);
  });

  it('turning it off sends the choice and says mail only from now', async () => {
    const fetchMock = open(async () =>
      json(200, { success: true, message: STUDENT_PAGE_MESSAGES.phoneMessagesOff, data: null }),
    );
    const box = screen.getByRole('checkbox', { name: /on WhatsApp and SMS/ }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    await act(async () => fireEvent.click(box));
    expect((await screen.findByRole('status')).textContent).toBe(STUDENT_PAGE_MESSAGES.phoneMessagesOff);
    const sent = sentRequest(fetchMock);
    expect(sent.url).toContain(`/api/student-page-messages/${TOKEN}`);
    expect(sent.body).toEqual({ phoneMessages: false });
    expect(box.checked).toBe(false);
  });

  it('answers in Hindi for a Hindi reader', async () => {
    await activateLanguage('hi', studentPageCatalogue);
    open(async () => json(200, { success: true, message: STUDENT_PAGE_MESSAGES.phoneMessagesOff, data: null }));
    await act(async () => fireEvent.click(screen.getByRole('checkbox')));
    expect((await screen.findByRole('status')).textContent).toBe(hi['messages.studentPage.phoneMessagesOff']);
  });
});

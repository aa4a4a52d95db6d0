import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import hindi from '@registrar/contract/locales/hi.json';
import { MESSAGES } from '@registrar/contract/messages';
import { json } from '../../shared/test/route-harness';
import { activateLanguage } from '../../shared/i18n/i18n';
import {
  answerInquiryForm,
  fillValidInHindi,
  receivedAnswer,
  renderForm,
  setUpInquiryForm,
  unknownAreaAnswer,
} from './inquiry-form-test-harness';

setUpInquiryForm();

/** What POST /api/inquiry answers in the current test. */
let postAnswer: () => Promise<Response>;
beforeEach(() => {
  postAnswer = receivedAnswer;
  answerInquiryForm(() => postAnswer());
});

describe('/student-inquiry', () => {
  describe("the server's sentences on a Hindi page", () => {
    const hi = hindi as Record<string, string>;
    beforeEach(async () => {
      localStorage.setItem('registrar.language', 'hi');
      await activateLanguage('hi');
    });
    afterEach(async () => {
      localStorage.clear();
      await activateLanguage('en');
    });
    const submitHindi = () => fireEvent.click(screen.getByRole('button', { name: hi['inquiry.submit'] }));

    it('toasts "received" in Hindi', async () => {
      const { store } = renderForm();
      await fillValidInHindi();
      submitHindi();
      await screen.findByRole('dialog', { name: hi['thanks.title'] });
      expect(store.getState().services).toMatchObject({
        message: hi['messages.inquiry.received'],
        resType: 'success',
      });
    });

    it('says the validation failure and the field error in Hindi', async () => {
      postAnswer = async () => unknownAreaAnswer();
      const { store } = renderForm();
      await fillValidInHindi();
      submitHindi();
      expect((await screen.findByRole('alert')).textContent).toBe(hi['messages.validationFailed']);
      expect(screen.getByText(hi['messages.inquiry.unknownAreaOfInterest']!)).toBeTruthy();
      expect(screen.queryByText(INQUIRY_MESSAGES.unknownAreaOfInterest)).toBeNull();
      expect(store.getState().services).toMatchObject({ message: hi['messages.validationFailed'], resType: 'error' });
    });

    it('says the rate limit in Hindi (429), whichever limit the server names', async () => {
      for (const [english, id] of [
        [INQUIRY_MESSAGES.tooManyFromConnection, 'messages.inquiry.tooManyFromConnection'],
        [MESSAGES.tooManyRequests, 'messages.tooManyRequests'],
      ] as const) {
        postAnswer = async () => json(429, { success: false, message: english, error: 'RATE_LIMITED' });
        const { store, unmount } = renderForm();
        await fillValidInHindi();
        submitHindi();
        expect((await screen.findByRole('alert')).textContent).toBe(hi[id]);
        expect(store.getState().services).toMatchObject({ message: hi[id], resType: 'error' });
        unmount();
      }
    });

    it("says 'Network error' in Hindi, and follows a switch back to English", async () => {
      postAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
      renderForm();
      await fillValidInHindi();
      submitHindi();
      expect((await screen.findByRole('alert')).textContent).toBe(hi['messages.networkError']);
      fireEvent.click(screen.getByRole('button', { name: 'English' }));
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.networkError));
    });

    it('shows a sentence the catalogue does not know as the server wrote it', async () => {
      postAnswer = async () => json(400, { success: false, message: 'Body is not valid JSON', error: 'FST_ERR' });
      renderForm();
      await fillValidInHindi();
      submitHindi();
      expect((await screen.findByRole('alert')).textContent).toBe('Body is not valid JSON');
    });
  });
});

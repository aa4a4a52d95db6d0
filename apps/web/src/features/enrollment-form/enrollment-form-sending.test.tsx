import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import hindi from '@registrar/contract/locales/hi.json';
import { activateLanguage } from '../../shared/i18n/i18n';
import {
  COURSES,
  FakeXhr,
  SITE,
  TERMS,
  choose,
  field,
  fillValid,
  image,
  ready,
  renderForm,
  setUpEnrollmentForm,
  submit,
} from './enrollment-form-test-harness';

setUpEnrollmentForm();

describe('/student-enrollment', () => {
  it('sends the WhatsApp and SMS choice only when the student ticks its own box', async () => {
    renderForm();
    await fillValid();
    const box = screen.getByRole('checkbox', { name: /on WhatsApp and SMS/ }) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0]!.body!.get('messagesConsent')).toBe('true');
  });

  it('sends multipart with an upload progress bar, then toasts and shows the thank-you modal; Ok reloads', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
    const { store } = renderForm();
    await fillValid();
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/student-enrollment');
    expect(xhr.headers.authorization).toBeUndefined();
    const body = xhr.body!;
    expect(body.get('name')).toBe('Priya Sharma');
    expect(body.get('phoneNumber')).toBe('9876543210');
    expect(body.get('permanentAddress')).toBe('12 MG Road, Pune');
    expect(body.get('courseId')).toBe(COURSES[0]!._id);
    expect(body.get('paymentMethod')).toBe('installment');
    expect(body.get('emiPrice')).toBe('[12000,10000,9000]');
    expect(body.get('currentSem')).toBe('5');
    expect(body.has('designation')).toBe(false);
    expect(body.has('alterNativePhoneNumber')).toBe(false);
    expect((body.get('aadharFront') as File).name).toBe('front.png');
    expect((body.get('aadharBack') as File).type).toBe('application/pdf');
    expect(body.has('pancard')).toBe(false);
    // The consent: the version of the terms the page showed.
    expect(body.get('termsVersion')).toBe(String(TERMS.version));
    // WhatsApp and SMS are a separate choice, unticked unless the student ticks it.
    expect(body.get('messagesConsent')).toBe('false');

    const button = screen.getByRole('button', { name: /Sending/ }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    xhr.progress(420, 1000);
    const bar = screen.getByRole('progressbar', { name: 'Upload progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('42');
    expect(button.textContent).toBe('Sending… 42%');

    await xhr.respond(201, {
      success: true,
      message: ENROLLMENT_MESSAGES.received,
      data: { enrollmentNumber: 'ENR-2026-00042' },
    });
    expect(store.getState().services).toMatchObject({ message: ENROLLMENT_MESSAGES.received, resType: 'success' });
    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(dialog.textContent).toMatch(/ENR-2026-00042/);
    expect(dialog.textContent).toMatch(/updates about it by email/);
    expect(within(dialog).getByRole('link', { name: SITE.contactPhone }).getAttribute('href')).toBe('tel:9876543210');
    expect(within(dialog).getByRole('link', { name: SITE.contactEmail }).getAttribute('href')).toBe(
      'mailto:help@institute.test',
    );
    expect(screen.queryByRole('progressbar')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("says 'Network error' when the upload gets no answer, and keeps everything", async () => {
    const { store } = renderForm();
    await fillValid();
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await FakeXhr.sent[0]!.fail();
    expect(store.getState().services).toMatchObject({ message: MESSAGES.networkError, resType: 'error' });
    expect(screen.getByText(MESSAGES.networkError)).toBeTruthy();
    expect(field(/^Full name/).value).toBe('  Priya Sharma ');
    expect(field(/^College name/).value).toBe('City College');
    expect(screen.getByText('front.png')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const again = screen.getByRole('button', { name: 'Submit enrolment' }) as HTMLButtonElement;
    expect(again.disabled).toBe(false);
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
  });

  it("shows the server's message and puts its field errors on the fields (409, 415, 429)", async () => {
    const { store } = renderForm();
    await fillValid();
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await FakeXhr.sent[0]!.respond(409, {
      success: false,
      message: ENROLLMENT_MESSAGES.alreadyEnrolled,
      error: 'CONFLICT',
    });
    expect(store.getState().services).toMatchObject({ message: ENROLLMENT_MESSAGES.alreadyEnrolled, resType: 'error' });

    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    await FakeXhr.sent[1]!.respond(415, {
      success: false,
      message: ENROLLMENT_MESSAGES.fileTypeNotAllowed,
      error: 'UNSUPPORTED_MEDIA_TYPE',
      errors: [{ path: 'aadharBack', message: ENROLLMENT_MESSAGES.fileTypeNotAllowed }],
    });
    const back = field(/^Aadhaar card, back/);
    expect(back.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(back));
    expect(store.getState().services.message).toBe(ENROLLMENT_MESSAGES.fileTypeNotAllowed);
    // Choosing another file clears the server's complaint about it.
    await choose(/^Aadhaar card, back/, image('back.jpg'));
    expect(back.getAttribute('aria-invalid')).toBeNull();

    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.sent[2]!.status = 429;
    FakeXhr.sent[2]!.responseText = 'Too Many Requests';
    await act(async () => FakeXhr.sent[2]!.onload?.());
    expect(store.getState().services.message).toBe(MESSAGES.tooManyRequests);
    expect(field(/^Full name/).value).toBe('  Priya Sharma ');
  });

  describe("the server's sentences on a Hindi page", () => {
    const hi = hindi as Record<string, string>;
    afterEach(async () => {
      localStorage.clear();
      await activateLanguage('en');
    });
    /** Fills the form, switches to Hindi with the switch and submits. */
    async function submitInHindi() {
      const view = renderForm();
      await fillValid();
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
      await screen.findByRole('heading', { level: 1, name: hi['enrol.title'] });
      fireEvent.click(screen.getByRole('button', { name: hi['enrol.submit'] }));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
      return view;
    }

    it('toasts "received" in Hindi', async () => {
      const { store } = await submitInHindi();
      await FakeXhr.sent[0]!.respond(201, {
        success: true,
        message: ENROLLMENT_MESSAGES.received,
        data: { enrollmentNumber: 'ENR-2026-00043' },
      });
      expect(store.getState().services).toMatchObject({
        message: hi['messages.enrollment.received'],
        resType: 'success',
      });
    });

    it('refuses a file too large or of the wrong type before sending, in Hindi', async () => {
      renderForm();
      await ready();
      fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
      const front = new RegExp(`^${hi['enrol.doc.aadharFront']}`);
      const big = image('huge.png', 10, 'image/png');
      Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
      await choose(front, big);
      expect(screen.getByRole('alert').textContent).toBe(
        `${hi['messages.enrollment.fileTooLarge']}: यह फ़ाइल 6.0 MB की है, सीमा 5 MB है।`,
      );
      await choose(front, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
      expect(screen.getByRole('alert').textContent).toBe(hi['messages.enrollment.fileTypeNotAllowed']);
      expect(FakeXhr.sent).toHaveLength(0);
    });

    it('says a file too large (413) in Hindi, on the toast and on its field', async () => {
      const { store } = await submitInHindi();
      await FakeXhr.sent[0]!.respond(413, {
        success: false,
        message: ENROLLMENT_MESSAGES.fileTooLarge,
        error: 'PAYLOAD_TOO_LARGE',
        errors: [{ path: 'profilePicture', message: ENROLLMENT_MESSAGES.fileTooLarge }],
      });
      const sentence = hi['messages.enrollment.fileTooLarge']!;
      expect(store.getState().services).toMatchObject({ message: sentence, resType: 'error' });
      const upload = document.querySelector('[data-field="profilePicture"]')!;
      expect(within(upload as HTMLElement).getByText(sentence)).toBeTruthy();
      expect(screen.queryByText(ENROLLMENT_MESSAGES.fileTooLarge)).toBeNull();
    });

    it('says the changed terms, stale amounts, rate limits and a lost connection in Hindi', async () => {
      const answers = [
        [409, ENROLLMENT_MESSAGES.termsChanged, 'CONFLICT', 'messages.enrollment.termsChanged'],
        [409, ENROLLMENT_MESSAGES.amountsDisagree, 'VALIDATION_ERROR', 'messages.enrollment.amountsDisagree'],
        [409, ENROLLMENT_MESSAGES.alreadyEnrolled, 'CONFLICT', 'messages.enrollment.alreadyEnrolled'],
        [429, ENROLLMENT_MESSAGES.tooManyFromConnection, 'RATE_LIMITED', 'messages.enrollment.tooManyFromConnection'],
        [503, MESSAGES.databaseUnavailable, 'SERVICE_UNAVAILABLE', 'messages.databaseUnavailable'],
      ] as const;
      const { store } = await submitInHindi();
      for (const [index, [status, message, error, id]] of answers.entries()) {
        if (index > 0) {
          fireEvent.click(screen.getByRole('button', { name: hi['enrol.submit'] }));
          await waitFor(() => expect(FakeXhr.sent).toHaveLength(index + 1));
        }
        await FakeXhr.sent[index]!.respond(status, { success: false, message, error });
        expect(await screen.findByText(hi[id]!)).toBeTruthy();
        expect(store.getState().services).toMatchObject({ message: hi[id], resType: 'error' });
        expect(screen.queryByText(message)).toBeNull();
      }
      fireEvent.click(screen.getByRole('button', { name: hi['enrol.submit'] }));
      await waitFor(() => expect(FakeXhr.sent).toHaveLength(answers.length + 1));
      await FakeXhr.sent[answers.length]!.fail();
      expect(await screen.findByText(hi['messages.networkError']!)).toBeTruthy();
    });
  });
});

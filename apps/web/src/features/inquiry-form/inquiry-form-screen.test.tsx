import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { INQUIRY_HONEYPOT_FIELD, INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { json, mockFetch, sentRequest } from '../../shared/test/route-harness';
import {
  AREAS,
  SITE,
  answerInquiryForm,
  field,
  fillValid,
  fillValidInHindi,
  receivedAnswer,
  renderForm,
  setUpInquiryForm,
  submit,
  type,
  unknownAreaAnswer,
} from './inquiry-form-test-harness';

setUpInquiryForm();

let fetchMock: ReturnType<typeof mockFetch>;
/** What POST /api/inquiry answers in the current test. */
let postAnswer: () => Promise<Response>;
beforeEach(() => {
  postAnswer = receivedAnswer;
  fetchMock = answerInquiryForm(() => postAnswer());
});
const inquiryPosts = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/inquiry');

describe('/student-inquiry', () => {
  it('marks the required fields and lists the areas of interest from the server', async () => {
    renderForm();
    for (const label of [/^Name/, /^Address/, /^Email/, /^Phone number/, /^How did you hear about us/]) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
      expect(field(label).labels?.[0]?.textContent).toMatch(/\*\s*required$/);
    }
    expect(field(/^Currently at/).getAttribute('aria-required')).toBeNull();
    expect(field(/^Phone number/).type).toBe('tel');
    expect(field(/^Phone number/).inputMode).toBe('numeric');
    const group = screen.getByRole('group', { name: /Areas of interest/ });
    expect(within(group).getByRole('status').textContent).toMatch(/Loading courses/);
    expect(await within(group).findByRole('checkbox', { name: 'Full Stack Web Development' })).toBeTruthy();
    expect(within(group).getAllByRole('checkbox')).toHaveLength(2);
    const options = [...(field(/^How did you hear about us/) as unknown as HTMLSelectElement).options].map(
      (o) => o.value,
    );
    expect(options).toEqual(['', 'friend', 'website', 'instagram', 'linkedin', 'facebook', 'other']);
  });

  it('shows the friend fields only when the reference is a friend', async () => {
    renderForm();
    const reference = field(/^How did you hear about us/);
    expect(screen.queryByLabelText("Friend's name")).toBeNull();
    expect(screen.queryByLabelText(/Friend's working area/)).toBeNull();
    fireEvent.change(reference, { target: { value: 'friend' } });
    expect(screen.getByLabelText("Friend's name")).toBeTruthy();
    expect(screen.getByLabelText(/Friend's working area/)).toBeTruthy();
    fireEvent.change(reference, { target: { value: 'instagram' } });
    expect(screen.queryByLabelText("Friend's name")).toBeNull();
    expect(screen.queryByLabelText(/Friend's working area/)).toBeNull();
  });

  it("shows the contract's messages after blur", async () => {
    renderForm();
    fireEvent.blur(field(/^Name/));
    expect(await screen.findByText(MESSAGES.nameRequired)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.addressRequired)).toBeNull(); // not reached yet

    type(/^Phone number/, '0123456789');
    expect(screen.queryByText(MESSAGES.phoneRule)).toBeNull(); // typing alone does not judge
    fireEvent.blur(field(/^Phone number/));
    expect(await screen.findByText(MESSAGES.phoneRule)).toBeTruthy();
    expect(field(/^Phone number/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Phone number/).getAttribute('aria-describedby')).toContain(screen.getByText(MESSAGES.phoneRule).id);
    type(/^Phone number/, '9876543210'); // after the blur it follows every keystroke
    expect(screen.queryByText(MESSAGES.phoneRule)).toBeNull();

    type(/^Email/, 'a@b');
    fireEvent.blur(field(/^Email/));
    expect(await screen.findByText(MESSAGES.emailNeedsDot)).toBeTruthy();
    type(/^Email/, 'not an email');
    expect(await screen.findByText(MESSAGES.emailIncorrect)).toBeTruthy();
    type(/^Email/, '');
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeTruthy();
  });

  it('shows every contract message after a submit attempt, focuses the first and sends nothing', async () => {
    renderForm();
    await screen.findByRole('checkbox', { name: 'Data Science' });
    type(/^Phone number/, '12345');
    submit();
    for (const message of [
      MESSAGES.nameRequired,
      MESSAGES.addressRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneRule,
      MESSAGES.areaOfInterestRequired,
      MESSAGES.referenceRequired,
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(field(/^Name/)));
    expect(inquiryPosts()).toHaveLength(0);

    type(/^Phone number/, '');
    expect(await screen.findByText(MESSAGES.phoneRequired)).toBeTruthy();
  });

  it('sends the trimmed inquiry, toasts the server message and shows the thank-you modal; Ok reloads', async () => {
    const reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...window.location, reload } });
    const { store } = renderForm();
    await fillValid();
    fireEvent.change(field(/^How did you hear about us/), { target: { value: 'friend' } });
    type("Friend's name", 'Rahul');
    submit();

    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(dialog.textContent).toMatch(/Updates will come by email to priya@example\.com/);
    expect(within(dialog).getByRole('link', { name: SITE.contactPhone }).getAttribute('href')).toBe(
      `tel:${SITE.contactPhone}`,
    );
    expect(within(dialog).getByRole('link', { name: SITE.contactEmail }).getAttribute('href')).toBe(
      `mailto:${SITE.contactEmail}`,
    );
    expect(store.getState().services).toMatchObject({ message: INQUIRY_MESSAGES.received, resType: 'success' });

    const { body } = sentRequest(
      fetchMock,
      fetchMock.mock.calls.findIndex(([url]) => url === '/api/inquiry'),
    );
    expect(body).toEqual({
      name: 'Priya Sharma',
      address: '12 MG Road, Pune',
      email: 'priya@example.com',
      phoneNumber: '9876543210',
      areaOfInterest: ['Data Science'],
      reference: 'friend',
      friendName: 'Rahul',
      language: 'en',
    });

    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    expect(document.activeElement).toBe(ok);
    fireEvent.click(ok);
    expect(reload).toHaveBeenCalledTimes(1);
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('keeps Tab inside the thank-you modal', async () => {
    renderForm();
    await fillValid();
    submit();
    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    const ok = within(dialog).getByRole('button', { name: 'Ok' });
    const phone = within(dialog).getByRole('link', { name: SITE.contactPhone });
    ok.focus();
    fireEvent.keyDown(dialog, { key: 'Tab' });
    expect(document.activeElement).toBe(phone);
    fireEvent.keyDown(dialog, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(ok);
  });

  it("says 'Network error' when the request cannot be made, and keeps what was typed", async () => {
    postAnswer = () => Promise.reject(new TypeError('Failed to fetch'));
    const { store } = renderForm();
    await fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.networkError);
    expect(store.getState().services).toMatchObject({ message: MESSAGES.networkError, resType: 'error' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field(/^Name/).value).toBe('  Priya Sharma ');
    expect(field(/^Email/).value).toBe('priya@example.com');
    expect((screen.getByRole('checkbox', { name: 'Data Science' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('button', { name: 'Submit' }).getAttribute('aria-disabled')).toBeNull();
  });

  it("shows the server's message and puts its field errors on the fields", async () => {
    postAnswer = async () => unknownAreaAnswer();
    const { store } = renderForm();
    await fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.validationFailed);
    expect(screen.getByText(INQUIRY_MESSAGES.unknownAreaOfInterest)).toBeTruthy();
    expect(store.getState().services).toMatchObject({ message: MESSAGES.validationFailed, resType: 'error' });
    // Focus moves in an effect after the error lands, possibly a render after the alert shows.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Full Stack Web Development' })),
    );
    // Changing the field clears the server's word on it.
    fireEvent.click(screen.getByRole('checkbox', { name: 'Full Stack Web Development' }));
    expect(screen.queryByText(INQUIRY_MESSAGES.unknownAreaOfInterest)).toBeNull();
  });

  it("shows the server's message when rate limited (429)", async () => {
    postAnswer = async () => json(429, { success: false, message: MESSAGES.tooManyRequests, error: 'RATE_LIMITED' });
    renderForm();
    await fillValid();
    submit();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.tooManyRequests);
    expect(field(/^Address/).value).toBe('12 MG Road, Pune');
  });

  it('shows a busy button while sending and sends once', async () => {
    let answer: (r: Response) => void = () => undefined;
    postAnswer = () => new Promise<Response>((resolve) => (answer = resolve));
    renderForm();
    await fillValid();
    submit();
    const busy = await screen.findByRole('button', { name: /Sending/ });
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(busy);
    expect(inquiryPosts()).toHaveLength(1);
    answer(json(201, { success: true, message: INQUIRY_MESSAGES.received, data: null }));
    expect(await screen.findByRole('dialog')).toBeTruthy();
  });

  it('has a honeypot that people never meet, and sends it only when filled', async () => {
    renderForm();
    // It takes its name from the contract with the form's rules, once the visitor starts.
    fireEvent.focus(field(/^Name/));
    const honeypot = await waitFor(() => {
      const input = document.querySelector<HTMLInputElement>(`input[name="${INQUIRY_HONEYPOT_FIELD}"]`);
      expect(input).not.toBeNull();
      return input!;
    });
    expect(honeypot.tabIndex).toBe(-1);
    expect(honeypot.autocomplete).toBe('off');
    expect(honeypot.closest('[aria-hidden="true"]')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Middle name' })).toBeNull(); // not in the accessibility tree
    await fillValid();
    fireEvent.change(honeypot, { target: { value: 'bot' } });
    submit();
    await screen.findByRole('dialog');
    const { body } = sentRequest(
      fetchMock,
      fetchMock.mock.calls.findIndex(([url]) => url === '/api/inquiry'),
    );
    expect(body).toMatchObject({ [INQUIRY_HONEYPOT_FIELD]: 'bot' });
  });

  it('offers Try again when the areas of interest fail to load', async () => {
    let fail = true;
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url === '/api/area-of-interest') {
        if (fail) throw new TypeError('Failed to fetch');
        return json(200, { success: true, message: '', data: AREAS });
      }
      return json(200, { success: true, message: '', data: SITE });
    });
    renderForm();
    const group = screen.getByRole('group', { name: /Areas of interest/ });
    expect((await within(group).findByRole('alert')).textContent).toMatch(/could not be loaded/);
    fail = false;
    fireEvent.click(within(group).getByRole('button', { name: 'Try again' }));
    expect(await within(group).findByRole('checkbox', { name: 'Data Science' })).toBeTruthy();
  });

  it('preselects a course from ?courseId= when it is on offer', async () => {
    renderForm('/student-inquiry?courseId=c2');
    await screen.findByRole('checkbox', { name: 'Data Science' });
    await waitFor(() => expect((field(/^Preferred course/) as unknown as HTMLSelectElement).value).toBe('c2'));
  });

  it('switches to Hindi: labels, contract messages and the thank-you modal in Hindi, remembered, sent along', async () => {
    const hi = (await import('@registrar/contract/locales/hi.json')).default as Record<string, string>;
    localStorage.clear();
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'हिन्दी' }));
    await screen.findByRole('heading', { level: 1, name: hi['inquiry.title'] });
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem('registrar.language')).toBe('hi');
    expect(screen.getByRole('button', { name: 'हिन्दी' }).getAttribute('aria-pressed')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: hi['inquiry.submit'] }));
    expect(await screen.findByText(hi['messages.nameRequired']!)).toBeTruthy();
    expect(screen.queryByText(MESSAGES.nameRequired)).toBeNull();

    await fillValidInHindi();
    fireEvent.click(screen.getByRole('button', { name: hi['inquiry.submit'] }));
    const dialog = await screen.findByRole('dialog', { name: hi['thanks.title'] });
    expect(dialog.textContent).toContain('हमें आपकी पूछताछ मिल गई है');
    expect(within(dialog).getByRole('button', { name: hi['thanks.ok'] })).toBeTruthy();
    const { body } = sentRequest(
      fetchMock,
      fetchMock.mock.calls.findIndex(([url]) => url === '/api/inquiry'),
    );
    expect(body).toMatchObject({ name: 'प्रिया शर्मा', language: 'hi' });

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    await screen.findByRole('heading', { level: 1, name: 'Ask about a course' });
    expect(document.documentElement.lang).toBe('en');
    localStorage.clear();
  });
});

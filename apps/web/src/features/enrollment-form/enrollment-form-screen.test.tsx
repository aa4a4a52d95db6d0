import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { UPLOAD_EXTENSIONS } from '@registrar/contract/constants';
import { ENROLLMENT_FILE_FIELDS } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { EnrollmentFormScreen } from './enrollment-form-screen';
import { checkUpload, UPLOAD_ACCEPT } from '../../shared/lib/file-rules';
import en from '@registrar/contract/locales/en.json';
import hindi from '@registrar/contract/locales/hi.json';
import { activateLanguage } from '../../shared/i18n/i18n';

const COURSES = [
  {
    _id: '0195f6a4-0000-7000-8000-000000000001',
    name: 'Full Stack Web Development',
    price: 30000,
    emiPrice: [12000, 10000, 9000],
  },
  { _id: '0195f6a4-0000-7000-8000-000000000002', name: 'Data Science', price: 45000, emiPrice: [45000] },
];
const SITE = {
  instituteName: 'Registrar Training Institute',
  contactEmail: 'help@institute.test',
  contactPhone: '9876543210',
  companyAddress: 'Main Road, Pune',
};
const TERMS = {
  name: 'Terms & Conditions',
  description: '<p>Fees are <strong>non-refundable</strong>.</p><script>x()</script>',
  version: 3,
};

/** XMLHttpRequest as the form uses it: the test decides when bytes go out and what comes back. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    await act(async () => this.onload?.());
  }
  async fail() {
    await act(async () => this.onerror?.());
  }
}

// The route loads the visitor's language before the screen shows; a test renders the screen alone.
beforeAll(() => activateLanguage('en'));

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let n = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => {} }));
  const fetchMock = mockFetch();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/api/course?type=all') return json(200, { success: true, message: '', data: COURSES });
    if (url === '/api/site') return json(200, { success: true, message: '', data: SITE });
    if (url === '/api/cms/terms_condition') return json(200, { success: true, message: '', data: TERMS });
    throw new Error(`unexpected ${url}`);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderForm = (url = '/student-enrollment') =>
  renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment', url });

const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
const choose = async (label: RegExp, file: File) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { files: [file] } });
const image = (name: string, bytes = 1200, mime = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type: mime });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit enrolment' }));

/** Waits for the lower sections (course, work, documents) and the course list. */
async function ready() {
  await screen.findByRole('option', { name: /Full Stack Web Development/ });
}

async function fillValid() {
  await ready();
  type(/^Full name/, '  Priya Sharma ');
  type(/^Email/, 'priya@example.com');
  type(/^Phone number/, '9876543210');
  type(/^Current address/, '12 MG Road, Pune');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Permanent address same as current address' }));
  type(/^Course/, COURSES[0]!._id);
  fireEvent.click(screen.getByRole('radio', { name: 'In installments' }));
  type(/^Currently working at/, 'college');
  type(/^College name/, 'City College');
  type(/^Current semester/, '5');
  await choose(/^Profile picture/, image('me.jpg'));
  await choose(/^Aadhaar card, front/, image('front.png', 2000, 'image/png'));
  await choose(/^Aadhaar card, back/, new File(['%PDF-1.4'], 'back.pdf', { type: 'application/pdf' }));
}

describe('/student-enrollment', () => {
  it('marks the required fields and lists the courses from the server', async () => {
    renderForm();
    await ready();
    for (const label of [
      /^Full name/,
      /^Email/,
      /^Phone number/,
      /^Current address/,
      /^Permanent address \*/,
      /^Course/,
    ]) {
      expect(field(label).getAttribute('aria-required')).toBe('true');
      expect(field(label).labels?.[0]?.textContent).toMatch(/\*$/);
    }
    expect(field(/^Alternative phone number/).getAttribute('aria-required')).toBeNull();
    expect(field(/^Joining date/).type).toBe('date');
    expect(field(/^Joining date/).min).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(screen.getByRole('radiogroup', { name: /How will you pay/ }).getAttribute('aria-required')).toBe('true');
    const modes = [...(field(/^Payment mode/) as unknown as HTMLSelectElement).options].map((o) => o.textContent);
    expect(modes).toEqual(['Not decided yet', 'Cash', 'Online payment', 'Cheque', 'Other']);
    for (const upload of [/^Profile picture/, /^Aadhaar card, front/, /^Aadhaar card, back/]) {
      expect(field(upload).getAttribute('aria-required')).toBe('true');
      expect(field(upload).accept).toBe('.jpg,.jpeg,.png,.gif,.svg,.pdf');
    }
    expect(field(/^PAN card/).getAttribute('aria-required')).toBeNull();
    // A masked Aadhaar is asked for, with a drawn example whose first 8 digits are hidden.
    expect(screen.getByRole('img', { name: /masked Aadhaar card/ }).textContent).toBe('XXXX XXXX 4821');
    expect(field(/^Aadhaar card, front/).getAttribute('aria-describedby')).toBeTruthy();
    for (const upload of [/^Aadhaar card, front/, /^Aadhaar card, back/]) {
      const hints = field(upload)
        .getAttribute('aria-describedby')!
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(hints).toContain(en['enrol.doc.maskedNote']);
    }
    expect(screen.getByAltText(/back of an Aadhaar card/).getAttribute('src')).toBe(
      '/images/placeholder-card-back.svg',
    );
    expect(screen.getByAltText(/PAN card/).getAttribute('src')).toBe('/images/placeholder-pan-card.svg');
    expect(screen.getByAltText(/passport-style photo/).getAttribute('src')).toBe('/images/placeholder-profile.svg');
    // The terms under the form, sanitized.
    const terms = await screen.findByText(/Fees are/);
    expect(terms.closest('section')?.innerHTML).not.toMatch(/script/);
  });

  it('shows the semester only for college or university and the designation only for company', async () => {
    renderForm();
    await ready();
    const working = field(/^Currently working at/);
    expect(screen.queryByLabelText('Current semester')).toBeNull();
    expect(screen.queryByLabelText('Designation')).toBeNull();
    for (const [value, semester, designation, place] of [
      ['college', true, false, 'College name'],
      ['university', true, false, 'University name'],
      ['company', false, true, 'Company name'],
      ['other', false, false, 'Where you work or study'],
    ] as const) {
      fireEvent.change(working, { target: { value } });
      expect(screen.queryByLabelText('Current semester') !== null).toBe(semester);
      expect(screen.queryByLabelText('Designation') !== null).toBe(designation);
      expect(screen.getByLabelText(new RegExp(`^${place}`))).toBeTruthy();
    }
  });

  it('shows one read-only amount per installment, or one equal to the price for full payment', async () => {
    renderForm();
    await ready();
    expect(screen.getByText('Choose a course and how you will pay to see the amounts.')).toBeTruthy();
    type(/^Course/, COURSES[0]!._id);
    fireEvent.click(screen.getByRole('radio', { name: 'In installments' }));
    const amounts = within(screen.getByRole('group', { name: '3 installments' }));
    const boxes = amounts.getAllByRole('textbox') as HTMLInputElement[];
    expect(boxes.map((b) => b.value)).toEqual(['₹12,000', '₹10,000', '₹9,000']);
    expect(boxes.every((b) => b.readOnly)).toBe(true);
    expect(amounts.getByLabelText('Installment 2')).toBe(boxes[1]);

    fireEvent.click(screen.getByRole('radio', { name: 'Full payment' }));
    const full = screen.getByLabelText('Full amount') as HTMLInputElement;
    expect(full.value).toBe('₹30,000');
    expect(full.readOnly).toBe(true);
    expect(screen.queryByLabelText('Installment 1')).toBeNull();

    type(/^Course/, COURSES[1]!._id);
    expect((screen.getByLabelText('Full amount') as HTMLInputElement).value).toBe('₹45,000');
  });

  it('checks the type and size of a file before anything is uploaded, keeping the file chosen before', async () => {
    expect(UPLOAD_ACCEPT).toBe(UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(','));
    renderForm();
    await ready();
    await choose(/^Aadhaar card, front/, image('front.jpg'));
    expect(screen.getByAltText('Preview of front.jpg').getAttribute('src')).toMatch(/^blob:/);

    await choose(/^Aadhaar card, front/, new File(['MZ'], 'setup.exe', { type: 'application/x-msdownload' }));
    expect(screen.getByRole('alert').textContent).toBe(ENROLLMENT_MESSAGES.fileTypeNotAllowed);
    expect(screen.getByAltText('Preview of front.jpg')).toBeTruthy();

    const big = image('huge.png', 10, 'image/png');
    Object.defineProperty(big, 'size', { value: 6 * 1024 * 1024 });
    await choose(/^Aadhaar card, front/, big);
    expect(screen.getByRole('alert').textContent).toBe(
      `${ENROLLMENT_MESSAGES.fileTooLarge}: it is 6.0 MB, the limit is 5 MB.`,
    );
    expect(screen.getByAltText('Preview of front.jpg')).toBeTruthy();

    // A PDF shows as an icon and its name; an allowed file clears the message.
    await choose(/^Aadhaar card, front/, new File(['%PDF-1.4'], 'front-scan.pdf', { type: 'application/pdf' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('front-scan.pdf')).toBeTruthy();
    expect(screen.queryByAltText('Preview of front.jpg')).toBeNull();

    expect(checkUpload(image('a.JPEG'))).toBeNull();
    expect(checkUpload(new File(['<svg/>'], 'sign.svg', { type: 'image/svg+xml' }))).toBeNull();
    expect(checkUpload(new File(['x'], 'notes.txt', { type: 'text/plain' }))).toBe(
      ENROLLMENT_MESSAGES.fileTypeNotAllowed,
    );
    expect(checkUpload(new File(['x'], 'fake.jpg', { type: 'text/html' }))).toBe(
      ENROLLMENT_MESSAGES.fileTypeNotAllowed,
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("says the contract's messages for missing fields and files after a submit attempt", async () => {
    renderForm();
    await ready();
    submit();
    // The form's rules load on the visitor's first move (here the submit) and then judge.
    expect(await screen.findByText(MESSAGES.nameMin)).toBeTruthy();
    for (const message of [
      MESSAGES.nameMin,
      MESSAGES.currentAddressMin,
      MESSAGES.permanentAddressMin,
      MESSAGES.phoneRequired,
      MESSAGES.emailRequired,
      MESSAGES.courseIdRequired,
      MESSAGES.currentlyWorkingRequired,
      MESSAGES.currentlyWorkingPlaceRequired,
      MESSAGES.paymentMethodRequired,
      ENROLLMENT_FILE_FIELDS.profilePicture.message,
      ENROLLMENT_FILE_FIELDS.aadharFront.message,
      ENROLLMENT_FILE_FIELDS.aadharBack.message,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    expect(screen.getByText('Please enter aadhar card front image')).toBeTruthy();
    expect(field(/^Aadhaar card, front/).getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field(/^Full name/)));
    expect(FakeXhr.sent).toHaveLength(0);

    // onTouched: errors update as the visitor types.
    type(/^Phone number/, '0123456789');
    expect(screen.getByText(MESSAGES.phoneRule)).toBeTruthy();
    type(/^Phone number/, '9123456789');
    expect(screen.queryByText(MESSAGES.phoneRule)).toBeNull();
    await choose(/^Aadhaar card, front/, image('front.jpg'));
    expect(screen.queryByText('Please enter aadhar card front image')).toBeNull();
  });

  it('shows an error only after the field is left (onTouched)', async () => {
    renderForm();
    await ready();
    type(/^Email/, 'priya@example');
    expect(screen.queryByText(MESSAGES.emailNeedsDot)).toBeNull();
    fireEvent.blur(field(/^Email/));
    expect(await screen.findByText(MESSAGES.emailNeedsDot)).toBeTruthy();
    expect(field(/^Email/).getAttribute('aria-invalid')).toBe('true');
    type(/^Email/, 'priya@example.com');
    expect(screen.queryByText(MESSAGES.emailNeedsDot)).toBeNull();
  });

  it('prefills the name, email and phone from the query string', async () => {
    renderForm('/student-enrollment?name=Priya%20Sharma&email=priya%40example.com&phone=9876543210');
    expect(field(/^Full name/).value).toBe('Priya Sharma');
    expect(field(/^Email/).value).toBe('priya@example.com');
    expect(field(/^Phone number/).value).toBe('9876543210');
    expect(field(/^Alternative phone number/).value).toBe('');
  });

  it('asks to reload when the terms changed since the page was opened, keeping what was typed', async () => {
    renderForm();
    await fillValid();
    submit();
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    await FakeXhr.sent[0]!.respond(409, {
      success: false,
      message: ENROLLMENT_MESSAGES.termsChanged,
      error: 'CONFLICT',
    });
    expect(await screen.findByText(ENROLLMENT_MESSAGES.termsChanged)).toBeTruthy();
    expect(field(/^Full name/).value.trim()).toBe('Priya Sharma');
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

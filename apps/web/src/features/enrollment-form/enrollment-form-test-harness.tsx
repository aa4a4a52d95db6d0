/**
 * Test-only: the public enrolment form rendered on its route, with the server's courses, site
 * details and terms answered by a mock and uploads sent through a fake XMLHttpRequest.
 */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { activateLanguage } from '../../shared/i18n/i18n';
import { EnrollmentFormScreen } from './enrollment-form-screen';

export const COURSES = [
  {
    _id: '0195f6a4-0000-7000-8000-000000000001',
    name: 'Full Stack Web Development',
    price: 30000,
    emiPrice: [12000, 10000, 9000],
  },
  { _id: '0195f6a4-0000-7000-8000-000000000002', name: 'Data Science', price: 45000, emiPrice: [45000] },
];
export const SITE = {
  instituteName: 'Registrar Training Institute',
  contactEmail: 'help@institute.test',
  contactPhone: '9876543210',
  companyAddress: 'Main Road, Pune',
};
export const TERMS = {
  name: 'Terms & Conditions',
  description: '<p>Fees are <strong>non-refundable</strong>.</p><script>x()</script>',
  version: 3,
};

/** XMLHttpRequest as the form uses it: the test decides when bytes go out and what comes back. */
export class FakeXhr {
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

/** The hooks every test of the form runs under: fake uploads, the server's answers, English. */
export function setUpEnrollmentForm() {
  // The route loads the visitor's language before the screen shows; a test renders the screen alone.
  beforeAll(() => activateLanguage('en'));

  beforeEach(() => {
    FakeXhr.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    let n = 0;
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: () => `blob:preview-${++n}`, revokeObjectURL: () => {} }),
    );
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
}

export const renderForm = (url = '/student-enrollment') =>
  renderRoute(<EnrollmentFormScreen />, { path: '/student-enrollment', url });

export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
export const choose = async (label: RegExp, file: File) =>
  fireEvent.change(await screen.findByLabelText(label), { target: { files: [file] } });
export const image = (name: string, bytes = 1200, mime = 'image/jpeg') =>
  new File([new Uint8Array(bytes)], name, { type: mime });
export const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit enrolment' }));

/** Waits for the lower sections (course, work, documents) and the course list. */
export async function ready() {
  await screen.findByRole('option', { name: /Full Stack Web Development/ });
}

export async function fillValid() {
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

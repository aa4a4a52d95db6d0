import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_ENROLLMENT_MESSAGES } from '@registrar/contract/staff-enrollment';
import { courseFixture } from '../../shared/test/course-fixture';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { NewEnrollmentRoute } from './new-enrollment';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COURSES = [
  courseFixture({ _id: 'dm', name: 'Digital Marketing', price: 18000, emiPrice: [9000, 9000] }),
  courseFixture({ _id: 'tally', name: 'Tally Prime', price: 10000, emiPrice: [6000, 4000] }),
];

const inquiry = (over: Record<string, unknown>) => ({
  _id: '5b0e4a52-5d6c-4c39-9f0e-0a3c1f2b7d11',
  name: 'Kavya Nair',
  email: 'kavya@example.in',
  phoneNumber: '9876512345',
  address: '21 MG Road, Pune',
  currentlyWorkingAs: 'college',
  currentlyAt: 'BCom 3rd year',
  areaOfInterest: ['Tally'],
  courseId: null,
  status: 'contacted',
  history: [],
  ...over,
});

/** The form opened from inquiry `q1`, the institute in Maharashtra with GST `gstEnabled`. */
function openFromInquiry(over: Record<string, unknown>, gstEnabled: boolean) {
  return fakeServer(({ url, method }) => {
    const answer = (data: unknown) => json(200, { success: true, message: '', data });
    if (url.pathname === '/api/cms/terms_condition')
      return answer({
        name: 'Terms & Conditions',
        description: '<p>Fees are not refunded.</p>',
        version: 3,
        updatedAt: null,
      });
    if (url.pathname === '/api/staff-enrollment' && method === 'POST')
      return json(201, {
        success: true,
        message: '',
        data: { _id: 'e1', enrollmentNumber: 'E1', receiptNumber: null, paymentProblem: null, documentsToFollow: [] },
      });
    if (url.pathname === '/api/course') return answer({ items: COURSES, page: 1, limit: 100, total: 2, totalPages: 1 });
    if (url.pathname === '/api/site')
      return answer({
        instituteName: 'I',
        contactEmail: '',
        contactPhone: '',
        companyAddress: '',
        gstEnabled,
        instituteState: '27',
      });
    if (url.pathname === '/api/inquiry/q1') return answer(inquiry(over));
    throw new Error(`unexpected ${url.pathname}`);
  });
}
function openForm(over: Record<string, unknown>, gstEnabled: boolean) {
  const server = openFromInquiry(over, gstEnabled);
  renderScreen(<NewEnrollmentRoute />, {
    path: '/student-enrollments/new',
    url: '/student-enrollments/new?inquiry=q1',
  });
  return server;
}
const select = (label: RegExp) => screen.getByLabelText(label, { selector: 'select' }) as HTMLSelectElement;
const shown = (s: HTMLSelectElement) => s.options[s.selectedIndex]!.text;

describe('the staff enrolment form from an inquiry', () => {
  it('takes name, contacts, addresses and occupation exactly, and leaves the course to an explicit choice', async () => {
    openForm({}, false);
    await screen.findByRole('heading', { name: 'New enrolment' });
    expect((screen.getByLabelText(/^Full name/) as HTMLInputElement).value).toBe('Kavya Nair');
    expect((screen.getByLabelText(/^Email/) as HTMLInputElement).value).toBe('kavya@example.in');
    expect((screen.getByLabelText(/^Phone number/) as HTMLInputElement).value).toBe('9876512345');
    expect((screen.getByLabelText(/^Current address/) as HTMLTextAreaElement).value).toBe('21 MG Road, Pune');
    expect((screen.getByLabelText(/^Permanent address/) as HTMLTextAreaElement).value).toBe('21 MG Road, Pune');
    expect(shown(select(/^Currently working at/))).toBe('College');
    expect((screen.getByLabelText(/^Currently working place/) as HTMLInputElement).value).toBe('BCom 3rd year');

    await within(select(/^Course/)).findByRole('option', { name: 'Tally Prime' });
    expect(select(/^Course/).value).toBe('');
    expect(shown(select(/^Course/))).toBe('Choose the course');
    expect(screen.getByRole('status', { name: 'Fee schedule' }).textContent).toContain('Choose the course');
    expect(screen.queryByLabelText(/^State or Union Territory/)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Enrol and approve' }));
    expect(await screen.findByText(MESSAGES.courseIdRequired)).toBeTruthy();
  });

  it('shows the fee schedule before saving once the course is chosen', async () => {
    openForm({}, false);
    await within(await screen.findByLabelText(/^Course/, { selector: 'select' })).findByRole('option', {
      name: 'Tally Prime',
    });
    fireEvent.change(select(/^Course/), { target: { value: 'tally' } });
    fireEvent.change(screen.getByLabelText(/^Joining date/), { target: { value: '2099-06-10' } });
    const schedule = screen.getByRole('status', { name: 'Fee schedule' });
    expect(schedule.textContent).toContain('Fee schedule: 2 installments, ₹10,000 in all');
    expect(
      within(schedule)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Installment 1: ₹6,000 due 10 Jun 2099', 'Installment 2: ₹4,000 due 10 Jul 2099']);
  });

  it("preselects the inquiry's course, and with GST on asks the State with the institute's first", async () => {
    openForm({ courseId: 'tally', currentlyWorkingAs: null }, true);
    const state = (await screen.findByLabelText(/^State or Union Territory/, {
      selector: 'select',
    })) as HTMLSelectElement;
    await within(select(/^Course/)).findByRole('option', { name: 'Tally Prime' });
    expect(select(/^Course/).value).toBe('tally');
    expect(shown(select(/^Currently working at/))).toBe('Choose one');
    expect([...state.options].slice(0, 3).map((o) => o.text)).toEqual([
      'Choose the State',
      'Maharashtra',
      expect.not.stringMatching('Maharashtra'),
    ]);
    expect(state.value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Enrol and approve' }));
    expect(await screen.findByText(STAFF_ENROLLMENT_MESSAGES.stateRequired)).toBeTruthy();
    expect(await screen.findByText(MESSAGES.currentlyWorkingRequired)).toBeTruthy();
  });

  it('shows the current terms and sends how the student accepts them, asking when nobody chose', async () => {
    const { fetchMock } = openForm({ courseId: 'tally' }, false);
    expect(await screen.findByText('Fees are not refunded.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Terms & Conditions (version 3)' })).toBeTruthy();
    await within(select(/^Course/)).findByRole('option', { name: 'Tally Prime' });
    fireEvent.change(screen.getByLabelText(/^Joining date/), { target: { value: '2099-06-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    expect(await screen.findByText(STAFF_ENROLLMENT_MESSAGES.termsChoice)).toBeTruthy();

    fireEvent.click(screen.getByLabelText('The student has read and accepts them here (version 3)'));
    expect(screen.queryByText(STAFF_ENROLLMENT_MESSAGES.termsChoice)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    await screen.findByText('Somewhere else').catch(() => undefined);
    const sent = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/staff-enrollment'),
    );
    const body = sent![1]!.body as FormData;
    expect(body.get('termsAcceptance')).toBe('desk');
    expect(body.get('termsVersion')).toBe('3');
    expect(body.get('messagesConsent')).toBe('false');
  });

  it('asks consent to WhatsApp and SMS as its own unticked choice, and sends it when ticked', async () => {
    const { fetchMock } = openForm({ courseId: 'tally' }, false);
    expect(await screen.findByText('Fees are not refunded.')).toBeTruthy();
    await within(select(/^Course/)).findByRole('option', { name: 'Tally Prime' });
    const consent = screen.getByLabelText(
      /agrees to fee receipts and reminders on WhatsApp and SMS/,
    ) as HTMLInputElement;
    expect(consent.checked).toBe(false);
    fireEvent.click(consent);
    fireEvent.change(screen.getByLabelText(/^Joining date/), { target: { value: '2099-06-10' } });
    fireEvent.click(await screen.findByLabelText('The student has read and accepts them here (version 3)'));
    fireEvent.click(screen.getByRole('button', { name: 'Enrol' }));
    await screen.findByText('Somewhere else').catch(() => undefined);
    const sent = fetchMock.mock.calls.find(
      ([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/staff-enrollment'),
    );
    expect((sent![1]!.body as FormData).get('messagesConsent')).toBe('true');
  });
});

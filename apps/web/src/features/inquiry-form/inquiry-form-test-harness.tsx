/**
 * Test-only: the public inquiry form rendered on its route, the server's areas of interest and
 * site details answered by a mock, and the form's fields filled as a visitor fills them.
 */
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import hindi from '@registrar/contract/locales/hi.json';
import { MESSAGES } from '@registrar/contract/messages';
import { json, mockFetch, renderRoute } from '../../shared/test/route-harness';
import { activateLanguage } from '../../shared/i18n/i18n';
import { InquiryFormScreen } from './inquiry-form-screen';

export const AREAS = [
  { _id: 'c1', name: 'Full Stack Web Development' },
  { _id: 'c2', name: 'Data Science' },
];
export const SITE = {
  instituteName: 'Registrar Training Institute',
  contactEmail: 'help@institute.test',
  contactPhone: '9876543210',
  companyAddress: 'Main Road, Pune',
};

/** The hooks every test of the form runs under: English first, a clean page and globals after. */
export function setUpInquiryForm() {
  // The route loads the visitor's language before the screen shows; a test renders the screen alone.
  beforeAll(() => activateLanguage('en'));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** What POST /api/inquiry answers unless a test says otherwise. */
export const receivedAnswer = async () =>
  json(201, { success: true, message: INQUIRY_MESSAGES.received, data: { _id: 'i1' } });

/** A fetch mock answering the form's reads, and its POST with what `post` gives at the time. */
export function answerInquiryForm(post: () => Promise<Response>): ReturnType<typeof mockFetch> {
  const fetchMock = mockFetch();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/area-of-interest') return json(200, { success: true, message: '', data: AREAS });
    if (url === '/api/site') return json(200, { success: true, message: '', data: SITE });
    if (url === '/api/inquiry' && init?.method === 'POST') return post();
    throw new Error(`unexpected ${url}`);
  });
  return fetchMock;
}

export const renderForm = (url = '/student-inquiry') =>
  renderRoute(<InquiryFormScreen />, { path: '/student-inquiry', url });

export const field = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
export const type = (label: string | RegExp, value: string) => fireEvent.change(field(label), { target: { value } });
export const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit' }));

export async function fillValid() {
  type(/^Name/, '  Priya Sharma ');
  type(/^Address/, '12 MG Road, Pune');
  type(/^Email/, 'priya@example.com');
  type(/^Phone number/, '98765 43210');
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Data Science' }));
  fireEvent.change(field(/^How did you hear about us/), { target: { value: 'website' } });
}

/** `fillValid` on the Hindi page: each field found by its Hindi label. */
export async function fillValidInHindi() {
  const hi = hindi as Record<string, string>;
  type(new RegExp(`^${hi['inquiry.name']}`), 'प्रिया शर्मा');
  type(new RegExp(`^${hi['inquiry.address']}`), '12 एमजी रोड, पुणे');
  type(new RegExp(`^${hi['inquiry.email']}`), 'priya@example.com');
  type(new RegExp(`^${hi['inquiry.phone']}`), '9876543210');
  fireEvent.click(await screen.findByRole('checkbox', { name: 'Data Science' }));
  fireEvent.change(field(new RegExp(`^${hi['inquiry.reference']!.replace('?', '\\?')}`)), {
    target: { value: 'website' },
  });
}

/** The server refusing an area of interest it does not offer. */
export const unknownAreaAnswer = () =>
  json(400, {
    success: false,
    message: MESSAGES.validationFailed,
    error: 'VALIDATION_ERROR',
    errors: [{ path: 'areaOfInterest', message: INQUIRY_MESSAGES.unknownAreaOfInterest }],
  });

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  INQUIRY_MESSAGES,
  INQUIRY_STATUS_LABELS,
  INQUIRY_TRANSITIONS,
  type InquiryDetail,
  type InquiryStatus,
} from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { InquiriesScreen } from './inquiries-screen';
import { ENROLLMENT_LINK_COPIED, InquiryDetailScreen } from './inquiry-detail-screen';
import { enrollmentLink } from './format';
import { fakeServer, json, JWT, renderScreens, route, type SentRequest } from '../../shared/test/screen-harness';

// MUI and the data grid take their time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const AREAS = [
  { _id: 'c1', name: 'Full Stack Web Development' },
  { _id: 'c2', name: 'Data Science' },
];
const STAFF = { _id: 's1', name: 'Asha Verma' };

const inquiry = (over: Partial<InquiryDetail>): InquiryDetail => ({
  _id: crypto.randomUUID(),
  name: 'Someone',
  address: '1 Road',
  email: 'someone@example.com',
  phoneNumber: '9876543210',
  currentlyWorkingAs: null,
  currentlyAt: null,
  areaOfInterest: ['Data Science'],
  reference: 'website',
  friendName: null,
  friendWorkingArea: null,
  courseId: null,
  status: 'new',
  duplicateOf: null,
  ownerId: null,
  nextFollowUpAt: null,
  firstContactAt: null,
  owner: null,
  contacts: [],
  language: 'en',
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  history: [],
  duplicate: null,
  ...over,
});

let inquiries: InquiryDetail[];
let server: ReturnType<typeof fakeServer>;

function handle({ url, method, body }: SentRequest): Response {
  const parts = url.pathname.split('/'); // ['', 'api', 'inquiry', …]
  if (url.pathname === '/api/area-of-interest') return json(200, { success: true, message: '', data: AREAS });
  if (url.pathname === '/api/inquiry' && method === 'GET') {
    const page = Number(url.searchParams.get('page'));
    const limit = Number(url.searchParams.get('limit'));
    const search = (url.searchParams.get('search') ?? '').toLowerCase();
    const status = url.searchParams.get('status');
    const found = inquiries.filter(
      (i) =>
        (!search || [i.name, i.email, i.phoneNumber].some((v) => v.toLowerCase().includes(search))) &&
        (!status || i.status === status),
    );
    const items = found.slice((page - 1) * limit, page * limit).map((i) => {
      const { history: _h, duplicate: _d, ...record } = i;
      return record;
    });
    const data = { items, page, limit, total: found.length, totalPages: Math.ceil(found.length / limit) };
    return json(200, { success: true, message: '', data });
  }
  if (parts[3] === 'status-change' && method === 'PUT') {
    const target = inquiries.find((i) => i._id === parts[4])!;
    const { status, note } = body as { status: InquiryStatus; note?: string };
    target.history = [
      ...target.history,
      {
        _id: crypto.randomUUID(),
        kind: 'status_changed',
        fromStatus: target.status,
        toStatus: status,
        note: note ?? null,
        by: STAFF,
        at: '2026-03-02T09:00:00.000Z',
      },
    ];
    target.status = status;
    return json(200, { success: true, message: INQUIRY_MESSAGES.statusChanged, data: target });
  }
  const target = inquiries.find((i) => i._id === parts[3]);
  if (!target) return json(404, { success: false, message: INQUIRY_MESSAGES.notFound, error: 'NOT_FOUND' });
  if (method === 'GET') return json(200, { success: true, message: '', data: target });
  if (method === 'PUT') {
    Object.assign(target, body);
    return json(200, { success: true, message: INQUIRY_MESSAGES.updated, data: target });
  }
  inquiries = inquiries.filter((i) => i !== target);
  return json(200, { success: true, message: INQUIRY_MESSAGES.deleted, data: null });
}

let priya: InquiryDetail;
let earlier: InquiryDetail;

beforeEach(() => {
  earlier = inquiry({ name: 'Priya S', email: 'priya@example.com', createdAt: '2026-02-20T10:00:00.000Z' });
  priya = inquiry({
    name: 'Priya Sharma',
    email: 'priya@example.com',
    phoneNumber: '9123456789',
    address: '12 MG Road\nPune',
    currentlyWorkingAs: 'college',
    currentlyAt: '5th semester, City College',
    areaOfInterest: ['Data Science', 'Full Stack Web Development'],
    reference: 'friend',
    friendName: 'Rahul',
    friendWorkingArea: 'Infosys',
    courseId: 'c2',
    duplicateOf: earlier._id,
    duplicate: { _id: earlier._id, name: earlier.name, createdAt: earlier.createdAt },
    history: [
      {
        _id: 'e1',
        kind: 'created',
        fromStatus: null,
        toStatus: 'new',
        note: null,
        by: null,
        at: '2026-03-01T10:00:00.000Z',
      },
    ],
  });
  inquiries = [priya, earlier, inquiry({ name: 'Arjun Rao', email: 'arjun@example.com', status: 'contacted' })];
  server = fakeServer(handle);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const routes = [
  route('/student-inquires', <InquiriesScreen />),
  route('/student-inquires/:id', <InquiryDetailScreen parts={{ RecordHistory: () => null }} />),
];
const open = (url: string) => renderScreens(routes, url);
const lastList = () => server.requests.filter((r) => r.url.pathname === '/api/inquiry' && r.method === 'GET').at(-1)!;

describe('Student Inquiries list', () => {
  it('lists inquiries with a status chip and a duplicate badge', async () => {
    open('/student-inquires');
    expect(await screen.findByRole('heading', { name: 'Student Inquiries' })).toBeTruthy();
    const link = await screen.findByRole('link', { name: 'Priya Sharma' });
    expect(link.getAttribute('href')).toBe(`/student-inquires/${priya._id}`);
    const row = link.closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Possible duplicate')).toBeTruthy();
    expect(within(row).getByText(INQUIRY_STATUS_LABELS.new)).toBeTruthy();
    const arjun = screen.getByRole('link', { name: 'Arjun Rao' }).closest('[role="row"]') as HTMLElement;
    expect(within(arjun).getByText(INQUIRY_STATUS_LABELS.contacted)).toBeTruthy();
    expect(within(arjun).queryByText('Possible duplicate')).toBeNull();
  });

  it('sends search, filters, dates and sort to the server', async () => {
    open('/student-inquires?status=new&from=2026-03-01&to=2026-03-31&sort=name&search=priya');
    await screen.findByRole('link', { name: 'Priya Sharma' });
    const params = lastList().url.searchParams;
    expect(Object.fromEntries(params)).toMatchObject({
      page: '1',
      limit: '10',
      search: 'priya',
      status: 'new',
      from: '2026-03-01',
      to: '2026-03-31',
      sort: 'name',
    });
    expect(screen.queryByRole('link', { name: 'Arjun Rao' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Received to'), { target: { value: '2026-02-01' } });
    expect(await screen.findByText('Before the start date: ignored')).toBeTruthy();
    await waitFor(() => expect(lastList().url.searchParams.get('to')).toBeNull());
  });

  it('exports the filtered list as CSV with the bearer token', async () => {
    const createObjectURL = vi.fn(() => 'blob:csv');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    server.fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://registrar.test');
      if (url.pathname === '/api/inquiry/export.csv') {
        server.requests.push({ url, method: 'GET', body: undefined, headers: init?.headers as Record<string, string> });
        return new Response('Name\nPriya', {
          headers: { 'content-disposition': `attachment; filename="inquiries-2026-03-02.csv"` },
        });
      }
      return handle({ url, method: init?.method ?? 'GET', body: undefined, headers: {} });
    });
    open('/student-inquires?status=new&search=priya');
    await screen.findByRole('link', { name: 'Priya Sharma' });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const sent = server.requests.find((r) => r.url.pathname === '/api/inquiry/export.csv')!;
    expect(Object.fromEntries(sent.url.searchParams)).toEqual({ search: 'priya', status: 'new' });
    expect(sent.headers.authorization).toBe(`Bearer ${JWT}`);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('inquiries-2026-03-02.csv');
  });

  it('deletes an inquiry after confirmation', async () => {
    const { store } = open('/student-inquires');
    await screen.findByRole('link', { name: 'Arjun Rao' });
    fireEvent.click(screen.getByRole('button', { name: 'Delete Arjun Rao' }));
    const dialog = await screen.findByRole('alertdialog', { name: /Delete the inquiry from “Arjun Rao”/ });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Arjun Rao' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Arjun Rao' })).toBeNull());
    expect(store.getState().services.message).toBe(INQUIRY_MESSAGES.deleted);
  });
});

describe('Inquiry detail', () => {
  it('shows every field, the duplicate link and the timeline', async () => {
    open(`/student-inquires/${priya._id}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Details' });
    for (const text of [
      'priya@example.com',
      '9123456789',
      '5th semester, City College',
      'College student',
      'Data Science',
      'Full Stack Web Development',
      'A friend',
      'Rahul',
      'Infosys',
    ])
      expect(within(details).getAllByText(text).length).toBeGreaterThan(0);
    expect(within(details).getByText(/12 MG Road/)).toBeTruthy();
    // The preferred course by name (c2 = Data Science), once the course list arrives.
    await waitFor(() => expect(within(details).getAllByText('Data Science')).toHaveLength(2));

    const duplicate = screen.getByRole('link', { name: /Priya S,/ });
    expect(duplicate.getAttribute('href')).toBe(`/student-inquires/${earlier._id}`);
    expect(screen.getByText('Possible duplicate')).toBeTruthy();

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(within(timeline).getByText('Inquiry received')).toBeTruthy();
  });

  it('offers only the allowed moves and records a status change with its note in the timeline', async () => {
    const { store } = open(`/student-inquires/${priya._id}`);
    const select = (await screen.findByLabelText('New status')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.value)).toEqual(['', ...INQUIRY_TRANSITIONS.new]);

    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Choose the new status');

    fireEvent.change(select, { target: { value: 'contacted' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Called, will visit on Monday' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));

    const timeline = screen.getByRole('region', { name: 'Timeline' });
    expect(await within(timeline).findByText('New → Contacted')).toBeTruthy();
    expect(within(timeline).getByText('Called, will visit on Monday')).toBeTruthy();
    expect(within(timeline).getByText(/Asha Verma/)).toBeTruthy();
    const put = server.requests.find((r) => r.url.pathname.startsWith('/api/inquiry/status-change/'))!;
    expect(put).toMatchObject({ method: 'PUT', body: { status: 'contacted', note: 'Called, will visit on Monday' } });
    expect(store.getState().services.message).toBe(INQUIRY_MESSAGES.statusChanged);
    const next = (await screen.findByLabelText('New status')) as HTMLSelectElement;
    await waitFor(() => expect([...next.options].map((o) => o.value)).toEqual(['', ...INQUIRY_TRANSITIONS.contacted]));
  });

  it('says a converted inquiry cannot change', async () => {
    priya.status = 'converted';
    open(`/student-inquires/${priya._id}`);
    expect(await screen.findByText(/its status cannot change any more/)).toBeTruthy();
    expect(screen.queryByLabelText('New status')).toBeNull();
  });

  it('copies a prefilled enrolment link and says so', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { clipboard: { writeText } }));
    vi.stubGlobal('isSecureContext', true);
    const { store } = open(`/student-inquires/${priya._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy enrolment link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(1));
    const link = new URL(writeText.mock.calls[0]![0]);
    expect(link.pathname).toBe('/student-enrollment');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phone: '9123456789',
    });
    expect(store.getState().services).toMatchObject({ message: ENROLLMENT_LINK_COPIED, resType: 'success' });
    expect(enrollmentLink('https://x.test', { name: 'A & B', email: 'a+b@x.test', phoneNumber: '9876543210' })).toBe(
      'https://x.test/student-enrollment?name=A%20%26%20B&email=a%2Bb%40x.test&phone=9876543210',
    );
  });

  it('edits with the contract rules and saves', async () => {
    open(`/student-inquires/${priya._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit inquiry' });
    const phone = within(dialog).getByLabelText(/Phone number/);
    fireEvent.change(phone, { target: { value: '0123456789' } });
    fireEvent.blur(phone);
    expect(await within(dialog).findByText(MESSAGES.phoneRule)).toBeTruthy();
    fireEvent.change(phone, { target: { value: '9000000001' } });
    fireEvent.change(within(dialog).getByLabelText(/Reference/), { target: { value: 'instagram' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit inquiry' })).toBeNull());
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.url.pathname).toBe(`/api/inquiry/${priya._id}`);
    expect(put.body).toMatchObject({ phoneNumber: '9000000001', reference: 'instagram', name: 'Priya Sharma' });
    expect(put.body).not.toHaveProperty('friendName');
    expect(await screen.findByText('9000000001')).toBeTruthy();
  });

  it('asks before discarding edits', async () => {
    open(`/student-inquires/${priya._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit inquiry' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'Priya' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard your changes?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Edit inquiry' })).toBeTruthy();
  });

  it('deletes after confirmation and goes back to the list', async () => {
    const { router } = open(`/student-inquires/${priya._id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-inquires'));
    expect(server.requests.some((r) => r.method === 'DELETE' && r.url.pathname === `/api/inquiry/${priya._id}`)).toBe(
      true,
    );
    expect(inquiries.includes(priya)).toBe(false);
  });

  it('shows the audit trail only to roles that may read it', async () => {
    const withHistory = [
      route(
        '/student-inquires/:id',
        <InquiryDetailScreen parts={{ RecordHistory: () => <p>Audit trail of this record</p> }} />,
      ),
    ];
    renderScreens(withHistory, `/student-inquires/${priya._id}`, { role: 'admin' });
    expect(await screen.findByText('Audit trail of this record')).toBeTruthy();
    cleanup();
    // A counsellor's call to the audit trail would be refused: no section that can only fail.
    renderScreens(withHistory, `/student-inquires/${priya._id}`, { role: 'counsellor' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    expect(screen.queryByText('Audit trail of this record')).toBeNull();
  });

  it('says when an inquiry does not exist', async () => {
    open('/student-inquires/00000000-0000-0000-0000-000000000000');
    expect(await screen.findByRole('heading', { name: 'Inquiry not found' })).toBeTruthy();
  });
});

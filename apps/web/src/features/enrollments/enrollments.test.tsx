import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ENROLLMENT_MESSAGES, documentsDeletedNote, type EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { formatDate } from '../../shared/lib/format-date';
import { fakeServer, json, renderScreens, route, type SentRequest } from '../../shared/test/screen-harness';
import { EnrollmentDetailScreen } from './enrollment-detail-screen';
import { EnrollmentsScreen, exportHref } from './enrollments-screen';

const ID = '0195f6a4-6d1e-7a3b-9c2d-000000000001';
const COURSE = { _id: '0195f6a4-6d1e-7a3b-9c2d-00000000c001', name: 'Full Stack Web Development', price: 30000 };

const ENROLLMENT: EnrollmentDetail = {
  _id: ID,
  enrollmentNumber: 'ENR-2026-00042',
  status: 'pending',
  name: 'Priya Sharma',
  email: 'priya@example.com',
  phoneNumber: '9876543210',
  alterNativePhoneNumber: null,
  currentAddress: '12 MG Road, Pune',
  permanentAddress: '12 MG Road, Pune',
  startDate: '2026-12-01',
  endDate: null,
  courseId: COURSE._id,
  course: COURSE,
  currentlyWorking: 'college',
  currentlyWorkingPlace: 'City College',
  currentSem: '5',
  designation: null,
  paymentMode: 'online_payment',
  paymentMethod: 'installment',
  companyAddress: 'Registrar Training Institute, India',
  termsVersion: 3,
  language: 'en',
  consentedAt: null,
  consentVia: null,
  consentBy: null,
  termsLinkSentAt: null,
  erasedAt: null,
  totalFee: 31000,
  paidAmount: 0,
  outstanding: 31000,
  overdueAmount: 0,
  paymentState: 'due',
  profilePictureUrl: '/api/files/doc-photo',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  documents: [
    {
      _id: 'doc-back',
      field: 'aadharBack',
      url: '/api/files/doc-back',
      mime: 'application/pdf',
      size: 40960,
      originalName: 'back.pdf',
    },
    {
      _id: 'doc-photo',
      field: 'profilePicture',
      url: '/api/files/doc-photo',
      mime: 'image/jpeg',
      size: 20480,
      originalName: 'me.jpg',
    },
    {
      _id: 'doc-front',
      field: 'aadharFront',
      url: '/api/files/doc-front',
      mime: 'image/png',
      size: 30720,
      originalName: 'front.png',
    },
    {
      _id: 'doc-sign',
      field: 'candidateSign',
      url: '/api/files/doc-sign',
      mime: 'image/svg+xml',
      size: 1024,
      originalName: 'sign.svg',
    },
  ],
  installments: [
    { _id: 'i2', number: 2, amount: 10000, dueDate: '2027-01-01', paidAmount: 0, status: 'unpaid' },
    { _id: 'i1', number: 1, amount: 12000, dueDate: '2026-12-01', paidAmount: 0, status: 'unpaid' },
    { _id: 'i3', number: 3, amount: 9000, dueDate: '2027-02-01', paidAmount: 0, status: 'unpaid' },
  ],
  payments: [],
  announcements: [],
  refunds: [],
  concessions: [],
  concessionTotal: 0,
  creditToRefund: 0,
  history: [
    {
      _id: 'h1',
      kind: 'created',
      fromStatus: null,
      toStatus: 'pending',
      note: null,
      by: null,
      at: '2026-11-20T10:00:00.000Z',
    },
    {
      _id: 'h2',
      kind: 'document_viewed',
      fromStatus: null,
      toStatus: null,
      note: 'doc-front',
      by: { _id: 's1', name: 'Asha Verma' },
      at: '2026-11-20T11:00:00.000Z',
    },
  ],
  inquiryId: null,
  documentsDeletedAt: null,
  documentsToFollow: [],
};

const COURSES_PAGE = {
  items: [
    {
      ...COURSE,
      emiPrice: [12000, 10000, 9000],
      description: '',
      duration: '',
      active: true,
      enrollmentCount: 1,
      createdAt: '',
      updatedAt: '',
    },
  ],
  page: 1,
  limit: 100,
  total: 1,
  totalPages: 1,
};

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The API as far as these screens use it; `detail` is what GET /api/student-enrollment/{id} answers. */
function server(
  detail: EnrollmentDetail = ENROLLMENT,
  overrides: (r: SentRequest) => Response | undefined = () => undefined,
) {
  let current = detail;
  return fakeServer((request) => {
    const answer = overrides(request);
    if (answer) return answer;
    const { pathname } = request.url;
    if (pathname === '/api/course') return json(200, { success: true, message: '', data: COURSES_PAGE });
    if (pathname === '/api/student-enrollment' && request.method === 'GET')
      return json(200, {
        success: true,
        message: '',
        data: { items: [current], page: 1, limit: 10, total: 1, totalPages: 1 },
      });
    if (pathname === `/api/student-enrollment/${ID}` && request.method === 'GET')
      return json(200, { success: true, message: '', data: current });
    if (pathname === `/api/student-enrollment-status/${ID}`) {
      const { status, note } = request.body as { status: EnrollmentDetail['status']; note?: string };
      current = {
        ...current,
        status,
        history: [
          ...current.history,
          {
            _id: 'h3',
            kind: 'status_changed',
            fromStatus: current.status,
            toStatus: status,
            note: note ?? null,
            by: { _id: 's1', name: 'Asha Verma' },
            at: '2026-11-21T09:00:00.000Z',
          },
        ],
      };
      return json(200, { success: true, message: ENROLLMENT_MESSAGES.statusChanged, data: current });
    }
    if (pathname === `/api/student-enrollment/${ID}` && request.method === 'DELETE')
      return json(200, { success: true, message: ENROLLMENT_MESSAGES.deleted, data: null });
    throw new Error(`unexpected ${request.method} ${pathname}`);
  });
}

// The other features' parts (announcements, audit trail, erasure) have tests of their own; here they are left out.
const listParts = { BulkAnnouncementDialog: () => null };
const detailParts = {
  AnnouncementsPanel: () => null,
  RecordHistory: () => null,
  ErasureDialog: () => null,
  dataExportHref: (id: string) => `/export/${id}`,
};
const screens = [
  route('/student-enrollments', <EnrollmentsScreen parts={listParts} />),
  route('/student-enrollments/:id', <EnrollmentDetailScreen parts={detailParts} />),
];

describe('Student Enrollments', () => {
  it('lists enrolments with status chips and sends the search, filters and dates to the server', async () => {
    const { requests } = server();
    renderScreens(screens, '/student-enrollments?status=pending&from=2026-11-01&to=2026-11-30&sort=name');
    const link = await screen.findByRole('link', { name: 'Priya Sharma' });
    expect(link.getAttribute('href')).toBe(`/student-enrollments/${ID}`);
    expect(screen.getByText('ENR-2026-00042')).toBeTruthy();
    expect(screen.getAllByText('Pending').length).toBeGreaterThan(0);
    const list = requests.find((r) => r.url.pathname === '/api/student-enrollment')!;
    expect(Object.fromEntries(list.url.searchParams)).toEqual({
      page: '1',
      limit: '10',
      status: 'pending',
      from: '2026-11-01',
      to: '2026-11-30',
      sort: 'name',
    });
    expect(await screen.findByRole('option', { name: COURSE.name })).toBeTruthy();
    const exportLink = screen.getByRole('link', { name: 'Export CSV' });
    expect(exportLink.getAttribute('href')).toBe(
      '/api/student-enrollment/export.csv?status=pending&from=2026-11-01&to=2026-11-30&sort=name',
    );
    expect(exportHref(new URLSearchParams('search=ENR-2026&page=3&to=2026-01-01&from=2026-02-01'))).toBe(
      '/api/student-enrollment/export.csv?search=ENR-2026&from=2026-02-01',
    );
  });

  it('shows the photo, details, documents, fee schedule and history of an enrolment', async () => {
    server();
    renderScreens(screens, `/student-enrollments/${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Priya Sharma' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Photo of Priya Sharma' }).getAttribute('src')).toBe('/api/files/doc-photo');

    const documents = within(screen.getByRole('region', { name: 'Documents' }));
    // Aadhaar images are hidden, not even fetched, until Reveal; then they open zoomable in a dialog.
    expect(documents.getByRole('img', { name: 'Aadhaar card, front, hidden until revealed' })).toBeTruthy();
    expect(document.querySelector('img[src="/api/files/doc-front"]')).toBeNull();
    expect(documents.queryByRole('button', { name: 'Zoom Aadhaar card, front' })).toBeNull();
    fireEvent.click(documents.getByRole('button', { name: /^Reveal\s*Aadhaar card, front$/ }));
    expect(document.querySelector('img[src="/api/files/doc-front"]')).not.toBeNull();
    expect(document.activeElement?.textContent).toMatch(/^View\s*Aadhaar card, front$/);
    fireEvent.click(documents.getByRole('button', { name: 'Zoom Aadhaar card, front' }));
    const zoom = await screen.findByRole('dialog', { name: 'Aadhaar card, front' });
    expect(within(zoom).getByRole('img').getAttribute('src')).toBe('/api/files/doc-front');
    fireEvent.click(within(zoom).getByRole('button', { name: 'Zoom in' }));
    expect(within(zoom).getByText('150%')).toBeTruthy();
    fireEvent.click(within(zoom).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // PDFs open in a new tab; SVG is only ever a download, never an <img>.
    const pdf = documents.getByRole('link', { name: /Open PDF\s*Aadhaar card, back/ });
    expect(pdf.getAttribute('href')).toBe('/api/files/doc-back');
    expect(pdf.getAttribute('target')).toBe('_blank');
    const svg = documents.getByRole('link', { name: /Download\s*Student's signature/ });
    expect(svg.hasAttribute('download')).toBe(true);
    expect(document.querySelector('img[src="/api/files/doc-sign"]')).toBeNull();

    const fees = within(screen.getByRole('table', { name: 'Fee schedule' }));
    const rows = fees.getAllByRole('row');
    expect(rows[1]!.textContent).toMatch(/^1₹12,000/);
    expect(rows[3]!.textContent).toMatch(/^3₹9,000/);
    expect(rows[4]!.textContent).toMatch(/Total₹31,000/);

    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('Document viewed: Aadhaar card, front')).toBeTruthy();
    expect(history.getByText('Enrolment received')).toBeTruthy();
  });

  it('says when the retention rule deleted the documents', async () => {
    server({ ...ENROLLMENT, status: 'completed', documents: [], documentsDeletedAt: '2026-11-20T02:00:00.000Z' });
    renderScreens(screens, `/student-enrollments/${ID}`);
    const documents = within(await screen.findByRole('region', { name: 'Documents' }));
    expect(documents.getByText(documentsDeletedNote(formatDate('2026-11-20T02:00:00.000Z'))).textContent).toMatch(
      /^Documents deleted on .*20.* under the retention rule$/,
    );
    expect(documents.queryByText('No documents.')).toBeNull();
  });

  it('offers only the allowed status changes and sends the note', async () => {
    const { requests } = server();
    renderScreens(screens, `/student-enrollments/${ID}`);
    const select = (await screen.findByLabelText('New status')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose…', 'Approved', 'Rejected', 'Cancelled']);
    fireEvent.change(select, { target: { value: 'approved' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Documents checked' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(requests.find((r) => r.url.pathname.startsWith('/api/student-enrollment-status/'))?.body).toEqual({
        status: 'approved',
        note: 'Documents checked',
      }),
    );
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(await history.findByText('Pending → Approved')).toBeTruthy();
    const next = (await screen.findByLabelText('New status')) as HTMLSelectElement;
    expect([...next.options].map((o) => o.textContent)).toEqual(['Choose…', 'Completed', 'Cancelled']);
  });

  it('edits only the changed fields as multipart and attaches the authority signature', async () => {
    let sent: FormData | undefined;
    const { fetchMock } = server(ENROLLMENT, (request) => {
      if (request.url.pathname === `/api/student-enrollment/${ID}` && request.method === 'PUT') {
        sent = fetchMock.mock.calls.at(-1)![1]!.body as FormData;
        return json(200, { success: true, message: ENROLLMENT_MESSAGES.updated, data: ENROLLMENT });
      }
      return undefined;
    });
    renderScreens(screens, `/student-enrollments/${ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit ENR-2026-00042' }));
    fireEvent.change(dialog.getByLabelText(/^Phone number/), { target: { value: '12345' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('Phone number must be exactly 10 digits and should not start with zero'),
    ).toBeTruthy();
    fireEvent.change(dialog.getByLabelText(/^Phone number/), { target: { value: '9123456780' } });
    const sign = new File([new Uint8Array(100)], 'authority.png', { type: 'image/png' });
    fireEvent.change(dialog.getByLabelText('Authority signature'), { target: { files: [sign] } });
    expect(dialog.getByText('New: authority.png (100 B)')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toBeDefined());
    expect([...sent!.keys()].sort()).toEqual(['authoritySign', 'phoneNumber']);
    expect(sent!.get('phoneNumber')).toBe('9123456780');
    expect((sent!.get('authoritySign') as File).name).toBe('authority.png');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit ENR-2026-00042' })).toBeNull());
  });

  it('deletes after a confirmation and goes back to the list', async () => {
    const { requests } = server();
    const { router } = renderScreens(screens, `/student-enrollments/${ID}`);
    // Delete is kept in the More actions menu, away from the everyday buttons.
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(/Delete the enrolment of “Priya Sharma”/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/student-enrollments'));
    expect(requests.some((r) => r.method === 'DELETE' && r.url.pathname === `/api/student-enrollment/${ID}`)).toBe(
      true,
    );
  });
});

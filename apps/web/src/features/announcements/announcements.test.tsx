import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ANNOUNCEMENT_MESSAGES, type Announcement } from '@registrar/contract/announcement';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { fakeServer, json, renderScreens, route, type SentRequest } from '../../shared/test/screen-harness';
import { AnnouncementsPanel } from './announcements-panel';
import { BulkAnnouncementDialog } from './bulk-announcement-dialog';

const ID = '0195f6a4-6d1e-7a3b-9c2d-000000000001';
const COURSE_A = '0195f6a4-6d1e-7a3b-9c2d-00000000c001';

const announcement = (over: Partial<Announcement>): Announcement => ({
  _id: crypto.randomUUID(),
  title: 'Title',
  message: 'Message',
  bulk: false,
  delivery: 'sent',
  attempts: 1,
  lastError: null,
  sentAt: '2026-03-02T10:01:00.000Z',
  createdBy: { _id: 's1', name: 'Office' },
  createdAt: '2026-03-02T10:00:00.000Z',
  ...over,
});

const ANNOUNCEMENTS = [
  announcement({ title: 'Batch timings', createdAt: '2026-03-01T10:00:00.000Z' }),
  announcement({
    title: 'Exam dates',
    delivery: 'failed',
    attempts: 8,
    lastError: '421 Service temporarily unavailable',
    sentAt: null,
    createdAt: '2026-03-02T10:00:00.000Z',
  }),
  announcement({
    title: 'Holiday on Friday',
    bulk: true,
    delivery: 'queued',
    attempts: 0,
    sentAt: null,
    createdAt: '2026-03-03T10:00:00.000Z',
  }),
];

const detail = (announcements: Announcement[]) =>
  ({
    _id: ID,
    name: 'Priya Sharma',
    email: 'priya@example.com',
    announcements,
  }) as unknown as EnrollmentDetail;

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const writes = (requests: SentRequest[]) => requests.filter((r) => r.method !== 'GET');

describe('announcements panel', () => {
  function setup(announcements = ANNOUNCEMENTS, answer: (r: SentRequest) => Response | undefined = () => undefined) {
    const enrollment = detail(announcements);
    const server = fakeServer((request) => {
      const answered = answer(request);
      if (answered) return answered;
      if (request.method === 'GET') return json(200, { success: true, message: '', data: enrollment });
      if (request.method === 'DELETE')
        return json(200, { success: true, message: ANNOUNCEMENT_MESSAGES.deleted, data: null });
      return json(200, { success: true, message: ANNOUNCEMENT_MESSAGES.created, data: null });
    });
    renderScreens([route('/a', <AnnouncementsPanel enrollment={enrollment} />)], '/a');
    return server;
  }

  it('lists the announcements newest first with their delivery state, attempts and last error', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Announcements, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Holiday on Friday',
      'Exam dates',
      'Batch timings',
    ]);
    expect(items[0]!.textContent).toContain('Queued');
    expect(items[0]!.textContent).toContain('Bulk announcement');
    expect(items[0]!.textContent).toContain('0 attempts');
    expect(within(items[0]!).getByRole('button', { name: 'Resend “Holiday on Friday”' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(items[1]!.textContent).toContain('Failed');
    expect(items[1]!.textContent).toContain('8 attempts');
    expect(items[1]!.textContent).toContain('Last error: 421 Service temporarily unavailable');
    expect(items[2]!.textContent).toContain('Sent');
    expect(items[2]!.textContent).toContain('Delivered');
    expect(items[2]!.textContent).toContain('1 attempt');
  });

  it('says when there is none yet', () => {
    setup([]);
    expect(screen.getByText(/No announcements yet/)).toBeTruthy();
  });

  it('resends a failed one, and deletes one only after confirmation', async () => {
    const server = setup();
    const failed = ANNOUNCEMENTS[1]!;
    fireEvent.click(screen.getByRole('button', { name: 'Resend “Exam dates”' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(1));
    expect(writes(server.requests)[0]!.url.pathname).toBe(
      `/api/student-enrollment-annocument-resent/${ID}/${failed._id}`,
    );

    // The resend's answer re-enables the row's actions; wait for it rather than racing it.
    const deleteButton = () => screen.getByRole('button', { name: 'Delete “Exam dates”' }) as HTMLButtonElement;
    await waitFor(() => expect(deleteButton().disabled).toBe(false));
    fireEvent.click(deleteButton());
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete the announcement “Exam dates”?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes(server.requests)).toHaveLength(1);
    fireEvent.click(deleteButton());
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(writes(server.requests)).toHaveLength(2));
    const del = writes(server.requests)[1]!;
    expect([del.method, del.url.pathname]).toEqual([
      'DELETE',
      `/api/student-enrollment-annocument/${ID}/${failed._id}`,
    ]);
  });

  it('announce: the contract’s messages, the server’s field errors on their fields, then it sends', async () => {
    let refuse = true;
    const server = setup(ANNOUNCEMENTS, (r) => {
      if (r.method !== 'PUT' || !refuse) return undefined;
      refuse = false;
      return json(400, {
        success: false,
        message: 'Validation failed',
        error: 'VALIDATION_ERROR',
        errors: [{ path: 'title', message: 'Title is too long' }],
      });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Announce' }));
    const d = within(screen.getByRole('dialog', { name: 'Announce to Priya Sharma' }));
    fireEvent.click(d.getByRole('button', { name: 'Send announcement' }));
    expect(await d.findByText(ANNOUNCEMENT_MESSAGES.titleRequired)).toBeTruthy();
    expect(d.getByText(ANNOUNCEMENT_MESSAGES.messageRequired)).toBeTruthy();
    type(d.getByRole('textbox', { name: /^Title/ }), 'Exam on Monday');
    type(d.getByRole('textbox', { name: /^Message/ }), 'Room 4, 10 am.');
    fireEvent.click(d.getByRole('button', { name: 'Send announcement' }));
    expect(await d.findByText('Title is too long')).toBeTruthy();
    expect(d.getByRole('textbox', { name: /^Title/ }).getAttribute('aria-invalid')).toBe('true');
    fireEvent.click(d.getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const sent = writes(server.requests).at(-1)!;
    expect(sent.url.pathname).toBe(`/api/student-enrollment-annocument/${ID}`);
    expect(sent.body).toEqual({ title: 'Exam on Monday', message: 'Room 4, 10 am.' });
  });
});

describe('bulk announcement dialog', () => {
  const COURSES = {
    items: [
      { _id: COURSE_A, name: 'Data Science', price: 1, emiPrice: [1], description: '', duration: '', active: true },
    ],
    page: 1,
    limit: 100,
    total: 1,
    totalPages: 1,
  };
  /** Approved: 3 in Data Science; pending: none. */
  const countFor = (body: { courseId?: string; status?: string }) =>
    body.status === 'approved' ? (body.courseId ? 3 : 7) : 0;

  function setup() {
    const onClose = vi.fn();
    const server = fakeServer((request) => {
      if (request.url.pathname === '/api/course') return json(200, { success: true, message: '', data: COURSES });
      const body = request.body as { dryRun?: boolean; courseId?: string; status?: string };
      const recipients = countFor(body);
      return json(200, {
        success: true,
        message: body.dryRun
          ? ANNOUNCEMENT_MESSAGES.dryRun
          : `Announcement queued for delivery to ${recipients} students`,
        data: { recipients, dryRun: Boolean(body.dryRun) },
      });
    });
    renderScreens([route('/list', <BulkAnnouncementDialog open onClose={onClose} />)], '/list');
    const dryRuns = () => server.requests.filter((r) => (r.body as { dryRun?: boolean } | undefined)?.dryRun);
    return { server, onClose, dryRuns };
  }

  it('asks for the count first (approved by default), again when a filter changes, and sends to them', async () => {
    const { server, onClose, dryRuns } = setup();
    const d = within(screen.getByRole('dialog', { name: 'Bulk announcement' }));
    expect((d.getByRole('combobox', { name: 'Enrolment status' }) as HTMLSelectElement).value).toBe('approved');
    expect(await d.findByText('This will be sent to 7 students.')).toBeTruthy();
    expect(dryRuns()[0]!.body).toMatchObject({ status: 'approved', dryRun: true });
    expect(dryRuns()[0]!.url.pathname).toBe('/api/bulk-student-enrollment-annocument');

    await d.findByRole('option', { name: 'Data Science' });
    fireEvent.change(d.getByRole('combobox', { name: 'Course' }), { target: { value: COURSE_A } });
    expect(await d.findByText('This will be sent to 3 students.')).toBeTruthy();
    expect(dryRuns().at(-1)!.body).toMatchObject({ courseId: COURSE_A, status: 'approved', dryRun: true });

    const send = d.getByRole('button', { name: 'Send to 3 students' });
    fireEvent.click(send);
    expect(await d.findByText(ANNOUNCEMENT_MESSAGES.titleRequired)).toBeTruthy();
    type(d.getByRole('textbox', { name: /^Title/ }), 'Holiday');
    type(d.getByRole('textbox', { name: /^Message/ }), 'Closed on Friday.');
    fireEvent.click(send);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const sent = server.requests.filter((r) => r.method === 'PUT').at(-1)!;
    expect(sent.body).toEqual({
      title: 'Holiday',
      message: 'Closed on Friday.',
      status: 'approved',
      courseId: COURSE_A,
    });
  });

  it('with no recipient it says so and sending stays off', async () => {
    const { server, dryRuns } = setup();
    const d = within(screen.getByRole('dialog', { name: 'Bulk announcement' }));
    await d.findByText('This will be sent to 7 students.');
    fireEvent.change(d.getByRole('combobox', { name: 'Enrolment status' }), { target: { value: 'pending' } });
    expect(await d.findByText(/No enrolment matches these filters/)).toBeTruthy();
    expect(dryRuns().at(-1)!.body).toMatchObject({ status: 'pending', dryRun: true });
    type(d.getByRole('textbox', { name: /^Title/ }), 'Holiday');
    type(d.getByRole('textbox', { name: /^Message/ }), 'Closed on Friday.');
    const send = d.getByRole('button', { name: 'Send' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.click(send);
    expect(server.requests.filter((r) => r.method === 'PUT' && !(r.body as { dryRun?: boolean }).dryRun)).toHaveLength(
      0,
    );
  });
});

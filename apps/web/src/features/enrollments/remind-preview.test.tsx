import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { BulkAlertResult, Reminder } from '@registrar/contract/collections';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { fakeServer, json, renderScreens, route, type SentRequest } from '../../shared/test/screen-harness';
import { EnrollmentsScreen } from './enrollments-screen';
import { detail } from './fees/test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const priya = detail({ _id: 'e1', enrollmentNumber: 'ENR-2026-00001', email: 'priya@example.in' });
const ravi = detail({ _id: 'e2', enrollmentNumber: 'ENR-2026-00002', name: 'Ravi Kumar' });
const reminder: Reminder = {
  enrollmentId: 'e1',
  name: 'Priya Sharma',
  enrollmentNumber: 'ENR-2026-00001',
  channel: 'mail',
  to: 'priya@example.in',
  lines: [{ label: 'Installment 1', amount: 10000, dueDate: '2026-11-18', overdue: true }],
  amount: 10000,
};
const remindedToday = { enrollmentId: 'e2', reason: FEE_MESSAGES.alertAlreadySent, sentToday: true };
const ok = (data: unknown) => json(200, { success: true, message: '', data });

/** Ravi was reminded today already, so only `again` reaches him. */
function remindersAnswer(request: SentRequest): Response {
  const { dryRun = false, again = false } = request.body as { dryRun?: boolean; again?: boolean };
  const result: BulkAlertResult = again
    ? { dryRun, sent: 2, reminders: [reminder, { ...reminder, enrollmentId: 'e2', name: 'Ravi Kumar' }], skipped: [] }
    : { dryRun, sent: dryRun ? 0 : 1, reminders: [reminder], skipped: [remindedToday] };
  return ok(result);
}

/** The list of two enrolments; `answer` is what POST /api/bulk-payment-alert says. */
function setup(answer: (request: SentRequest) => Response = remindersAnswer) {
  const bulk: SentRequest[] = [];
  fakeServer((request) => {
    const { pathname } = request.url;
    if (pathname === '/api/course') return ok({ items: [], page: 1, limit: 100, total: 0, totalPages: 0 });
    if (pathname === '/api/student-enrollment')
      return ok({ items: [priya, ravi], page: 1, limit: 10, total: 2, totalPages: 1 });
    if (pathname === '/api/bulk-payment-alert') {
      bulk.push(request);
      return answer(request);
    }
    throw new Error(`unexpected ${request.method} ${pathname}`);
  });
  renderScreens(
    [route('/student-enrollments', <EnrollmentsScreen parts={{ BulkAnnouncementDialog: () => null }} />)],
    '/student-enrollments',
  );
  return { bulk };
}

/** Ticks both rows and presses "Send reminders"; the dialog that opens. */
async function openPreview(title = 'Send 1 reminder?') {
  await screen.findByRole('link', { name: 'Ravi Kumar' });
  fireEvent.click(screen.getAllByRole('checkbox', { name: 'Select all on this page' })[0]!);
  fireEvent.click(screen.getByRole('button', { name: 'Send reminders' }));
  return within(await screen.findByRole('alertdialog', { name: title }));
}

describe('"Send reminders" on the enrolment list', () => {
  it('first shows who, each open line, the total and the channel, and who is skipped; sends only on confirm', async () => {
    const { bulk } = setup();
    const dialog = await openPreview();
    expect(bulk.map((r) => r.body)).toEqual([{ enrollmentIds: ['e1', 'e2'], dryRun: true }]);
    const list = within(dialog.getByRole('list', { name: 'Reminders to send' }));
    expect(list.getByText('Priya Sharma (ENR-2026-00001): ₹10,000')).toBeTruthy();
    expect(list.getByText('Email to priya@example.in')).toBeTruthy();
    expect(list.getByText(/^Installment 1: ₹10,000 overdue since/)).toBeTruthy();
    expect(dialog.getByText(/Ravi Kumar \(ENR-2026-00002\): A reminder was already sent today/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Send reminder' }));
    expect(await screen.findByText('Send reminders: 1 sent, 1 skipped')).toBeTruthy();
    expect(bulk.map((r) => r.body)).toEqual([
      { enrollmentIds: ['e1', 'e2'], dryRun: true },
      { enrollmentIds: ['e1', 'e2'], again: false },
    ]);
  });

  it('"Send again today" also reaches the student reminded today', async () => {
    const { bulk } = setup();
    const dialog = await openPreview();
    fireEvent.click(dialog.getByRole('button', { name: 'Send again today' }));
    expect(await screen.findByText('Send reminders: 2 sent')).toBeTruthy();
    expect(bulk[1]!.body).toEqual({ enrollmentIds: ['e1', 'e2'], again: true });
  });

  it('Cancel after the preview sends nothing', async () => {
    const { bulk } = setup();
    const dialog = await openPreview();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bulk).toHaveLength(1);
    expect(screen.queryByText(/^Send reminders: /)).toBeNull();
  });

  it('says so in the dialog when the preview cannot be made, and offers nothing to send', async () => {
    setup(() => json(403, { success: false, message: 'You may not send reminders', data: null }));
    const dialog = await openPreview('Send reminders');
    expect(await dialog.findByText('You may not send reminders')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Send reminders' })).toBeNull();
  });
});

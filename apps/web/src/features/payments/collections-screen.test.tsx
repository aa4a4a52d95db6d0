import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  reminderMessage,
  type BulkAlertResult,
  type Collections,
  type OverdueLine,
} from '@registrar/contract/collections';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { fakeServer, json, renderScreens, route, type SentRequest } from '../../shared/test/screen-harness';
import { CollectionsScreen } from './collections-screen';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const asha: OverdueLine = {
  enrollmentId: 'e1',
  enrollmentNumber: 'ENR-2026-00001',
  name: 'Asha Rao',
  phoneNumber: '9876543210',
  courseId: 'c1',
  course: 'Java',
  overdue: 10000,
  oldestDueDate: '2026-11-18',
  daysOverdue: 10,
  bucket: '0-30',
};
const ravi: OverdueLine = { ...asha, enrollmentId: 'e2', enrollmentNumber: 'ENR-2026-00002', name: 'Ravi Kumar' };
const COLLECTIONS: Collections = {
  byAge: [
    { bucket: '0-30', amount: 20000, installments: 2, enrollments: 2 },
    { bucket: '31-60', amount: 0, installments: 0, enrollments: 0 },
    { bucket: '61-90', amount: 0, installments: 0, enrollments: 0 },
    { bucket: '90+', amount: 0, installments: 0, enrollments: 0 },
  ],
  byCourse: [{ courseId: 'c1', name: 'Java', amount: 20000, installments: 2, enrollments: 2 }],
  overdue: [asha, ravi],
  credits: [],
};
const reminder = {
  enrollmentId: 'e1',
  name: 'Asha Rao',
  enrollmentNumber: 'ENR-2026-00001',
  channel: 'mail' as const,
  to: 'asha@example.in',
  lines: [{ label: 'Installment 1', amount: 10000, dueDate: '2026-11-18', overdue: true }],
  amount: 10000,
};
const ok = (data: unknown) => json(200, { success: true, message: '', data });

function setup() {
  const bulk: SentRequest[] = [];
  const server = fakeServer((request) => {
    if (request.url.pathname === '/api/site') return ok({ instituteName: 'Bright Institute' });
    if (request.url.pathname === '/api/bulk-payment-alert') {
      bulk.push(request);
      const body = request.body as { dryRun?: boolean; again?: boolean };
      const result: BulkAlertResult = body.dryRun
        ? {
            dryRun: true,
            sent: 0,
            reminders: [reminder],
            skipped: [{ enrollmentId: 'e2', reason: FEE_MESSAGES.alertAlreadySent, sentToday: true }],
          }
        : body.again
          ? { dryRun: false, sent: 1, reminders: [{ ...reminder, enrollmentId: 'e2' }], skipped: [] }
          : {
              dryRun: false,
              sent: 1,
              reminders: [reminder],
              skipped: [{ enrollmentId: 'e2', reason: FEE_MESSAGES.alertAlreadySent, sentToday: true }],
            };
      return ok(result);
    }
    return ok(COLLECTIONS);
  });
  renderScreens([route('/collections', <CollectionsScreen />)], '/collections', { role: 'accountant' });
  return { ...server, bulk };
}

describe('collections', () => {
  it('"Send reminders" first shows who, for what, how much and how; it sends only on confirm', async () => {
    const { bulk } = setup();
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Choose every student' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send reminders (2)' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Send 1 reminder?' }));
    expect(bulk.map((r) => r.body)).toEqual([{ enrollmentIds: ['e1', 'e2'], dryRun: true }]);
    const list = within(dialog.getByRole('list', { name: 'Reminders to send' }));
    expect(list.getByText('Asha Rao (ENR-2026-00001): ₹10,000')).toBeTruthy();
    expect(list.getByText('Email to asha@example.in')).toBeTruthy();
    expect(list.getByText(/^Installment 1: ₹10,000 overdue since/)).toBeTruthy();
    expect(dialog.getByText(/Ravi Kumar \(ENR-2026-00002\): A reminder was already sent today/)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Send reminder' }));
    await waitFor(() => expect(bulk).toHaveLength(2));
    expect(bulk[1]!.body).toEqual({ enrollmentIds: ['e1', 'e2'], again: false });
    const outcome = await screen.findByRole('status');
    expect(outcome.textContent).toContain('1 reminder sent, 1 skipped.');
    // The skip promises "Send again today": the button is there and does it, for that student only.
    fireEvent.click(within(outcome).getByRole('button', { name: 'Send again today' }));
    await waitFor(() => expect(bulk).toHaveLength(3));
    expect(bulk[2]!.body).toEqual({ enrollmentIds: ['e2'], again: true });
    expect((await screen.findByRole('status')).textContent).toContain('1 reminder sent, 0 skipped.');
  });

  it('each row has WhatsApp (wa.me, the reminder written) and Call (tel:); the age groups show unfolded', async () => {
    setup();
    const whatsapp = await screen.findByRole('link', { name: 'WhatsApp Asha Rao the reminder' });
    await waitFor(() =>
      expect(whatsapp.getAttribute('href')).toBe(
        `https://wa.me/919876543210?text=${encodeURIComponent(reminderMessage(asha, 'Bright Institute'))}`,
      ),
    );
    expect(reminderMessage(asha, 'Bright Institute')).toContain('₹10,000');
    expect(screen.getByRole('link', { name: 'Call Asha Rao' }).getAttribute('href')).toBe('tel:+919876543210');
    expect(within(screen.getByRole('navigation', { name: 'Overdue by age' })).getAllByRole('link')).toHaveLength(4);
  });
});

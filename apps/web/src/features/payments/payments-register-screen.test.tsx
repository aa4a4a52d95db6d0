import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { localIsoDate } from '@registrar/contract/enrollment';
import { IMPORTED_LABEL, type RegisterEntry } from '@registrar/contract/payments-register';
import { periodRange } from '@registrar/contract/periods';
import { fakeServer, json, renderScreens, route } from '../../shared/test/screen-harness';
import { PaymentsRegisterScreen } from './payments-register-screen';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (over: Partial<RegisterEntry>): RegisterEntry => ({
  _id: 'receipt:p1',
  kind: 'receipt',
  on: '2026-04-05',
  number: 'RCPT-2026-000001',
  receiptNumber: 'RCPT-2026-000001',
  paymentId: 'p1',
  refundId: null,
  amount: 3000,
  paymentMode: 'cash',
  utr: null,
  chequeNumber: null,
  enrollmentId: 'e1',
  enrollmentNumber: 'ENR-2026-00001',
  name: 'Priya Sharma',
  course: 'Tally',
  reason: null,
  effect: null,
  voided: false,
  recordedBy: 'Asha',
  recordedAt: '2026-11-28T06:00:00.000Z',
  imported: false,
  ...over,
});

function setup() {
  const items = [
    entry({ _id: 'receipt:p2', paymentId: 'p2', number: 'OLD/R/1', receiptNumber: 'OLD/R/1', imported: true }),
    entry({}),
  ];
  const server = fakeServer(() =>
    json(200, {
      success: true,
      message: '',
      data: { items, page: 1, limit: 20, total: items.length, totalPages: 1, totalAmount: 6000 },
    }),
  );
  renderScreens([route('/payments', <PaymentsRegisterScreen />)], '/payments');
  return server;
}
const lastQuery = (requests: { url: URL }[]) => requests.filter((r) => r.url.pathname === '/api/payments').at(-1)!.url;

describe('payments register', () => {
  it('marks an imported payment "Imported", and only it', async () => {
    setup();
    const old = (await screen.findAllByText('OLD/R/1'))[0]!.closest('[role="row"]') as HTMLElement;
    expect(within(old).getByText(IMPORTED_LABEL)).toBeTruthy();
    const typed = screen.getAllByText('RCPT-2026-000001')[0]!.closest('[role="row"]') as HTMLElement;
    expect(within(typed).queryByText(IMPORTED_LABEL)).toBeNull();
  });

  it('this month, last month and this financial year each set the dates, and show pressed', async () => {
    const { requests } = setup();
    await screen.findAllByText('OLD/R/1');
    const today = localIsoDate();
    for (const [label, period] of [
      ['This month', 'month'],
      ['Last month', 'last-month'],
      ['This financial year', 'year'],
    ] as const) {
      const button = screen.getByRole('button', { name: label });
      fireEvent.click(button);
      const { from, to } = periodRange(period, today);
      await waitFor(() => {
        const url = lastQuery(requests);
        expect([url.searchParams.get('from'), url.searchParams.get('to')]).toEqual([from, to]);
      });
      expect(button.getAttribute('aria-pressed')).toBe('true');
      expect((screen.getByLabelText('Paid from') as HTMLInputElement).value).toBe(from);
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import type { Refund } from '@registrar/contract/fees';
import { fakeServer, json, renderScreens, route } from '../../../shared/test/screen-harness';
import { FeePanel } from './fee-panel';
import { ID, PAYMENT_ID, detail, payment } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const WA = 'https://wa.me/919876543210?text=Hello%20Priya';

function setup(enrollment: EnrollmentDetail = detail()) {
  const server = fakeServer((request) =>
    request.method === 'POST'
      ? json(200, { success: true, message: 'OK', data: { url: WA } })
      : json(200, { success: true, message: '', data: enrollment }),
  );
  renderScreens([route('/fees', <FeePanel enrollment={enrollment} />)], '/fees');
  return server;
}

const receiptLine = () => screen.getByRole('list', { name: 'Payments, newest first' }).querySelector('li')!;

describe('fee documents', () => {
  it('downloads the statement in the student’s language unless staff choose the other', async () => {
    setup(detail({ language: 'hi' }));
    const download = () => screen.getByRole('link', { name: 'Download fee statement' });
    expect(download().getAttribute('href')).toBe(`/api/student-enrollment-fee-download/${ID}?lang=hi`);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Statement language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    await waitFor(() =>
      expect(download().getAttribute('href')).toBe(`/api/student-enrollment-fee-download/${ID}?lang=en`),
    );
  });

  it('downloads and prints receipts in the student’s language unless staff choose the other', async () => {
    setup(detail({ language: 'hi' }));
    const line = within(receiptLine());
    const hrefs = () =>
      [/^Download receipt/, /^Print receipt/].map((name) => line.getByRole('link', { name }).getAttribute('href'));
    expect(hrefs()).toEqual([
      `/api/student-enrollment-receipt/${PAYMENT_ID}?lang=hi`,
      `/api/student-enrollment-receipt/${PAYMENT_ID}?lang=hi`,
    ]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Receipt language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    await waitFor(() =>
      expect(hrefs()).toEqual([
        `/api/student-enrollment-receipt/${PAYMENT_ID}?lang=en`,
        `/api/student-enrollment-receipt/${PAYMENT_ID}?lang=en`,
      ]),
    );
  });

  it('downloads a refund voucher in the language chosen for the receipts', async () => {
    const refund: Refund = {
      _id: 'refund-1',
      paymentId: PAYMENT_ID,
      receiptNumber: 'RCPT-2026-000007',
      refundNumber: 'RFND-2026-000001',
      amount: 500,
      paymentMode: 'cash',
      refundedOn: '2026-03-05',
      reason: 'Excess collected',
      effect: 'owed-again',
      recordedBy: null,
      createdAt: '2026-03-05T10:00:00.000Z',
    };
    setup(detail({ language: 'hi', refunds: [refund] }));
    const voucher = () => screen.getByRole('link', { name: 'Download refund voucher RFND-2026-000001' });
    expect(voucher().getAttribute('href')).toBe('/api/student-enrollment-refund-voucher/refund-1?lang=hi');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Receipt language' }));
    fireEvent.click(await screen.findByRole('option', { name: 'English' }));
    await waitFor(() =>
      expect(voucher().getAttribute('href')).toBe('/api/student-enrollment-refund-voucher/refund-1?lang=en'),
    );
  });

  it('prints a receipt in a tab of its own and sends it on WhatsApp through the server’s link', async () => {
    const server = setup();
    const line = within(receiptLine());
    const print = line.getByRole('link', { name: 'Print receipt RCPT-2026-000007' });
    expect(print.getAttribute('href')).toBe(`/api/student-enrollment-receipt/${PAYMENT_ID}?lang=en`);
    expect(print.getAttribute('target')).toBe('_blank');
    const tab = { opener: {}, location: { href: '' }, close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => tab),
    );
    fireEvent.click(line.getByRole('button', { name: 'Send receipt RCPT-2026-000007 on WhatsApp' }));
    await waitFor(() => expect(tab.location.href).toBe(WA));
    expect(tab.opener).toBeNull();
    const sent = server.requests.filter((r) => r.method === 'POST');
    expect(sent.map((r) => r.url.pathname)).toEqual([`/api/student-enrollment-receipt-whatsapp/${PAYMENT_ID}`]);
  });

  it('offers no WhatsApp for a voided receipt or a student whose data was erased', () => {
    setup(detail({ payments: [payment({ voided: true, voidReason: 'Typed twice' })] }));
    expect(within(receiptLine()).queryByRole('button', { name: /on WhatsApp$/ })).toBeNull();
    cleanup();
    setup(detail({ erasedAt: '2026-06-01T00:00:00.000Z' }));
    expect(within(receiptLine()).queryByRole('button', { name: /on WhatsApp$/ })).toBeNull();
    expect(within(receiptLine()).getByRole('link', { name: /^Print receipt/ })).toBeTruthy();
  });
});

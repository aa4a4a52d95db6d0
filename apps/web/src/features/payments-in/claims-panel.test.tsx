import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { PaymentClaim } from '@registrar/contract/reconciliation';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { ClaimsPanel } from './claims-panel';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const claim = (over: Partial<PaymentClaim>): PaymentClaim => ({
  _id: 'c1',
  enrollmentId: 'e1',
  enrollmentNumber: 'ENR-2026-00005',
  name: 'Bina Sharma',
  installmentNumber: 2,
  amount: 3000,
  utr: '713026885941',
  paidOn: '2026-11-20',
  state: 'open',
  reason: null,
  receiptNumber: null,
  createdAt: '2026-11-20T06:30:00.000Z',
  installmentAmount: 3000,
  installmentPaid: 0,
  bankLine: null,
  ...over,
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('payment claims', () => {
  it("shows beside each claim what its installment already holds and the bank's own line of the same UTR", async () => {
    fakeServer(() =>
      json(200, {
        success: true,
        message: '',
        data: [
          claim({
            installmentPaid: 1000,
            bankLine: {
              _id: 'l1',
              postedOn: '2026-11-21',
              amount: 3000,
              narration: 'UPI/713026885941/ASHA VERMA/ENR-2026-00004',
              payerName: 'ASHA VERMA',
              state: 'suggested',
            },
          }),
          claim({ _id: 'c2', utr: '713026885942', name: 'Kavya Rao', enrollmentNumber: 'ENR-2026-00006' }),
        ],
      }),
    );
    renderScreen(<ClaimsPanel />, { path: '/payments-in' });
    const [withLine, withoutLine] = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(within(withLine!).getByText('Installment 2: ₹1,000 of ₹3,000 already paid')).toBeTruthy();
    expect(withLine!.textContent).toContain(
      'Bank line of 21 Nov 2026: ₹3,000 from ASHA VERMA · Suggestions to pick from · “UPI/713026885941/ASHA VERMA/ENR-2026-00004”',
    );
    expect(within(withoutLine!).getByText('Installment 2: ₹0 of ₹3,000 already paid')).toBeTruthy();
    expect(within(withoutLine!).getByText('No bank statement line with this UTR yet')).toBeTruthy();
  });
});

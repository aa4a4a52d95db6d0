import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Role } from '@registrar/contract/permissions';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { REFUND_EFFECT_LABELS, refundEndUnavailable } from '@registrar/contract/fees';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { fakeServer, json, renderScreens, route } from '../../../shared/test/screen-harness';
import { FeePanel } from './fee-panel';
import { detail, payment } from './test-fixtures';

vi.setConfig({ testTimeout: 30_000 });
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SITE = {
  instituteName: 'R',
  contactEmail: 'a@b.in',
  contactPhone: '1',
  companyAddress: 'X',
  chequeBounceFee: 500,
};

function setup(enrollment: EnrollmentDetail, role: Role = 'admin') {
  fakeServer((request) =>
    request.url.pathname === '/api/site'
      ? json(200, { success: true, message: '', data: SITE })
      : json(200, { success: true, message: '', data: enrollment }),
  );
  renderScreens([route('/fees', <FeePanel enrollment={enrollment} />)], '/fees', { role });
}
const dialog = (name: string | RegExp) => within(screen.getByRole('dialog', { name }));

describe('cheque and refund dialogs', () => {
  it('refund: the mode starts as the payment’s own, an old "online payment" included', () => {
    setup(detail({ payments: [payment({ paymentMode: 'online_payment' })] }));
    fireEvent.click(screen.getByRole('button', { name: 'Refund receipt RCPT-2026-000007' }));
    const mode = dialog('Refund receipt RCPT-2026-000007').getByRole('combobox', { name: /^Refund mode/ });
    expect((mode as HTMLSelectElement).value).toBe('online_payment');
  });

  it('refund: an accountant sees "End the enrolment" unavailable, with who can do it', () => {
    setup(detail(), 'accountant');
    fireEvent.click(screen.getByRole('button', { name: 'Refund receipt RCPT-2026-000007' }));
    const d = dialog('Refund receipt RCPT-2026-000007');
    const end = d.getByRole('radio', { name: new RegExp(REFUND_EFFECT_LABELS['end-enrolment']) }) as HTMLInputElement;
    expect(end.disabled).toBe(true);
    expect(d.getByText(refundEndUnavailable())).toBeTruthy();
    expect(refundEndUnavailable()).toContain('Admin or Counsellor');
    expect(
      (d.getByRole('radio', { name: new RegExp(REFUND_EFFECT_LABELS['owed-again']) }) as HTMLInputElement).disabled,
    ).toBe(false);
  });

  it('bounce: the dialog states the institute’s fee as an amount', async () => {
    const cheque = payment({ paymentMode: 'cheque', chequeNumber: '123456', chequeState: 'received', reference: null });
    setup(detail({ payments: [cheque] }));
    fireEvent.click(screen.getByRole('button', { name: 'Cheque of RCPT-2026-000007 bounced' }));
    const d = dialog(/Cheque bounced/);
    expect(await d.findByText(/A cheque bounce charge of ₹500 is added to the dues as a line of its own/)).toBeTruthy();
  });

  it('record payment by cheque: one cheque number, no second reference, and the cheque date required', async () => {
    setup(detail());
    fireEvent.click(screen.getByRole('button', { name: 'Record payment for installment 1' }));
    const d = dialog('Record payment');
    expect(d.getByRole('textbox', { name: /^Reference/ })).toBeTruthy();
    fireEvent.change(d.getByRole('combobox', { name: /^Payment mode/ }), { target: { value: 'cheque' } });
    expect(d.queryByRole('textbox', { name: /^Reference/ })).toBeNull();
    const date = d.getByLabelText(/^Cheque date/) as HTMLInputElement;
    expect(date.required).toBe(true);
    fireEvent.click(d.getByRole('button', { name: 'Record payment' }));
    expect(await d.findByText(PAYMENT_REFERENCE_MESSAGES.chequeDateRequired)).toBeTruthy();
  });

  it('the schedule names a bounce charge as its own line', () => {
    const base = detail();
    setup(
      detail({
        installments: [
          ...base.installments,
          {
            _id: 'c4',
            number: 4,
            charge: 'cheque_bounce',
            amount: 500,
            dueDate: '2026-05-02',
            paidAmount: 0,
            status: 'unpaid',
          },
        ],
      }),
    );
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1, -1);
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]!.textContent)).toEqual([
      '1',
      '2',
      '3',
      'Cheque bounce charge',
    ]);
  });
});

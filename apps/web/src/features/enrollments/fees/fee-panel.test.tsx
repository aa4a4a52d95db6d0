import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { json, renderScreens, route } from '../../../shared/test/screen-harness';
import { today } from './fee-format';
import { OutstandingCell, PAYMENT_STATE_FILTER, PaymentStateChip } from './payment-state';
import { blur, dialog, setUpFeePanel, setup, type } from './fee-panel-test-harness';
import { ID, PAYMENT_ID, detail, payment } from './test-fixtures';

setUpFeePanel();

describe('fee panel', () => {
  it('marks a payment brought in by an import, whose receipt number is the institute’s own', () => {
    setup(detail({ payments: [payment({ source: 'import', receiptNumber: 'OLD/R/118' })] }));
    const history = screen.getByText('OLD/R/118').closest('li')!;
    expect(within(history).getByText('Imported')).toBeTruthy();
  });

  it('shows totals, the schedule in order with states in words, and what each installment owes', () => {
    setup();
    const section = screen.getByRole('region', { name: 'Fees' });
    const heading = within(section).getByRole('heading', { level: 2, name: 'Fees' });
    expect(heading.parentElement!.textContent).toBe('FeesOverdue');
    const totals = within(section).getByText('Outstanding', { selector: 'dt' }).parentElement!;
    expect(totals.textContent).toContain('₹25,999.50');
    const table = screen.getByRole('table');
    const rows = within(table).getAllByRole('row').slice(1, -1);
    expect(within(table).getAllByRole('row').at(-1)!.textContent).toBe('Total₹30,000₹4,000.50₹25,999.50');
    expect(rows.map((r) => within(r).getAllByRole('rowheader')[0]!.textContent)).toEqual(['1', '2', '3']);
    expect(rows[0]!.textContent).toContain('Part paid');
    expect(rows[0]!.textContent).toContain('₹7,999.50'); // 12,000 − 4,000.50, exact
    expect(rows[1]!.textContent).toContain('Overdue');
    // Edit only while nothing is paid on it.
    expect(within(rows[0]!).queryByRole('button', { name: 'Edit installment 1' })).toBeNull();
    expect(within(rows[1]!).getByRole('button', { name: 'Edit installment 2' })).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download fee statement' });
    expect(download.getAttribute('href')).toBe(`/api/student-enrollment-fee-download/${ID}?lang=en`);
    expect(download.hasAttribute('download')).toBe(true);
  });

  it('record payment: prefills what is owed and today, checks with the contract, sends the payment', async () => {
    const { writes } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Record payment for installment 1' }));
    const d = within(dialog('Record payment'));
    const amount = d.getByRole('spinbutton', { name: /^Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('7999.5');
    expect((d.getByLabelText(/^Paid on/) as HTMLInputElement).value).toBe(today());
    expect((d.getByLabelText(/^Paid on/) as HTMLInputElement).max).toBe(today());
    expect((d.getByRole('combobox', { name: /^Installment/ }) as HTMLSelectElement).value).toBe('i1');

    // The contract's messages, and the two limits the screen knows.
    type(amount, '');
    type(d.getByLabelText(/^Paid on/), '2999-01-01');
    fireEvent.click(d.getByRole('button', { name: 'Record payment' }));
    expect(await d.findByText(FEE_MESSAGES.amountInvalid)).toBeTruthy();
    expect(d.getByText('Choose a payment mode')).toBeTruthy();
    expect(d.getByText(FEE_MESSAGES.paidOnInFuture)).toBeTruthy();
    type(amount, '8000');
    blur(amount);
    expect(await d.findByText(`${FEE_MESSAGES.amountTooMuch} (₹7,999.50)`)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    // Another installment: the untouched amount follows what it owes.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: 'Record payment' })[0]!);
    const again = within(dialog('Record payment'));
    const fresh = again.getByRole('spinbutton', { name: /^Amount/ }) as HTMLInputElement;
    expect(fresh.value).toBe('7999.5');
    fireEvent.change(again.getByRole('combobox', { name: /^Installment/ }), { target: { value: 'i3' } });
    await waitFor(() => expect(fresh.value).toBe('8000'));
    type(fresh, '2500');
    fireEvent.change(again.getByRole('combobox', { name: /^Payment mode/ }), { target: { value: 'other' } });
    type(again.getByRole('textbox', { name: 'Reference' }), '  DD-100  ');
    fireEvent.click(again.getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()).toHaveLength(1);
    expect(writes()[0]!.url.pathname).toBe(`/api/student-enrollment-payment/${ID}/i3`);
    expect(writes()[0]!.body).toEqual({ amount: 2500, paymentMode: 'other', paidOn: today(), reference: 'DD-100' });
  });

  it("record payment: the server's field error lands on its field and the dialog stays open", async () => {
    const tooMuch = `${FEE_MESSAGES.amountTooMuch} (₹7,999.50)`;
    setup(detail(), (r) =>
      r.method === 'PUT'
        ? json(400, {
            success: false,
            message: tooMuch,
            error: 'VALIDATION_ERROR',
            errors: [{ path: 'amount', message: tooMuch }],
          })
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Record payment for installment 1' }));
    const d = within(dialog('Record payment'));
    fireEvent.change(d.getByRole('combobox', { name: /^Payment mode/ }), { target: { value: 'cash' } });
    fireEvent.click(d.getByRole('button', { name: 'Record payment' }));
    const amount = d.getByRole('spinbutton', { name: /^Amount/ });
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(d.getByText(tooMuch)).toBeTruthy();
    expect(document.activeElement).toBe(amount);
    expect(screen.getByRole('dialog', { name: 'Record payment' })).toBeTruthy();
  });

  it('payment history: receipts, a voided one struck through with its reason, and void needs a reason', async () => {
    const voided = payment({
      _id: '0195f6a4-6d1e-7a3b-9c2d-0000000000p0',
      receiptNumber: 'RCPT-2026-000003',
      amount: 500,
      createdAt: '2026-03-01T09:00:00.000Z',
      voided: true,
      voidReason: 'Cheque bounced',
      voidedAt: '2026-03-01T12:00:00.000Z',
    });
    const { writes } = setup(detail({ payments: [voided, payment()] }));
    const list = screen.getByRole('list', { name: 'Payments, newest first' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain('RCPT-2026-000007');
    expect(items[0]!.textContent).toContain('₹4,000.50');
    expect(items[0]!.textContent).toContain('reference R-1');
    expect(items[1]!.querySelector('del')?.textContent).toBe('RCPT-2026-000003');
    expect(items[1]!.textContent).toContain('Cheque bounced');
    expect(within(items[1]!).queryByRole('button', { name: /Void/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Void receipt RCPT-2026-000007' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Void receipt RCPT-2026-000007?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Void payment' }));
    expect(await within(confirm).findByText(FEE_MESSAGES.reasonRequired)).toBeTruthy();
    type(within(confirm).getByRole('textbox', { name: /^Reason/ }), '   ');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Void payment' }));
    expect(await within(confirm).findByText(FEE_MESSAGES.reasonRequired)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type(within(confirm).getByRole('textbox', { name: /^Reason/ }), ' Recorded twice ');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Void payment' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes()[0]!.url.pathname).toBe(`/api/student-enrollment-payment/${ID}/i1`);
    expect(writes()[0]!.body).toEqual({ paymentId: PAYMENT_ID, reason: 'Recorded twice' });
  });

  it('edit installment: sends only what changed with the reason; nothing changed says so', async () => {
    const { writes } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Edit installment 2' }));
    const d = within(dialog('Edit installment 2'));
    fireEvent.click(d.getByRole('button', { name: 'Save changes' }));
    expect(await d.findByText(FEE_MESSAGES.reasonRequired)).toBeTruthy();
    type(d.getByRole('textbox', { name: /^Reason/ }), 'Scholarship');
    fireEvent.click(d.getByRole('button', { name: 'Save changes' }));
    expect(await d.findByText('Change the amount or the due date')).toBeTruthy();
    expect(writes()).toHaveLength(0);
    type(d.getByRole('spinbutton', { name: /^Amount/ }), '9000');
    fireEvent.click(d.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.url.pathname).toBe(`/api/student-enrollment-installment/${ID}/i2`);
    expect(writes()[0]!.body).toEqual({ amount: 9000, reason: 'Scholarship' });
  });

  it('paid up: no payment to record and no reminder to send', () => {
    setup(
      detail({
        paidAmount: 30000,
        outstanding: 0,
        overdueAmount: 0,
        paymentState: 'paid_up',
        installments: [
          { _id: 'i1', number: 1, amount: 30000, dueDate: '2026-03-01', paidAmount: 30000, status: 'paid' },
        ],
      }),
    );
    expect((screen.getByRole('button', { name: 'Record payment' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Send payment reminder' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Paid up')).toBeTruthy();
  });
});

describe('payment state in the list', () => {
  it('offers Paid up, Due and Overdue, and shows what is outstanding in rupees', () => {
    expect(PAYMENT_STATE_FILTER.options.map((o) => o.label)).toEqual([
      'Any payment state',
      'Paid up',
      'Due',
      'Overdue',
    ]);
    renderScreens(
      [
        route(
          '/',
          <>
            <PaymentStateChip state="due" />
            <OutstandingCell row={{ outstanding: 125000, overdueAmount: 2500.5, paymentState: 'overdue' }} />
          </>,
        ),
      ],
      '/',
    );
    expect(screen.getByText('Due')).toBeTruthy();
    expect(screen.getByText('₹1,25,000')).toBeTruthy();
    expect(screen.getByText('Overdue: ₹2,500.50')).toBeTruthy();
  });
});

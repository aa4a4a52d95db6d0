import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { firstPaymentSchema } from '@registrar/contract/staff-enrollment';
import { PAYMENT_REFERENCE_MESSAGES } from '@registrar/contract/payment-references';
import { FirstPaymentFields, type PaymentValues } from './first-payment-fields';

vi.setConfig({ testTimeout: 30_000 });
afterEach(cleanup);

function Harness() {
  const [values, setValues] = useState<PaymentValues>({
    amount: '1000',
    paymentMode: 'cash',
    paidOn: '2026-11-02',
    reference: '',
    utr: '',
    chequeDate: '',
  });
  return <FirstPaymentFields on onToggle={() => {}} values={values} onChange={setValues} errors={{}} hint="" />;
}

describe('the first payment at the desk', () => {
  it('asks a cheque’s date, marked required, and the contract refuses a cheque without it', () => {
    render(<Harness />);
    expect(screen.queryByLabelText(/^Cheque date/)).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: /^Payment mode/ }), { target: { value: 'cheque' } });
    expect(screen.getByLabelText(/^Cheque date/)).toHaveProperty('required', true);
    const parsed = firstPaymentSchema.safeParse({ amount: 1000, paymentMode: 'cheque', paidOn: '2026-11-02' });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['chequeDate', PAYMENT_REFERENCE_MESSAGES.chequeDateRequired],
    ]);
  });
});

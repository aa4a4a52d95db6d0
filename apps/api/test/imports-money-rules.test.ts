/**
 * Imported payments obey the typed payment's money rules: none dated in the future, none beyond
 * what its installment owes unless the row says `credit` in its `overpayment` column; each refusal
 * is reported on its row with the typed payment's message, and nothing is written.
 */
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@registrar/contract/imports';
import { verifyLedger } from '../src/services/ledger-check';
import { csv, importApp, student } from './import-app';

const PAYMENT_COLUMNS = [...IMPORT_COLUMNS.payments, 'overpayment'];
const row = (over: Record<string, string>) => ({
  email: 'priya.import@example.com',
  course: 'Tally Prime',
  installmentNumber: '1',
  amount: '1000',
  paidOn: '05/04/2026',
  paymentMode: 'cash',
  ...over,
});
/** dd/mm/yyyy of a day from today. */
const dayFromToday = (days: number) => {
  const [y, m, d] = localIsoDate(new Date(Date.now() + days * 86_400_000)).split('-');
  return `${d}/${m}/${y}`;
};

describe('imported payments and the money rules', async () => {
  const { db, send, count } = await importApp();
  const enrolled = await send('enrollments', csv(IMPORT_COLUMNS.enrollments, [student()]));
  expect(enrolled.statusCode, enrolled.body).toBe(201);

  it('refuses a payment dated in the future and one above what the installment owes, per row', async () => {
    const before = await count('payments');
    const res = await send(
      'payments',
      csv(PAYMENT_COLUMNS, [
        row({ paidOn: dayFromToday(2), receiptNumber: 'OLD/F/1' }),
        row({ amount: '1,00,00,000', receiptNumber: 'OLD/F/2' }),
        row({ amount: '2500', receiptNumber: 'OLD/F/3' }),
        // With the row above, installment 1 (₹3,000) would be paid ₹5,000.
        row({ amount: '2500', receiptNumber: 'OLD/F/4' }),
        row({ amount: '10', overpayment: 'refund', receiptNumber: 'OLD/F/5' }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().data.errors).toEqual([
      { row: 2, field: 'paidOn', message: FEE_MESSAGES.paidOnInFuture },
      { row: 3, field: 'amount', message: FEE_MESSAGES.amountTooMuch },
      { row: 5, field: 'amount', message: FEE_MESSAGES.amountTooMuch },
      { row: 6, field: 'overpayment', message: IMPORT_MESSAGES.overpaymentInvalid },
    ]);
    expect(await count('payments')).toBe(before);
  });

  it('refuses a payment for an installment already paid, and keeps an overpayment marked credit', async () => {
    const paid = await send('payments', csv(PAYMENT_COLUMNS, [row({ amount: '3000', receiptNumber: 'OLD/P/1' })]));
    expect(paid.statusCode, paid.body).toBe(201);
    const again = await send('payments', csv(PAYMENT_COLUMNS, [row({ amount: '500', receiptNumber: 'OLD/P/2' })]));
    expect(again.statusCode).toBe(400);
    expect(again.json().data.errors).toEqual([{ row: 2, field: 'amount', message: FEE_MESSAGES.installmentPaid }]);
    const credit = await send(
      'payments',
      csv(PAYMENT_COLUMNS, [
        row({ installmentNumber: '2', amount: '3500', overpayment: 'Credit', receiptNumber: 'OLD/P/3' }),
      ]),
    );
    expect(credit.statusCode, credit.body).toBe(201);
    expect(credit.json().data).toMatchObject({ created: 1 });
    // Without the column at all, the template's files import as before.
    const plain = await send(
      'payments',
      csv(IMPORT_COLUMNS.payments, [row({ installmentNumber: '3', amount: '100', receiptNumber: 'OLD/P/4' })]),
    );
    expect(plain.statusCode, plain.body).toBe(201);
    expect(await verifyLedger(db)).toEqual([]);
  });
});

/**
 * An institute's register is read as people write it: modes in any case and by their Indian
 * names, phones with +91, amounts with ₹ and "/-"; what cannot be read says why and what would do.
 */
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { MESSAGES } from '@registrar/contract/messages';
import { verifyLedger } from '../src/services/ledger-check';
import { csv, importApp, student } from './import-app';

const payment = (over: Record<string, string>) => ({
  email: 'priya.import@example.com',
  course: 'Tally Prime',
  installmentNumber: '1',
  amount: '1000',
  paidOn: '05/04/2026',
  paymentMode: 'cash',
  ...over,
});

describe('forgiving values in an import', async () => {
  const { db, send, count } = await importApp();

  it('takes a student with +91 phones, Title Case choices and an email without a dotted domain refused', async () => {
    const res = await send(
      'enrollments',
      csv(IMPORT_COLUMNS.enrollments, [
        student({
          phoneNumber: '+91 98234 56706',
          alterNativePhoneNumber: '098234-56707',
          paymentMethod: 'Installment',
          paymentMode: 'GPay',
          currentlyWorking: 'Company',
          status: 'Approved',
        }),
        student({ externalId: 'OLD-2', email: 'vishal.raut@gmail', phoneNumber: '9876500002' }),
        student({ externalId: 'OLD-3', email: 'c@example.com', phoneNumber: '9876500003', course: 'Taly Prime' }),
        student({ externalId: 'OLD-4', email: 'd@example.com', phoneNumber: '9876500004', startDate: '31/11/2026' }),
      ]),
      { dryRun: 'true' },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.errors).toEqual([
      { row: 3, field: 'email', message: MESSAGES.emailNeedsDot },
      { row: 4, field: 'course', message: 'No course has this name: nearest Tally Prime' },
      { row: 5, field: 'startDate', message: '31/11/2026: November has 30 days' },
    ]);
    const one = await send(
      'enrollments',
      csv(IMPORT_COLUMNS.enrollments, [student({ phoneNumber: '+91 98234 56706', paymentMethod: 'EMI' })]),
    );
    expect(one.statusCode, one.body).toBe(201);
  });

  it('records payments written Cash, GPay, NEFT and DD, with ₹, commas and /-', async () => {
    const before = await count('payments');
    const res = await send(
      'payments',
      csv(IMPORT_COLUMNS.payments, [
        payment({ paymentMode: 'Cash', amount: '₹1,000', receiptNumber: 'OLD/V/1' }),
        payment({ paymentMode: 'GPay', amount: '1,000/-', receiptNumber: 'OLD/V/2', utr: '612345678911' }),
        payment({ installmentNumber: '2', paymentMode: 'NEFT', amount: 'Rs. 1500', receiptNumber: 'OLD/V/3' }),
        payment({ installmentNumber: '2', paymentMode: 'DD', amount: '500.00', receiptNumber: 'OLD/V/4' }),
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created: 4 });
    expect(await count('payments')).toBe(before + 4);
    expect(await count("payments where mode = 'upi'")).toBe(1);
    expect(await count("payments where mode = 'bank_transfer'")).toBe(1);
    expect(await count("payments where mode = 'cheque'")).toBe(1);
    expect(await verifyLedger(db)).toEqual([]);
  });

  it('lists the allowed modes for one it cannot read', async () => {
    const res = await send(
      'payments',
      csv(IMPORT_COLUMNS.payments, [payment({ paymentMode: 'Bitcoin', receiptNumber: 'OLD/V/9' })]),
      { dryRun: 'true' },
    );
    expect(res.json().data.errors).toEqual([
      {
        row: 2,
        field: 'paymentMode',
        message:
          '"Bitcoin" is not one of the allowed values: write one of cash, upi, bank transfer, card, cheque, other, online payment',
      },
    ]);
  });
});

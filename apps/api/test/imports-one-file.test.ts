/**
 * One file for students and what they paid: an enrolment row may carry a total paid with its
 * day and mode, recorded as a past payment through the one way in, under the money rules.
 */
import { describe, expect, it } from 'vitest';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@registrar/contract/imports';
import { verifyLedger } from '../src/services/ledger-check';
import { csv, importApp, student } from './import-app';

const COLUMNS = [...IMPORT_COLUMNS.enrollments, 'amountPaid', 'paidOn', 'paidMode', 'receiptNumber'];

describe('students and what they paid, in one file', async () => {
  const { app, auth, db, send, count } = await importApp();

  it('records each row’s total paid as an imported payment, once, and refuses the future and more than the fee', async () => {
    const file = csv(COLUMNS, [
      student({
        externalId: 'ONE-1',
        email: 'one1@example.com',
        amountPaid: '₹4,500/-',
        paidOn: '10/04/2026',
        paidMode: 'PhonePe',
        receiptNumber: 'BOOK/1',
      }),
      student({ externalId: 'ONE-2', email: 'one2@example.com', phoneNumber: '9876522002' }),
      student({
        externalId: 'ONE-3',
        email: 'one3@example.com',
        phoneNumber: '9876522003',
        amountPaid: '9,500',
        paidOn: '10/04/2026',
        paidMode: 'cash',
      }),
      student({
        externalId: 'ONE-4',
        email: 'one4@example.com',
        phoneNumber: '9876522004',
        amountPaid: '100',
        paidOn: '10/04/2099',
        paidMode: 'cash',
      }),
      student({ externalId: 'ONE-5', email: 'one5@example.com', phoneNumber: '9876522005', amountPaid: '100' }),
    ]);
    const payments = await count('payments');
    const res = await send('enrollments', file, { goodRowsOnly: 'true' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.errors).toEqual([
      { row: 4, field: 'amountPaid', message: IMPORT_MESSAGES.paidBeyondFee },
      { row: 5, field: 'paidOn', message: FEE_MESSAGES.paidOnInFuture },
      { row: 6, field: 'paidOn', message: IMPORT_MESSAGES.paidOnRequired },
      { row: 6, field: 'paidMode', message: IMPORT_MESSAGES.paidModeRequired },
    ]);
    expect(res.json().data).toMatchObject({ created: 2 });
    expect(await count('payments')).toBe(payments + 1);
    expect(
      await count(
        "payments where amount_paise = 450000 and mode = 'upi' and paid_on = '2026-04-10' and source = 'import'",
      ),
    ).toBe(1);
    // ₹4,500 over installments of ₹3,000: the first is paid, the second half paid.
    expect(
      await count(
        "installments i join enrollments e on e.id = i.enrollment_id where e.external_id = 'ONE-1' and i.paid_paise > 0",
      ),
    ).toBe(2);

    const again = await send('enrollments', file, { goodRowsOnly: 'true' });
    expect(again.json().data).toMatchObject({ created: 0, skipped: 2 });
    expect(await count('payments')).toBe(payments + 1);
    expect(await verifyLedger(db)).toEqual([]);

    // The dashboard says how much of the year's collected came from the old books.
    const dashboard = await app.inject({ method: 'GET', url: '/api/dashboard?period=year', headers: auth });
    expect(dashboard.json().data.money).toMatchObject({ importedInPeriod: 4500, collectedInPeriod: 4500 });
  });
});

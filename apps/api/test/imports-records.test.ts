/** Imports write what their rows say or nothing: templates for admins, dry runs, error rows, past payments, inquiries. */
import { describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@registrar/contract/imports';
import { MESSAGES } from '@registrar/contract/messages';
import { csv, importApp, readCsv, student } from './import-app';
import { pdfText } from './pdf-text';
import { verifyLedger } from '../src/services/ledger-check';

describe('bulk import of students, enrolments, past payments and inquiries', async () => {
  const { app, db, auth, counsellorAuth, send, count, outbox } = await importApp();

  it('gives each template with its columns, to admins only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/import-template/enrollments.csv', headers: auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(readCsv(res.body)[0]).toEqual(IMPORT_COLUMNS.enrollments);
    const payments = await app.inject({ method: 'GET', url: '/api/import-template/payments.csv', headers: auth });
    expect(readCsv(payments.body)[0]).toEqual(IMPORT_COLUMNS.payments);
    const denied = await send('enrollments', csv(IMPORT_COLUMNS.enrollments, [student()]), {}, counsellorAuth);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().message).toBe(ACCESS_MESSAGES.forbidden);
  });

  it('checks a dry run without writing, then imports once: a second run skips everything and mails nobody', async () => {
    const file =
      '\uFEFF' +
      csv(IMPORT_COLUMNS.enrollments, [
        student(),
        student({
          externalId: 'OLD-2',
          name: 'अनन्या वर्मा',
          email: 'ananya.import@example.com',
          phoneNumber: '9876500002',
          currentAddress: 'Flat 4, "Sunrise", Baner,\nPune',
        }),
      ]);
    const mailsBefore = await outbox();
    const dry = await send('enrollments', file, { dryRun: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data).toMatchObject({
      kind: 'enrollments',
      dryRun: true,
      rows: 2,
      created: 2,
      skipped: 0,
      errors: [],
    });
    expect(await count("enrollments where external_id like 'OLD-%'")).toBe(0);

    const real = await send('enrollments', file);
    expect(real.statusCode, real.body).toBe(201);
    expect(real.json().data).toMatchObject({ created: 2, skipped: 0 });
    const again = await send('enrollments', file);
    expect(again.json().data).toMatchObject({ created: 0, skipped: 2 });
    expect(await count("enrollments where external_id like 'OLD-%'")).toBe(2);
    expect(await outbox()).toBe(mailsBefore);

    const list = await app.inject({
      method: 'GET',
      url: '/api/student-enrollment?search=ananya.import',
      headers: auth,
    });
    const item = list.json().data.items[0];
    expect(item).toMatchObject({
      name: 'अनन्या वर्मा',
      status: 'approved',
      currentAddress: 'Flat 4, "Sunrise", Baner,\nPune',
    });
    // Day first: 01/04/2026 is the first of April, not the fourth of January.
    expect(item.startDate).toBe('2026-04-01');
  });

  it('writes nothing when any row is in error, and gives back exactly those rows with an error column', async () => {
    const before = await count('enrollments');
    const file = csv(IMPORT_COLUMNS.enrollments, [
      student({ externalId: 'OLD-10', email: 'ok.row@example.com', phoneNumber: '9876500010' }),
      student({
        externalId: 'OLD-11',
        email: 'bad.phone@example.com',
        phoneNumber: '12345',
        designation: '=HYPERLINK("x")',
      }),
      student({
        externalId: 'OLD-12',
        email: 'no.course@example.com',
        phoneNumber: '9876500012',
        course: 'Astrology',
      }),
      student({ externalId: 'OLD-10', email: 'twice@example.com', phoneNumber: '9876500013' }),
      student({
        externalId: 'OLD-14',
        email: 'us.date@example.com',
        phoneNumber: '9876500014',
        startDate: '04/31/2026',
      }),
    ]);
    const res = await send('enrollments', file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(IMPORT_MESSAGES.hasErrors);
    const report = res.json().data;
    const dry = await send('enrollments', file, { dryRun: 'true' });
    expect(dry.statusCode).toBe(200);
    expect(dry.json().data.errors).toEqual(report.errors);
    expect(report.errors).toEqual([
      { row: 3, field: 'phoneNumber', message: MESSAGES.phoneRule },
      { row: 4, field: 'course', message: 'No course has this name: nearest Tally Prime' },
      { row: 5, field: 'externalId', message: `${IMPORT_MESSAGES.duplicateInFile} 2` },
      { row: 6, field: 'startDate', message: '04/31/2026: there is no month 31' },
    ]);
    expect(await count('enrollments')).toBe(before);

    const errors = await app.inject({ method: 'GET', url: `/api/import/${report._id}/errors.csv`, headers: auth });
    expect(errors.statusCode).toBe(200);
    const lines = readCsv(errors.body);
    expect(lines[0]).toEqual([...IMPORT_COLUMNS.enrollments, 'error']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['OLD-11', 'OLD-12', 'OLD-10', 'OLD-14']);
    expect(lines[1]!.at(-1)).toBe(`phoneNumber: ${MESSAGES.phoneRule}`);
    // A cell a spreadsheet would run as a formula comes back inert.
    expect(lines[1]![IMPORT_COLUMNS.enrollments.indexOf('designation')]).toBe(`'=HYPERLINK("x")`);
  });

  it('imports past payments with the institute’s receipt numbers, leaving the live series where it was', async () => {
    const rows = [
      {
        email: 'priya.import@example.com',
        course: 'Tally Prime',
        installmentNumber: '1',
        amount: '3,000.00',
        paidOn: '05/04/2026',
        paymentMode: 'upi',
        utr: '712345678901',
        receiptNumber: 'OLD/R/118',
      },
      {
        email: 'priya.import@example.com',
        course: 'Tally Prime',
        installmentNumber: '2',
        amount: '1500',
        paidOn: '05/05/2026',
        paymentMode: 'online_payment',
        receiptNumber: 'OLD/R/131',
      },
    ];
    const res = await send('payments', csv(IMPORT_COLUMNS.payments, rows));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created: 2, skipped: 0 });
    const again = await send('payments', csv(IMPORT_COLUMNS.payments, rows));
    expect(again.json().data).toMatchObject({ created: 0, skipped: 2 });

    const list = await app.inject({ method: 'GET', url: '/api/student-enrollment?search=priya.import', headers: auth });
    const id = list.json().data.items[0]._id;
    const detail = (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json()
      .data;
    expect(detail.payments.map((p: { receiptNumber: string; source: string }) => [p.receiptNumber, p.source])).toEqual([
      ['OLD/R/118', 'import'],
      ['OLD/R/131', 'import'],
    ]);
    // The second installment fell due in May: part paid, still overdue.
    expect(detail.installments.map((i: { status: string; paidAmount: number }) => [i.status, i.paidAmount])).toEqual([
      ['paid', 3000],
      ['overdue', 1500],
      ['overdue', 0],
    ]);
    expect(detail.paidAmount).toBe(4500);

    const live = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${detail.installments[1]._id}`,
      headers: auth,
      payload: { amount: 100, paymentMode: 'cash', paidOn: detail.payments[0].paidOn },
    });
    expect(live.json().message).toMatch(/RCPT-\d{4}-000001$/);
    expect(await verifyLedger(db)).toEqual([]);

    // The receipt and the statement say the payment came from the institute's own books.
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-receipt/${detail.payments[0]._id}`,
      headers: auth,
    });
    expect(receipt.statusCode).toBe(200);
    expect(pdfText(receipt.rawPayload)).toMatch(/OLD\/R\/118[\s\S]*earlier records \(imported\)/);
    const statement = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment-fee-download/${id}`,
      headers: auth,
    });
    expect(pdfText(statement.rawPayload)).toContain('OLD/R/131 (imported)');
  });

  it('refuses a receipt number of Registrar’s own form and a payment for an enrolment not here', async () => {
    const res = await send(
      'payments',
      csv(IMPORT_COLUMNS.payments, [
        {
          email: 'priya.import@example.com',
          course: 'Tally Prime',
          installmentNumber: '3',
          amount: '10',
          paidOn: '01/06/2026',
          paymentMode: 'cash',
          receiptNumber: 'RCPT-2026-000777',
        },
        {
          email: 'nobody@example.com',
          course: 'Tally Prime',
          installmentNumber: '1',
          amount: '10',
          paidOn: '01/06/2026',
          paymentMode: 'cash',
          receiptNumber: 'X-1',
        },
        {
          email: 'priya.import@example.com',
          course: 'Tally Prime',
          installmentNumber: '3',
          amount: 'ten',
          paidOn: '01/06/2026',
          paymentMode: 'cash',
          receiptNumber: 'X-2',
        },
      ]),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([
      { row: 2, field: 'receiptNumber', message: IMPORT_MESSAGES.receiptNumberLikeOurs },
      { row: 3, field: 'email', message: IMPORT_MESSAGES.enrollmentUnknown },
      { row: 4, field: 'amount', message: IMPORT_MESSAGES.amountUnreadable },
    ]);
  });

  it('imports inquiries on the day they came in, once', async () => {
    const rows = [
      {
        name: 'Rahul Verma',
        email: 'rahul.import@example.com',
        phoneNumber: '9812345678',
        address: 'Noida',
        areaOfInterest: 'Tally Prime; Web',
        reference: 'website',
        receivedOn: '20/10/2026',
        status: 'contacted',
      },
    ];
    const res = await send('inquiries', csv(IMPORT_COLUMNS.inquiries, rows));
    expect(res.statusCode, res.body).toBe(201);
    expect((await send('inquiries', csv(IMPORT_COLUMNS.inquiries, rows))).json().data).toMatchObject({
      created: 0,
      skipped: 1,
    });
    const list = await app.inject({ method: 'GET', url: '/api/inquiry?search=rahul.import', headers: auth });
    expect(list.json().data.items[0]).toMatchObject({ status: 'contacted', areaOfInterest: ['Tally Prime', 'Web'] });
  });
});

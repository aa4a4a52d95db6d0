import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import {
  JPEG,
  PNG,
  GIF,
  SVG_WITH_SCRIPT,
  HTML_AS_JPG,
  POLYGLOT_GIF_HTML,
  enrolmentDocuments,
  file,
  multipart,
  type Part,
} from './fixtures/files';
import { startMailCatcher } from './mail-catcher';
import { startS3Server } from './s3-server';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';
import { S3_TEST_BUCKET, storageKinds } from './storage-kinds';
import { enrollmentRepository } from '../src/repositories/enrollment-repository';

const catcher = await startMailCatcher();
const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => Promise.all([catcher.close(), s3.close()]));

let ipCounter = 0;
const nextIp = () => `10.110.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

// The same journeys with documents on local disk and in S3 (s3rver).
describe.each(storageKinds(s3))('enrolments, documents on $name storage', async (storage) => {
  const { app, database, config } = await build({
    config: {
      ...storage.config,
      smtpUrl: catcher.url,
      companyAddress: '1 Tech Park, Pune',
      uploadMaxBytes: 1024 * 1024,
    },
  });
  const stored = storage.probe(config);
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Admissions' });
  const token = await tokenFor(app, staff.email, staff.password);
  const auth = bearer(token);
  const course = await createCourse(app, auth, { name: 'Full Stack', price: 30000, emiPrice: [10000, 10000, 10000.5] });
  await app.inject({
    method: 'PUT',
    url: '/api/cms/terms_condition',
    headers: auth,
    payload: { description: '<p>Fees are not refundable.</p>' },
  });

  const fields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries({
      name: 'Asha Verma',
      currentAddress: '12 MG Road, Pune',
      permanentAddress: '4 Civil Lines, Nagpur',
      phoneNumber: '9876543210',
      email: 'asha@example.in',
      courseId: course._id,
      currentlyWorking: 'college',
      currentlyWorkingPlace: 'COEP',
      currentSem: '5',
      designation: 'Should be dropped',
      paymentMethod: 'installment',
      emiPrice: JSON.stringify([10000, 10000, 10000.5]),
      companyAddress: 'Client-sent address must be ignored',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));
  const enrol = (parts: Part[], ip = nextIp()) => {
    const body = multipart(parts);
    return app.inject({ method: 'POST', url: '/api/student-enrollment', ...body, remoteAddress: ip });
  };
  const stagingFiles = () => stored.staged();

  it('enrols with documents: 201, enrolment number, schedule from the course, mails, documents stored', async () => {
    const res = await enrol([...fields(), ...enrolmentDocuments()]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ success: true, message: ENROLLMENT_MESSAGES.received });
    const number = res.json().data.enrollmentNumber as string;
    expect(number).toMatch(new RegExp(`^ENR-${localIsoDate().slice(0, 4)}-\\d{5}$`));

    const list = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${number}`, headers: auth })
    ).json().data;
    expect(list.total).toBe(1);
    const detail = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${list.items[0]._id}`, headers: auth })
    ).json().data;
    expect(detail).toMatchObject({
      enrollmentNumber: number,
      status: 'pending',
      companyAddress: '1 Tech Park, Pune',
      currentSem: '5',
      designation: null,
      termsVersion: 1,
      totalFee: 30000.5,
      course: { name: 'Full Stack' },
    });
    expect(detail.installments.map((i: { amount: number }) => i.amount)).toEqual([10000, 10000, 10000.5]);
    expect(detail.installments[0].dueDate).toBe(localIsoDate());
    expect(detail.documents.map((d: { field: string; mime: string }) => [d.field, d.mime])).toEqual([
      ['profilePicture', 'image/png'],
      ['aadharFront', 'image/jpeg'],
      ['aadharBack', 'application/pdf'],
    ]);
    expect(detail.profilePictureUrl).toBe(detail.documents[0].url);
    expect(detail.history[0]).toMatchObject({ kind: 'created', toStatus: 'pending' });
    expect(await stagingFiles()).toEqual([]);
    expect(await stored.stored()).toEqual(expect.arrayContaining(detail.documents.map((d: { _id: string }) => d._id)));

    // The stored file is what was sent, served with nosniff, a sandboxing CSP and no caching.
    const doc = await app.inject({ method: 'GET', url: detail.documents[1].url, headers: auth });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.equals(JPEG)).toBe(true);
    expect(doc.headers).toMatchObject({
      'content-type': 'image/jpeg',
      'x-content-type-options': 'nosniff',
      'cache-control': 'no-store',
    });
    expect(doc.headers['content-disposition']).toBe(
      `inline; filename="aadharFront.jpg"; filename*=UTF-8''aadharFront.jpg`,
    );
    const viewed = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${detail._id}`, headers: auth })
    ).json().data;
    expect(viewed.history.at(-1)).toMatchObject({
      kind: 'document_viewed',
      by: { name: 'Admissions' },
      note: detail.documents[1]._id,
    });

    await app.outbox.runOnce();
    expect((await catcher.latestTo('asha@example.in', /Your enrolment ENR-/)).text).toContain(number);
    expect((await catcher.latestTo(staff.email, /New enrolment ENR-/)).text).toContain('Asha Verma');
  });

  it('keeps a committed enrolment and its files when moving them into place fails; recovery moves them later', async () => {
    // Fault injection on the store: the move after the commit fails (a full disk, a storage hiccup).
    const commit = app.storage.commit.bind(app.storage);
    app.storage.commit = async () => {
      throw new Error('disk full');
    };
    let res;
    try {
      res = await enrol([...fields({ email: 'unmoved@example.in' }), ...enrolmentDocuments()]);
    } finally {
      app.storage.commit = commit;
    }
    expect(res.statusCode, res.body).toBe(201);
    const number = res.json().data.enrollmentNumber as string;
    const detail = (
      await app.inject({
        method: 'GET',
        url: `/api/student-enrollment/${(await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${number}`, headers: auth })).json().data.items[0]._id}`,
        headers: auth,
      })
    ).json().data;
    const ids = detail.documents.map((d: { _id: string }) => d._id).sort();
    expect(await stagingFiles()).toEqual(expect.arrayContaining(ids));
    // Still staged, and still served.
    const doc = await app.inject({ method: 'GET', url: detail.documents[1].url, headers: auth });
    expect(doc.statusCode).toBe(200);
    expect(doc.rawPayload.equals(JPEG)).toBe(true);
    await app.storage.recover((candidates) => enrollmentRepository.existingDocumentIds(db, candidates));
    expect(await stagingFiles()).toEqual([]);
    expect(await stored.stored()).toEqual(expect.arrayContaining(ids));
  });

  it('documents are for staff: the login cookie works for GET, nothing works anonymously', async () => {
    const res = await enrol([...fields({ email: 'cookie@example.in' }), ...enrolmentDocuments()]);
    const number = res.json().data.enrollmentNumber;
    const item = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${number}`, headers: auth })
    ).json().data.items[0];
    const url = item.profilePictureUrl as string;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const cookie = String((await login(app, staff.email, staff.password, '10.111.0.1')).headers['set-cookie']).split(
      ';',
    )[0]!;
    expect((await app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(200);
  });

  it('refuses a second open enrolment of the same email in the same course with 409', async () => {
    await enrol([...fields({ email: 'twice@example.in' }), ...enrolmentDocuments()]);
    const before = await stored.stored();
    const again = await enrol([...fields({ email: 'TWICE@example.in' }), ...enrolmentDocuments()]);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already enrolled in this course');
    expect(await stagingFiles()).toEqual([]);
    expect(await stored.stored()).toEqual(before); // the refused enrolment's files are gone
  });

  it('validates every field with the contract messages and names the missing files', async () => {
    const res = await enrol([
      ...fields({ phoneNumber: '0123456789', email: 'a@b', currentlyWorking: 'retired', startDate: '2020-01-01' }),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'phoneNumber', message: MESSAGES.phoneRule },
        { path: 'email', message: MESSAGES.emailNeedsDot },
        { path: 'currentlyWorking', message: MESSAGES.currentlyWorkingInvalid },
        { path: 'startDate', message: MESSAGES.joiningDateInPast },
        { path: 'profilePicture', message: MESSAGES.profilePictureRequired },
        { path: 'aadharFront', message: MESSAGES.aadharFrontRequired },
        { path: 'aadharBack', message: MESSAGES.aadharBackRequired },
      ]),
    );
  });

  it('builds the schedule from the course: client amounts that disagree get 400; full payment is one installment', async () => {
    const wrong = await enrol([...fields({ email: 'wrong@example.in', emiPrice: '[1,1,1]' }), ...enrolmentDocuments()]);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'emiPrice', message: ENROLLMENT_MESSAGES.amountsDisagree }]);
    const full = await enrol([
      ...fields({
        email: 'full@example.in',
        paymentMethod: 'full_payment',
        emiPrice: '[30000]',
        startDate: '2099-01-31',
      }),
      ...enrolmentDocuments(),
    ]);
    expect(full.statusCode, full.body).toBe(201);
    const item = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?search=full@example', headers: auth })
    ).json().data.items[0];
    const detail = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })
    ).json().data;
    expect(detail.installments).toEqual([
      expect.objectContaining({ number: 1, amount: 30000, dueDate: '2099-01-31', status: 'unpaid' }),
    ]);
  });

  it('refuses a course that is inactive', async () => {
    const closed = (
      await app.inject({
        method: 'POST',
        url: '/api/course',
        headers: auth,
        payload: { name: 'Closed', price: 100, emiPrice: [100], active: false },
      })
    ).json().data;
    const before = await stored.stored();
    const res = await enrol([
      ...fields({ email: 'closed@example.in', courseId: closed._id, emiPrice: '[100]' }),
      ...enrolmentDocuments(),
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'courseId', message: ENROLLMENT_MESSAGES.courseUnavailable }]);
    // Refused after its files were staged: none of them is kept.
    expect(await stagingFiles()).toEqual([]);
    expect(await stored.stored()).toEqual(before);
  });

  it('checks types by content: a .jpg that is really HTML gets 415 and leaves no file behind', async () => {
    const res = await enrol([
      ...fields({ email: 'html@example.in' }),
      file('profilePicture', PNG, 'p.png', 'image/png'),
      file('aadharFront', HTML_AS_JPG),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode).toBe(415);
    expect(res.json().errors).toEqual([{ path: 'aadharFront', message: ENROLLMENT_MESSAGES.fileTypeNotAllowed }]);
    expect(await stagingFiles()).toEqual([]);
    const script = await enrol([
      ...fields({ email: 'js@example.in' }),
      file('profilePicture', Buffer.from('alert(1)'), 'x.jpg'),
    ]);
    expect(script.statusCode).toBe(415);
  });

  it('stores a GIF/HTML polyglot as a GIF, served as image/gif with nosniff', async () => {
    const res = await enrol([
      ...fields({ email: 'poly@example.in' }),
      file('profilePicture', POLYGLOT_GIF_HTML, 'p.gif', 'text/html'),
      file('aadharFront', GIF, 'a.gif', 'image/gif'),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = (
      await app.inject({ method: 'GET', url: '/api/student-enrollment?search=poly@', headers: auth })
    ).json().data.items[0];
    const doc = await app.inject({ method: 'GET', url: item.profilePictureUrl, headers: auth });
    expect(doc.headers['content-type']).toBe('image/gif');
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(String(doc.headers['content-security-policy'])).toContain('sandbox');
  });

  it('sanitizes an SVG and never serves it inline', async () => {
    const res = await enrol([
      ...fields({ email: 'svg@example.in' }),
      file('profilePicture', SVG_WITH_SCRIPT, 'me.svg', 'image/svg+xml'),
      file('aadharFront', JPEG),
      file('aadharBack', JPEG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const item = (await app.inject({ method: 'GET', url: '/api/student-enrollment?search=svg@', headers: auth })).json()
      .data.items[0];
    const doc = await app.inject({ method: 'GET', url: item.profilePictureUrl, headers: auth });
    expect(doc.headers['content-disposition']).toMatch(/^attachment; filename="profilePicture.svg"/);
    expect(doc.body).toContain('<rect');
    for (const bad of [/<script/i, /onload/i, /javascript:/i, /foreignObject/i, /<iframe/i])
      expect(doc.body).not.toMatch(bad);
  });

  it('answers 413 for an oversized file and keeps nothing', async () => {
    const big = Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(1024 * 1024 + 10, 1)]);
    const res = await enrol([...fields({ email: 'big@example.in' }), file('profilePicture', big)]);
    expect(res.statusCode).toBe(413);
    expect(res.json().errors).toEqual([{ path: 'profilePicture', message: ENROLLMENT_MESSAGES.fileTooLarge }]);
    expect(await stagingFiles()).toEqual([]);
  });

  it('answers 413 for a 10,000-part request', async () => {
    const parts: Part[] = Array.from({ length: 10_000 }, (_, i) => ({ name: `f${i}`, value: 'x' }));
    const res = await enrol(parts);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(ENROLLMENT_MESSAGES.tooManyParts);
  });

  it('links and converts the open inquiry from the same email or phone', async () => {
    await app.inject({
      method: 'POST',
      url: '/api/inquiry',
      remoteAddress: nextIp(),
      payload: {
        name: 'Lead',
        address: 'Pune',
        email: 'lead@example.in',
        phoneNumber: '9444444444',
        areaOfInterest: ['Full Stack'],
        reference: 'website',
      },
    });
    const res = await enrol([
      ...fields({ email: 'lead@example.in', phoneNumber: '9444444444' }),
      ...enrolmentDocuments(),
    ]);
    expect(res.statusCode).toBe(201);
    const inquiry = (await app.inject({ method: 'GET', url: '/api/inquiry?search=lead@example', headers: auth })).json()
      .data.items[0];
    expect(inquiry.status).toBe('converted');
    const detail = (await app.inject({ method: 'GET', url: `/api/inquiry/${inquiry._id}`, headers: auth })).json().data;
    expect(detail.history.at(-1)).toMatchObject({
      kind: 'converted',
      toStatus: 'converted',
      note: `Enrolled as ${res.json().data.enrollmentNumber}`,
    });
  });

  it('limits one address to 20 enrolments in 10 minutes', async () => {
    const codes = [];
    for (let i = 0; i < 21; i += 1)
      codes.push((await enrol(fields({ email: `rate${i}@example.in` }), '10.120.0.1')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 400)).toBe(true); // counted even when invalid
    expect(codes[20]).toBe(429);
  });

  it('staff: filters, sorts, edits, replaces a document, attaches the authority signature, changes status, deletes', async () => {
    const res = await enrol([
      ...fields({ email: 'staffflow@example.in', name: 'Staff Flow' }),
      ...enrolmentDocuments(),
    ]);
    const item = (
      await app.inject({
        method: 'GET',
        url: `/api/student-enrollment?search=staffflow&status=pending&courseId=${course._id}`,
        headers: auth,
      })
    ).json().data.items[0];
    expect(item.enrollmentNumber).toBe(res.json().data.enrollmentNumber);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/student-enrollment?search=staffflow&status=approved',
          headers: auth,
        })
      ).json().data.total,
    ).toBe(0);
    expect(
      (
        await app.inject({ method: 'GET', url: '/api/student-enrollment?search=Full%20Stack&limit=1', headers: auth })
      ).json().data.total,
    ).toBeGreaterThan(1);

    const before = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })
    ).json().data;
    const oldFront = before.documents.find((d: { field: string }) => d.field === 'aadharFront');
    const edit = multipart([
      { name: 'name', value: 'Staff Flow Edited' },
      file('aadharFront', PNG, 'new.png', 'image/png'),
      file('authoritySign', PNG, 'sign.png', 'image/png'),
    ]);
    const edited = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment/${item._id}`,
      headers: { ...auth, ...edit.headers },
      payload: edit.payload,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json().data;
    expect(after.name).toBe('Staff Flow Edited');
    expect(after.documents.map((d: { field: string }) => d.field).sort()).toEqual([
      'aadharBack',
      'aadharFront',
      'authoritySign',
      'profilePicture',
    ]);
    expect((await app.inject({ method: 'GET', url: oldFront.url, headers: auth })).statusCode).toBe(404);
    expect(await stored.stored()).not.toContain(oldFront._id);
    expect(after.history.at(-1)).toMatchObject({
      kind: 'updated',
      note: 'Changed: name, aadharFront (file), authoritySign (file)',
    });

    const change = (status: string, note?: string) =>
      app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-status/${item._id}`,
        headers: auth,
        payload: { status, note },
      });
    expect((await change('completed')).statusCode).toBe(409); // pending → completed is not allowed
    const approved = await change('approved', 'Documents verified');
    expect(approved.json().data.status).toBe('approved');
    expect(approved.json().data.history.at(-1)).toMatchObject({
      kind: 'status_changed',
      fromStatus: 'pending',
      toStatus: 'approved',
      note: 'Documents verified',
      by: { name: 'Admissions' },
    });

    const docIds = after.documents.map((d: { _id: string }) => d._id);
    expect(
      (await app.inject({ method: 'DELETE', url: `/api/student-enrollment/${item._id}`, headers: auth })).statusCode,
    ).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: `/api/student-enrollment/${item._id}`, headers: auth })).statusCode,
    ).toBe(404);
    const remaining = await db.execute(
      sql`select count(*)::int as n from installments where enrollment_id = ${item._id}`,
    );
    expect((remaining as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const left = await stored.stored();
    for (const id of docIds) expect(left).not.toContain(id);
  });

  it('exports enrolments as CSV for Excel', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/student-enrollment/export.csv?status=pending',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF"Enrolment number"')).toBe(true);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="enrollments-/);
  });
});

/** The public enrolment form: what it records and mails, what it refuses (and then keeps no file of), and its limits. */
import { describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { enrolmentApp, enrolmentServers, nextIp } from './enrolment-app';
import { JPEG, enrolmentDocuments } from './fixtures/files';
import { storageKinds } from './storage-kinds';
import { enrollmentRepository } from '../src/repositories/enrollment-repository';

const { catcher, s3 } = await enrolmentServers();

// The same journeys with documents on local disk and in S3 (s3rver).
describe.each(storageKinds(s3))('enrolment intake, documents on $name storage', async (storage) => {
  const { app, stored, db, staff, auth, fields, enrol, stagingFiles } = await enrolmentApp(storage, catcher);

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

    await app.enrollmentDigest.runOnce(new Date(Date.now() + 3_600_000));
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
});

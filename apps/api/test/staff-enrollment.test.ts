import { afterAll, describe, expect, it } from 'vitest';
import { addMonths } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { STAFF_ENROLLMENT_MESSAGES } from '@registrar/contract/staff-enrollment';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { JPEG, file, multipart, type Part } from './fixtures/files';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('enrolling a walk-in from the console', async () => {
  const { app, database } = await build({ config: { smtpUrl: catcher.url } });
  const db = database.db;
  const as = async (role: 'admin' | 'counsellor' | 'viewer' | 'accountant') => {
    const s = await makeStaff(db, { name: `The ${role}`, role });
    return bearer(await tokenFor(app, s.email, s.password));
  };
  const admin = await as('admin');
  const counsellor = await as('counsellor');
  const viewer = await as('viewer');
  const course = await createCourse(app, admin, {
    name: 'Full Stack Development',
    price: 30000,
    emiPrice: [10000, 10000, 10000],
  });
  const joining = addMonths(localIsoDate(), 1);

  let n = 0;
  /** A public inquiry from a walk-in; answers its id. */
  const inquiry = async () => {
    n += 1;
    const email = `walkin${n}@example.in`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/inquiry',
      payload: {
        name: `Walk In ${n}`,
        address: '12 MG Road, Pune',
        email,
        phoneNumber: `98765432${String(n).padStart(2, '0')}`,
        areaOfInterest: ['full stack development'],
        reference: 'website',
      },
      remoteAddress: `10.170.0.${n}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    const list = await app.inject({ method: 'GET', url: `/api/inquiry?search=${email}`, headers: admin });
    return list.json().data.items[0] as { _id: string; email: string; phoneNumber: string; name: string };
  };
  const fields = (values: Record<string, string>): Part[] =>
    Object.entries({
      currentAddress: '12 MG Road, Pune',
      permanentAddress: '12 MG Road, Pune',
      courseId: course._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'installment',
      startDate: joining,
      ...values,
    }).map(([name, value]) => ({ name, value }));
  const enrol = (headers: Record<string, string>, parts: Part[]) => {
    const body = multipart(parts);
    return app.inject({
      method: 'POST',
      url: '/api/staff-enrollment',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  const detail = async (id: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: admin })).json().data;

  it('enrols an inquiry without documents: linked, converted, documents to follow, first due on the joining date', async () => {
    const q = await inquiry();
    const res = await enrol(
      counsellor,
      fields({ inquiryId: q._id, name: q.name, email: q.email, phoneNumber: q.phoneNumber }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const data = res.json().data;
    expect(data.documentsToFollow).toEqual(['profilePicture', 'aadharFront', 'aadharBack']);
    const e = await detail(data._id);
    expect(e.status).toBe('pending');
    expect(e.inquiryId).toBe(q._id);
    expect(e.documentsToFollow).toEqual(['profilePicture', 'aadharFront', 'aadharBack']);
    expect(e.installments.map((i: { dueDate: string }) => i.dueDate)).toEqual([
      joining,
      addMonths(joining, 1),
      addMonths(joining, 2),
    ]);
    expect(e.overdueAmount).toBe(0);
    expect(e.history[0].note).toContain('documents to follow');
    const converted = (await app.inject({ method: 'GET', url: `/api/inquiry/${q._id}`, headers: admin })).json().data;
    expect(converted.status).toBe('converted');
    // The same inquiry cannot be enrolled twice.
    const again = await enrol(
      counsellor,
      fields({ inquiryId: q._id, name: 'X Y', email: 'other@example.in', phoneNumber: '9000000001' }),
    );
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toBe(STAFF_ENROLLMENT_MESSAGES.inquiryClosed);
  });

  it('applies the public form’s rules and messages and asks for the joining date', async () => {
    const res = await enrol(
      counsellor,
      fields({ name: 'A B', email: 'ab@example.in', phoneNumber: '123', startDate: '' }),
    );
    expect(res.statusCode, res.body).toBe(400);
    const errors = res.json().errors as { path: string; message: string }[];
    expect(errors).toContainEqual({ path: 'phoneNumber', message: MESSAGES.phoneRule });
    expect(errors).toContainEqual({ path: 'startDate', message: STAFF_ENROLLMENT_MESSAGES.joiningDateRequired });
  });

  it('lets a counsellor (fees.collect) take the first payment through the fee ledger, recorded under their name, and keeps the documents sent', async () => {
    const payment = { amount: 4000, paymentMode: 'cash', paidOn: localIsoDate() };
    const res = await enrol(counsellor, [
      ...fields({
        name: 'C D',
        email: 'cd@example.in',
        phoneNumber: '9000000002',
        firstPayment: JSON.stringify(payment),
      }),
      file('aadharFront', JPEG),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.receiptNumber).toMatch(/^RCPT-\d{4}-\d+$/);
    expect(res.json().data.paymentProblem).toBeNull();
    const e = await detail(res.json().data._id);
    expect(e.paidAmount).toBe(4000);
    expect(e.payments[0].receiptNumber).toBe(res.json().data.receiptNumber);
    expect(e.payments[0].recordedBy.name).toBe('The counsellor');
    expect(e.documents.map((d: { field: string }) => d.field)).toEqual(['aadharFront']);
    expect(e.documentsToFollow).toEqual(['profilePicture', 'aadharBack']);
  });

  it('refuses more than the first installment before enrolling anyone', async () => {
    const res = await enrol(
      admin,
      fields({
        name: 'E F',
        email: 'ef@example.in',
        phoneNumber: '9000000003',
        firstPayment: JSON.stringify({ amount: 10001, paymentMode: 'cash', paidOn: localIsoDate() }),
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0].path).toBe('firstPayment.amount');
    const list = await app.inject({
      method: 'GET',
      url: '/api/student-enrollment?search=ef@example.in',
      headers: admin,
    });
    expect(list.json().data.total).toBe(0);
  });

  it('answers 401 without a session and 403 to a role that may not enrol, before reading the form', async () => {
    expect((await enrol({}, fields({}))).statusCode).toBe(401);
    const res = await enrol(viewer, fields({}));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
  });

  it('refuses an inquiry that does not exist', async () => {
    const res = await enrol(
      counsellor,
      fields({
        inquiryId: '00000000-0000-4000-8000-000000000000',
        name: 'G H',
        email: 'gh@example.in',
        phoneNumber: '9000000004',
      }),
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'inquiryId', message: STAFF_ENROLLMENT_MESSAGES.inquiryNotFound }]);
  });
});

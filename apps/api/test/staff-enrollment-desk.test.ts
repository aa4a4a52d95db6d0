/** The front desk takes the money: fees.collect for counsellors, "Enrol and approve", and a retried enrolment answered once. */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { addMonths } from '@registrar/contract/fee-plan';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES, IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { JPEG, file, multipart, type Part } from './fixtures/files';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('the front desk takes the money', async () => {
  const { app, database } = await build({ config: { smtpUrl: catcher.url } });
  const db = database.db;
  const as = async (role: 'admin' | 'counsellor') => {
    const s = await makeStaff(db, { name: `The ${role}`, role });
    return bearer(await tokenFor(app, s.email, s.password));
  };
  const admin = await as('admin');
  const counsellor = await as('counsellor');
  const course = await createCourse(app, admin, { name: 'Tally Prime', price: 20000, emiPrice: [10000, 10000] });
  const today = localIsoDate();

  const fields = (values: Record<string, string>): Part[] =>
    Object.entries({
      currentAddress: '4 Station Road, Nagpur',
      permanentAddress: '4 Station Road, Nagpur',
      courseId: course._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'installment',
      startDate: addMonths(today, 1),
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
  const count = async (email: string) =>
    (await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${email}`, headers: admin })).json().data
      .total as number;
  const cash = (amount: number) => JSON.stringify({ amount, paymentMode: 'cash', paidOn: today });

  it('answers a retried enrolment under the same Idempotency-Key with the same enrolment and receipt, never 409', async () => {
    const key = randomUUID();
    const parts = [
      ...fields({
        name: 'Retry Student',
        email: 'retry@example.in',
        phoneNumber: '9100000001',
        firstPayment: cash(5000),
      }),
      file('aadharFront', JPEG),
    ];
    const first = await enrol({ ...counsellor, [IDEMPOTENCY_HEADER]: key }, parts);
    expect(first.statusCode, first.body).toBe(201);
    const again = await enrol({ ...counsellor, [IDEMPOTENCY_HEADER]: key }, parts);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(await count('retry@example.in')).toBe(1);
    const e = await detail(first.json().data._id);
    expect(e.payments).toHaveLength(1);
    expect(e.paidAmount).toBe(5000);
    expect(e.documents).toHaveLength(1);

    // The same key with another form is a mistake, not a retry.
    const other = await enrol(
      { ...counsellor, [IDEMPOTENCY_HEADER]: key },
      fields({ name: 'Other Student', email: 'other@example.in', phoneNumber: '9100000002' }),
    );
    expect(other.statusCode, other.body).toBe(422);
    expect(other.json().message).toBe(FEE_MESSAGES.idempotencyKeyReused);
    expect(await count('other@example.in')).toBe(0);
  });

  it('enrols and approves in one step for a role that may approve, with the first payment', async () => {
    const res = await enrol(
      counsellor,
      fields({
        name: 'Desk Approved',
        email: 'approved@example.in',
        phoneNumber: '9100000003',
        firstPayment: cash(10000),
        approve: 'true',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const e = await detail(res.json().data._id);
    expect(e.status).toBe('approved');
    expect(e.paidAmount).toBe(10000);
    expect(e.history.map((h: { toStatus: string | null }) => h.toStatus)).toContain('approved');
  });

  it('lets a counsellor record a payment on an enrolment, but not void, refund or re-plan', async () => {
    const res = await enrol(
      counsellor,
      fields({ name: 'Pay Later', email: 'later@example.in', phoneNumber: '9100000004' }),
    );
    const id = res.json().data._id as string;
    const [first] = (await detail(id)).installments as { _id: string }[];
    const pay = await app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-payment/${id}/${first!._id}`,
      headers: { ...counsellor, [IDEMPOTENCY_HEADER]: randomUUID() },
      payload: { amount: 2500, paymentMode: 'upi', paidOn: today, utr: '412345678901' },
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const payment = pay.json().data.payments[0];
    expect(payment.recordedBy.name).toBe('The counsellor');

    const refused = [
      await app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-payment/${id}/${first!._id}`,
        headers: counsellor,
        payload: { paymentId: payment._id, reason: 'typed twice' },
      }),
      await app.inject({
        method: 'POST',
        url: `/api/student-enrollment-refund/${id}`,
        headers: counsellor,
        payload: { paymentId: payment._id, amount: 100, reason: 'asked', effect: 'reopen' },
      }),
      await app.inject({
        method: 'PUT',
        url: `/api/student-enrollment-installment/${id}/${first!._id}`,
        headers: counsellor,
        payload: { amount: 9000, reason: 'discount' },
      }),
    ];
    for (const r of refused) {
      expect(r.statusCode, r.body).toBe(403);
      expect(r.json().message).toBe(ACCESS_MESSAGES.forbidden);
    }
    expect((await detail(id)).paidAmount).toBe(2500);
  });
});

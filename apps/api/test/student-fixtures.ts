import { expect } from 'vitest';
import type { Config } from '../src/config';
import { build } from './build-app';
import { JPEG, PDF, PNG, file, multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let sent = 0;

/**
 * What the tests of a student's own page and language start from: the app (mail to the given
 * SMTP server), a signed-in staff member, a "Data Science" course in installments, a way to send
 * every queued mail, and enrolment through the public form, documents included, as a student does.
 */
export async function studentSetup(options: {
  config: Partial<Config>;
  staffName: string;
  course: { price: number; emiPrice: number[] };
}) {
  const built = await build({ config: options.config });
  const { app, database } = built;
  const staff = await makeStaff(database.db, { name: options.staffName });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const created = await app.inject({
    method: 'POST',
    url: '/api/course',
    headers: auth,
    payload: { name: 'Data Science', ...options.course },
  });
  expect(created.statusCode, created.body).toBe(201);
  const course = created.json().data as { _id: string };

  const deliver = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };

  /** Sends the public form, each time from its own address and phone; answers the enrolment number. */
  const enrol = async (fields: { name: string; email: string; language?: string }) => {
    sent += 1;
    const body = multipart([
      ...Object.entries({
        currentAddress: 'A',
        permanentAddress: 'B',
        phoneNumber: `9${String(100000000 + sent).slice(-9)}`,
        courseId: course._id,
        currentlyWorking: 'other',
        currentlyWorkingPlace: 'Home',
        paymentMethod: 'installment',
        ...fields,
      }).map(([name, value]) => ({ name, value })),
      file('profilePicture', PNG, 'p.png', 'image/png'),
      file('aadharFront', JPEG),
      file('aadharBack', PDF, 'b.pdf', 'application/pdf'),
    ]);
    const res = await app.inject({
      method: 'POST',
      url: '/api/student-enrollment',
      ...body,
      remoteAddress: `10.150.${Math.floor(sent / 200)}.${sent % 200}`,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.enrollmentNumber as string;
  };

  /** The enrolment with this number as staff see it. */
  const staffView = async (enrollmentNumber: string) => {
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
  };

  return { ...built, db: database.db, auth, course, deliver, enrol, staffView };
}

/**
 * What the attack-pass tests start from: the real app on a fresh database (mail written as `.eml`
 * files), a signed-in admin, a course, and the public forms and staff calls they drive.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type SQL } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Role } from '@registrar/contract/permissions';
import type { Db } from '../src/db/database';
import type { Config } from '../src/config';
import { JPEG, PDF, PNG, file, multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let ipCounter = 0;
export const nextIp = () =>
  `10.${160 + Math.floor(++ipCounter / 60000)}.${Math.floor(ipCounter / 250) % 240}.${ipCounter % 250}`;

export interface Person {
  name: string;
  email: string;
  phoneNumber: string;
}

export async function attackSetup(app: FastifyInstance, db: Db, config: Config) {
  const admin = await makeStaff(db, { name: 'Head Office' });
  const auth = bearer(await tokenFor(app, admin.email, admin.password));
  const rows = async <T>(query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  const courseOf = async (name: string, price: number, emiPrice: number[]) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/course',
      headers: auth,
      payload: { name, price, emiPrice },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { _id: string };
  };
  const course = await courseOf('Full Stack', 10000, [5000, 5000]);

  /** The public enrolment form, documents included; answers the enrolment's id and number. */
  const enrol = async (p: Person, extra: Record<string, string> = {}) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/student-enrollment',
      ...multipart([
        ...Object.entries({
          ...p,
          currentAddress: 'Flat 4, Lake Road, Pune',
          permanentAddress: 'Civil Lines, Nagpur',
          courseId: course._id,
          currentlyWorking: 'company',
          currentlyWorkingPlace: 'Acme',
          paymentMethod: 'installment',
          ...extra,
        }).map(([name, value]) => ({ name, value })),
        file('profilePicture', PNG, 'me.png', 'image/png'),
        file('aadharFront', JPEG),
        file('aadharBack', PDF, 'back.pdf', 'application/pdf'),
      ]),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rows<{ id: string; enrollment_number: string }>(
      sql`select id, enrollment_number from enrollments where lower(email) = ${p.email.toLowerCase()} order by created_at desc limit 1`,
    );
    return { id: row!.id, number: row!.enrollment_number };
  };

  /** The public inquiry form. */
  const inquire = async (p: Person) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/inquiry',
      payload: { ...p, address: '7 Lake Road, Pune', areaOfInterest: ['full stack'], reference: 'website' },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
  };

  /** A staff member of this role, signed in. */
  const staffMember = async (role: Role, name: string) => {
    const s = await makeStaff(db, { role, name });
    return { ...s, auth: bearer(await tokenFor(app, s.email, s.password)) };
  };

  const deliverAll = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };
  const outboxDir = path.join(config.dataDir, 'outbox');
  /** Every `.eml` file with its bytes, by name. */
  const mailFiles = () =>
    new Map(
      (fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [])
        .filter((f) => f.endsWith('.eml'))
        .map((f) => [f, fs.readFileSync(path.join(outboxDir, f)).toString('utf8')]),
    );
  const erase = (email: string, reason = 'Asked by mail') =>
    app.inject({ method: 'POST', url: '/api/student-erasure', headers: auth, payload: { email, reason } });

  return { admin, auth, rows, course, courseOf, enrol, inquire, staffMember, deliverAll, mailFiles, outboxDir, erase };
}

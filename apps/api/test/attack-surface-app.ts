/**
 * What the attack-surface tests start from: the real app on a fresh database, its log lines kept for
 * reading, a route that collides with the unique staff email index as two racing saves would, a
 * signed-in admin, a course, and the public forms the tests send.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { loggerOptions } from '../src/lib/logger';
import { staffRepository } from '../src/repositories/staff-repository';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { multipart, type Part } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

export const JWT_SECRET = 'attack-surface-test-secret-0123456789abcdef';
let ipCounter = 0;
export const nextIp = () => `10.160.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Rows of a raw query on either database. */
export async function rows<T>(
  db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> },
  q: ReturnType<typeof sql>,
) {
  return ((await db.execute(q)) as { rows: T[] }).rows;
}

/** Builds the app with its log captured, signs an admin in and opens a course. */
export async function surfaceApp() {
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const { app, database } = await build({
    config: { jwtSecret: JWT_SECRET },
    logger: loggerOptions('info', logStream),
    extend: async (a) => {
      // A write that collides with the unique staff email index, as two racing saves would.
      a.post('/test/duplicate-staff', async (request) => {
        const { email } = request.body as { email: string };
        await staffRepository.insert(a.database.db, {
          email: email.toUpperCase(),
          name: 'Collision Person',
          phone: '9123456780',
          role: 'admin',
          passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0$collisionhashcollisionhash',
        });
        return { success: true };
      });
    },
  });
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Surface Admin' });
  const token = await tokenFor(app, staff.email, staff.password);
  const auth = bearer(token);
  const course = await createCourse(app, auth, { name: 'Surface Course', price: 30000, emiPrice: [30000] });

  const fields = (overrides: Record<string, string> = {}): Part[] =>
    Object.entries({
      name: 'Meera Kulkarni',
      currentAddress: '8 FC Road, Pune',
      permanentAddress: '8 FC Road, Pune',
      phoneNumber: '9823456710',
      email: 'meera.k@example.in',
      courseId: course._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
      ...overrides,
    }).map(([name, value]) => ({ name, value }));
  const enrol = (parts: Part[], ip = nextIp()) =>
    app.inject({ method: 'POST', url: '/api/student-enrollment', ...multipart(parts), remoteAddress: ip });
  /** Posts `payload` as it stands under `contentType`, whether or not they match, as a careless or hostile client does. */
  const postRaw = (url: string, contentType: string, payload: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': contentType },
      payload,
      remoteAddress: nextIp(),
    });
  /** Sends the public inquiry form about the course, with these personal details, from an address of its own. */
  const sendInquiry = (person: { name: string; address: string; email: string; phoneNumber: string }) =>
    app.inject({
      method: 'POST',
      url: '/api/inquiry',
      payload: { ...person, areaOfInterest: [course.name], reference: 'website' },
      remoteAddress: nextIp(),
    });
  const enrolmentCount = async () =>
    (await rows<{ n: number }>(db, sql`select count(*)::int as n from enrollments`))[0]!.n;

  return { logLines, app, db, staff, token, auth, course, fields, enrol, postRaw, sendInquiry, enrolmentCount };
}

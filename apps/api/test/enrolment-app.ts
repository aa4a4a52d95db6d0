/**
 * What the enrolment tests start from: a mail catcher and an S3 server for the file, and per document
 * store the real app with a 1 MB upload cap, a signed-in admin, a course, terms to accept, and the
 * public enrolment form filled in (fields the server must drop or ignore included).
 */
import { afterAll } from 'vitest';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { multipart, type Part } from './fixtures/files';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startS3Server } from './s3-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { S3_TEST_BUCKET, type StorageKind } from './storage-kinds';

let ipCounter = 0;
export const nextIp = () => `10.110.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** The mail catcher and the S3 server of a test file, both closed after its tests. */
export async function enrolmentServers() {
  const catcher = await startMailCatcher();
  const s3 = await startS3Server([S3_TEST_BUCKET]);
  afterAll(() => Promise.all([catcher.close(), s3.close()]));
  return { catcher, s3 };
}

/** The app on `storage`, mailing to `catcher`, with its admin, course and form. */
export async function enrolmentApp(storage: StorageKind, catcher: MailCatcher) {
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

  return { app, config, stored, db, staff, token, auth, course, fields, enrol, stagingFiles };
}

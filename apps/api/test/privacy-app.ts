/**
 * What the privacy tests start from: an S3 server for the file, and per document store the real app
 * (outbox run by hand) with a signed-in admin, a course, saved terms, and the public enrolment form
 * whose scanned PDF names the student, as a form with their details would.
 */
import { afterAll } from 'vitest';
import { sql } from 'drizzle-orm';
import { build } from './build-app';
import { JPEG, PNG, file, multipart, type Part } from './fixtures/files';
import { startS3Server } from './s3-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { S3_TEST_BUCKET, type StorageKind } from './storage-kinds';

export let ipCounter = 0;
export const nextIp = () => `10.140.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** A one-page PDF whose text holds `words`, as a scanned form with the student's details would. */
const pdfHolding = (words: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\n% ${words}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

/** The S3 server of a test file, closed after its tests. */
export async function privacyS3() {
  const s3 = await startS3Server([S3_TEST_BUCKET]);
  afterAll(() => s3.close());
  return s3;
}

/** The app on `storage` with its admin, course, terms and form. */
export async function privacyApp(storage: StorageKind) {
  const { app, database, config } = await build({
    config: { ...storage.config, uploadMaxBytes: 1024 * 1024 },
    outbox: { autoStart: false, worker: { backoffBaseMs: 0 } },
  });
  const stored = storage.probe(config);
  const db = database.db;
  const staff = await makeStaff(db, { name: 'Admissions' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const staffId = (
    (await db.execute(sql`select id from staff where email = ${staff.email}`)) as unknown as { rows: { id: string }[] }
  ).rows[0]!.id;
  const course = (
    await app.inject({
      method: 'POST',
      url: '/api/course',
      headers: auth,
      payload: { name: 'Full Stack', price: 30000, emiPrice: [10000, 20000] },
    })
  ).json().data;
  const saveTerms = (text: string) =>
    app.inject({ method: 'PUT', url: '/api/cms/terms_condition', headers: auth, payload: { description: text } });
  await saveTerms('<p>Fees are not refundable.</p>');
  const currentTerms = async () =>
    (await app.inject({ method: 'GET', url: '/api/cms/terms_condition' })).json().data.version as number;

  const person = (name: string, email: string, phoneNumber: string) => ({ name, email, phoneNumber });
  const enrol = (p: { name: string; email: string; phoneNumber: string }, extra: Record<string, string> = {}) => {
    const parts: Part[] = [
      ...Object.entries({
        ...p,
        currentAddress: `House of ${p.name}, Pune`,
        permanentAddress: 'Civil Lines, Nagpur',
        courseId: course._id,
        currentlyWorking: 'company',
        currentlyWorkingPlace: 'Acme',
        designation: 'Analyst',
        paymentMethod: 'installment',
        ...extra,
      }).map(([name, value]) => ({ name, value })),
      file('profilePicture', PNG, 'me.png', 'image/png'),
      file('aadharFront', JPEG),
      file('aadharBack', pdfHolding(`${p.name} ${p.email} ${p.phoneNumber}`), 'back.pdf', 'application/pdf'),
    ];
    return app.inject({ method: 'POST', url: '/api/student-enrollment', ...multipart(parts), remoteAddress: nextIp() });
  };
  const detailOf = async (email: string) => {
    const { rows } = (await db.execute(sql`select id from enrollments where email = ${email}`)) as unknown as {
      rows: { id: string }[];
    };
    return (await app.inject({ method: 'GET', url: `/api/student-enrollment/${rows[0]!.id}`, headers: auth })).json()
      .data;
  };
  const deliverAll = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };

  return {
    app,
    config,
    stored,
    db,
    staff,
    auth,
    staffId,
    course,
    saveTerms,
    currentTerms,
    person,
    enrol,
    detailOf,
    deliverAll,
  };
}

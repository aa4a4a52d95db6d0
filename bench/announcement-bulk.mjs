// The budget: a bulk announcement to 5,000 enrolments answers within a second. Against the
// built server on PostgreSQL (BENCH_DATABASE_URL: a database registrar_bench_bulk is created
// there). Five courses of 5,000 approved enrolments each; each run announces to one course, so
// every run queues 5,000 fresh mails. Reports every run and the median.
//   npm run build -w apps/api
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run announcement-bulk -w bench
import crypto from 'node:crypto';
import pg from 'pg';
import { recreateDatabase } from './support/database.mjs';
import { signIn, startServer } from './support/server.mjs';

const RUNS = 5;
const admin = process.env.BENCH_DATABASE_URL;
if (!admin) {
  console.error('Set BENCH_DATABASE_URL to a PostgreSQL server (a database registrar_bench_bulk is created there).');
  process.exit(2);
}
const dbUrl = await recreateDatabase(admin, 'registrar_bench_bulk');

const who = { email: 'bulk@registrar.test', password: 'Bulk-Bench-Pass-1' };
const app = await startServer({
  DATABASE_URL: dbUrl,
  // With PostgreSQL the documents' master key must be given (a throwaway one for the bench).
  DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
  ADMIN_EMAIL: who.email,
  ADMIN_PASSWORD: who.password,
});
const auth = { authorization: `Bearer ${await signIn(app.base, who)}`, 'content-type': 'application/json' };
const courses = [];
for (let i = 0; i < RUNS; i += 1) {
  const res = await fetch(`${app.base}/api/course`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ name: `Bulk ${i}`, price: 1000, emiPrice: [1000] }),
  });
  courses.push(/** @type {{ data: { _id: string } }} */ (await res.json()).data._id);
}

// The enrolments go straight into the database: the intake is not what this measures.
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
await db.query(
  `insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address, permanent_address,
     currently_working, currently_working_place, payment_method, company_address)
   select 'BULK-' || c.n || '-' || g, c.id, 'approved', 'Student ' || g, 'b' || c.n || '-' || g || '@example.in', '9' || lpad(g::text, 9, '0'),
     'A', 'B', 'other', 'Home', 'full_payment', 'X'
   from unnest($1::uuid[]) with ordinality as c(id, n), generate_series(1, 5000) g`,
  [courses],
);
await db.query('analyze');

const times = [];
for (const courseId of courses) {
  const started = performance.now();
  const res = await fetch(`${app.base}/api/bulk-student-enrollment-annocument`, {
    method: 'PUT',
    headers: auth,
    body: JSON.stringify({ title: 'Exam on Monday', message: 'Room 4, 10 am.', courseId }),
  });
  const body = /** @type {{ data: { recipients: number } }} */ (await res.json());
  times.push(performance.now() - started);
  if (body.data.recipients !== 5000) throw new Error(`expected 5,000 recipients, got ${body.data.recipients}`);
}
const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
console.table([
  {
    measure: 'PUT /api/bulk-student-enrollment-annocument, 5,000 recipients',
    runs: times.map((t) => `${Math.round(t)} ms`).join(' '),
    median: `${Math.round(median)} ms`,
    budget: '≤ 1,000 ms',
    result: median <= 1000 ? 'ok' : 'OVER',
  },
]);
await db.end();
await app.stop();

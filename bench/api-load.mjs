// The server's performance budgets on PostgreSQL (2 cores): with 100,000 enrolments,
//  - GET /api/dashboard latency (budget ≤ 100 ms),
//  - GET /api/student-enrollment?page&limit=10&search throughput vs the same SQL straight through pg (≥ 0.9×),
//  - POST /api/inquiry throughput (≥ 1,000 req/s).
// Needs BENCH_DATABASE_URL (a server it may create a database on), e.g.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run load -w bench
// BENCH_DB_NAME names the database it drops and recreates (default registrar_bench);
// MEASURES=dashboard,list,inquiry picks some measures (default all); LOAD_SECONDS, ENROLMENTS.
import crypto from 'node:crypto';
import { spawnSync } from 'node:child_process';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, recreateDatabase } from './support/database.mjs';
import { root, signIn, startServer } from './support/server.mjs';

const { admin, dbName } = benchDatabase('registrar_bench');
const allMeasures = ['dashboard', 'list', 'inquiry'];
const measures = new Set((process.env.MEASURES ?? allMeasures.join(',')).split(',').map((m) => m.trim()));
for (const m of measures)
  if (!allMeasures.includes(m)) {
    console.error(`MEASURES: unknown measure ${m} (known: ${allMeasures.join(', ')})`);
    process.exit(2);
  }
const DURATION = Number(process.env.LOAD_SECONDS ?? 10);
const ENROLMENTS = Number(process.env.ENROLMENTS ?? 100_000);
if (process.env.SKIP_BUILD !== '1')
  spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });

const dbUrl = await recreateDatabase(admin, dbName);

const app = await startServer({
  DATABASE_URL: dbUrl,
  // With PostgreSQL the documents' master key must be given (a throwaway one for the bench).
  DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
  TRUST_PROXY: 'true',
  // The intake limit per address is a spam guard, not what this measures.
  INTAKE_LIMIT_PER_IP: '100000000',
  ADMIN_EMAIL: 'load@registrar.test',
  ADMIN_PASSWORD: 'Load-Test-Pass-1',
});
const base = app.base;
const auth = {
  authorization: `Bearer ${await signIn(base, { email: 'load@registrar.test', password: 'Load-Test-Pass-1' })}`,
};
const courseNames = ['Full Stack Development', 'Data Science', 'UI Design', 'Cloud Engineering', 'Digital Marketing'];
for (const name of courseNames)
  await fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 30000, emiPrice: [10000, 10000, 10000] }),
  });

// 100k enrolments with schedules and some payments, straight into the database.
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
let t = performance.now();
await db.query(`
  insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address, permanent_address,
    currently_working, currently_working_place, payment_method, company_address, created_at)
  select 'ENR-2026-' || lpad(g::text, 6, '0'), (select id from courses order by name offset (g % 5) limit 1),
    (array['pending','approved','approved','completed','cancelled'])[1 + g % 5], 'Student ' || md5(g::text), 's' || g || '@example.in',
    (9000000000 + g)::text, 'Pune', 'Pune', 'college', 'COEP', 'installment', 'X', now() - (g % 365) * interval '1 day'
  from generate_series(1, ${ENROLMENTS}) g`);
await db.query(`insert into installments (enrollment_id, number, amount_paise, due_date)
  select e.id, n, 1000000, (e.created_at::date + (n - 1) * 30) from enrollments e, generate_series(1, 3) n`);
await db.query(`insert into payments (enrollment_id, installment_id, amount_paise, mode, paid_on, receipt_number)
  select i.enrollment_id, i.id, 1000000, 'cash', i.due_date, 'RCPT-B-' || row_number() over () from installments i where i.number = 1 and i.due_date <= current_date`);
await db.query(
  `update installments i set paid_paise = p.paid from (select installment_id, sum(amount_paise) as paid from payments group by installment_id) p where p.installment_id = i.id`,
);
// Vacuumed as a table of that size would be (autovacuum would get there within a minute or so):
// settled visibility map, and no trigram entries waiting in a GIN index's pending list.
await db.query('vacuum analyze');
console.log(`seeded ${ENROLMENTS} enrolments in ${Math.round(performance.now() - t)} ms`);

const rows = [];
if (measures.has('dashboard')) {
  // 1. Dashboard latency.
  const times = [];
  for (let i = 0; i < 21; i += 1) {
    t = performance.now();
    const res = await fetch(`${base}/api/dashboard`, { headers: auth });
    await res.json();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  rows.push({
    measure: 'GET /api/dashboard median latency',
    value: `${Math.round(times[10] ?? 0)} ms`,
    budget: '≤ 100 ms',
    result: (times[10] ?? 0) <= 100 ? 'ok' : 'OVER',
  });
}

if (measures.has('list')) {
  // 2. List throughput, API vs raw SQL at the same concurrency, mixed search terms.
  const terms = ['', 'Student 1a', 's42', '90000012', 'ENR-2026-0042', 'Data', 'zzz-nothing'];
  const listApi = await autocannon({
    url: base,
    connections: 50,
    duration: DURATION,
    requests: terms.map((term) => ({
      method: 'GET',
      path: `/api/student-enrollment?page=1&limit=10&search=${encodeURIComponent(term)}`,
      headers: auth,
    })),
  });
  if (listApi.non2xx) console.log('list status codes:', JSON.stringify(listApi.statusCodeStats));
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  // The same statements the API runs for a page (apps/api/src/repositories/enrollment-repository.ts):
  // the ids of the courses whose name matches, then the page and its count side by side.
  const rawCourses = `select "id" from "courses" where "courses"."name" ilike $1`;
  const listColumns = `"enrollments".*, "courses"."id", "courses"."name", "courses"."price_paise",
    (select coalesce(sum("installments"."amount_paise"), 0)::bigint from "installments" where "installments"."enrollment_id" = "enrollments"."id"),
    (select coalesce(sum("p"."amount_paise"), 0)::bigint from "payments" "p" where "p"."enrollment_id" = "enrollments"."id" and "p"."voided_at" is null),
    (select coalesce(sum("i"."amount_paise" - "i"."paid_paise"), 0)::bigint from "installments" "i" where "i"."enrollment_id" = "enrollments"."id" and "i"."due_date" < $1 and "i"."paid_paise" < "i"."amount_paise"),
    (select "d"."id" from "enrollment_documents" "d" where "d"."enrollment_id" = "enrollments"."id" and "d"."field" = 'profilePicture' order by "d"."created_at" desc limit 1)`;
  const order = `order by "enrollments"."created_at" desc, "enrollments"."id" desc`;
  /** @param {number} p the pattern's parameter */
  const columns = (p) =>
    `("enrollments"."name" || E'\\x1f' || "enrollments"."email" || E'\\x1f' || "enrollments"."phone_number" || E'\\x1f' || "enrollments"."enrollment_number") ilike $${p}`;
  /** @param {number} first @param {number} n */
  const inCourses = (first, n) =>
    `"enrollments"."course_id" in (${Array.from({ length: n }, (_, k) => `$${first + k}`).join(', ')})`;
  const today = new Date().toLocaleDateString('sv'); // YYYY-MM-DD, local, as the API's localIsoDate()
  /** @param {string} term */
  const rawList = async (term) => {
    const like = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const ids = term ? (await pool.query(rawCourses, [like])).rows.map((r) => String(r.id)) : [];
    // The page: $1 today, $2 the limit, then the course ids and the pattern.
    const pageWhere = !term
      ? ''
      : `where ${ids.length ? `(${inCourses(3, ids.length)} or ${columns(3 + ids.length)})` : columns(3)}`;
    // The count: a course's rows by index, plus the other matches.
    const count = !term
      ? { text: `select count(*)::int as n from "enrollments"`, values: [] }
      : !ids.length
        ? { text: `select count(*)::int as n from "enrollments" where ${columns(1)}`, values: [like] }
        : {
            text: `select ((select count(*)::int from "enrollments" where ${inCourses(1, ids.length)})
              + (select count(*)::int from "enrollments" where not ${inCourses(1, ids.length)} and ${columns(1 + ids.length)}))::int as n`,
            values: [...ids, like],
          };
    return Promise.all([
      // Rows as arrays, as drizzle reads them (two columns are called id).
      pool.query({
        rowMode: 'array',
        text: `select ${listColumns} from "enrollments" inner join "courses" on "courses"."id" = "enrollments"."course_id"
          where "enrollments"."id" in (select "id" from "enrollments" ${pageWhere} ${order} limit $2) ${order}`,
        values: [today, 10, ...(term ? [...ids, like] : [])],
      }),
      pool.query(count),
    ]);
  };
  // Both answer the same: the totals and the first page's ids agree for every term.
  for (const term of terms) {
    const [page, count] = await rawList(term);
    const res = await fetch(`${base}/api/student-enrollment?page=1&limit=10&search=${encodeURIComponent(term)}`, {
      headers: auth,
    });
    const { data } = /** @type {{ data: { total: number, items: { _id: string }[] } }} */ (await res.json());
    const ids = page.rows.map((r) => String(r[0])).join();
    if (data.total !== count.rows[0].n || data.items.map((i) => i._id).join() !== ids)
      throw new Error(`raw SQL and API disagree for ${JSON.stringify(term)}: ${count.rows[0].n} vs ${data.total}`);
  }
  let rawDone = 0;
  const rawEnd = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: 50 }, async (_, w) => {
      let i = w;
      while (Date.now() < rawEnd) {
        const term = terms[i++ % terms.length] ?? '';
        await rawList(term);
        rawDone += 1;
      }
    }),
  );
  await pool.end();
  const rawRps = rawDone / DURATION;
  const ratio = listApi.requests.average / rawRps;
  rows.push({
    measure: 'GET /api/student-enrollment list (50 conn.)',
    value: `${Math.round(listApi.requests.average)} req/s (${listApi.non2xx} non-2xx, ${listApi.errors} errors)`,
    budget: `≥ 0.9 × raw SQL (${Math.round(rawRps)}/s)`,
    result: ratio >= 0.9 ? 'ok' : `UNDER (${ratio.toFixed(2)}×)`,
  });
}

if (measures.has('inquiry')) {
  // 3. Public inquiry intake (each of the 50 connections from its own address, as real visitors are).
  let n = 0;
  const inquiry = await autocannon({
    url: `${base}/api/inquiry`,
    connections: 50,
    duration: DURATION,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupClient: (/** @type {any} */ client) =>
      client.setHeaders({
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
      }),
    body: JSON.stringify({
      name: 'Load Test',
      address: 'Pune',
      email: 'load@example.in',
      phoneNumber: '9876543210',
      areaOfInterest: ['Data Science'],
      reference: 'website',
    }),
  });
  const non2xx = inquiry.non2xx;
  if (non2xx) console.log('inquiry status codes:', JSON.stringify(inquiry.statusCodeStats));
  rows.push({
    measure: 'POST /api/inquiry (50 conn.)',
    value: `${Math.round(inquiry.requests.average)} req/s (${non2xx} non-2xx, ${inquiry.errors} errors)`,
    budget: '≥ 1,000 req/s',
    result: inquiry.requests.average >= 1000 ? 'ok' : 'UNDER',
  });
}

console.table(rows);
await db.end();
await app.stop();

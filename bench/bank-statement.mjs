// The budget: a bank statement of 5,000 credit lines is read and matched within 10 s. Against the
// built server on PostgreSQL (BENCH_DATABASE_URL: a database registrar_bench_statement is created
// there) with 5,000 approved enrolments of three open installments each and 1,000 open student
// claims. The statement (HDFC layout) holds 1,000 lines a claim agrees with (recorded during the
// import), 1,000 naming an enrolment number (matched), 1,000 with a payer's name and amount
// (suggested) and 2,000 nobody owes (unmatched). Reports every run and the median; each run uses
// fresh UTRs and fresh claims, so that every run records 1,000 payments. BENCH_BASELINE names another
// build of the server (an earlier commit's apps/api/dist/server.js): it is measured first, on a
// database of its own, so one run gives before and after on the same machine load.
//   npm run build -w apps/api
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bank-statement -w bench
import crypto from 'node:crypto';
import os from 'node:os';
import pg from 'pg';
import { recreateDatabase } from './support/database.mjs';
import { signIn, startServer } from './support/server.mjs';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const LINES = 5000;
const admin = process.env.BENCH_DATABASE_URL;
if (!admin) {
  console.error(
    'Set BENCH_DATABASE_URL to a PostgreSQL server (a database registrar_bench_statement is created there).',
  );
  process.exit(2);
}
/** Every run of one build of the server against a database of its own. */
async function measure(/** @type {string} */ label, /** @type {string | undefined} */ script) {
  const dbUrl = await recreateDatabase(/** @type {string} */ (admin), 'registrar_bench_statement');
  const who = { email: 'statement@registrar.test', password: 'Statement-Bench-Pass-1' };
  const app = await startServer(
    {
      DATABASE_URL: dbUrl,
      DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
      ADMIN_EMAIL: who.email,
      ADMIN_PASSWORD: who.password,
    },
    { script },
  );
  const token = await signIn(app.base, who);
  const course = await fetch(`${app.base}/api/course`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Statement bench', price: 9000, emiPrice: [3000, 3000, 3000] }),
  });
  const courseId = /** @type {{ data: { _id: string } }} */ (await course.json()).data._id;

  // Enrolments, installments and claims go straight into the database: intake is not measured.
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const SURNAMES = ['Sharma', 'Iyer', 'Reddy', 'Khan', 'Das', 'Patel', 'Nair', 'Gupta', 'Singh', 'Joshi'];
  await db.query(
    `insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address, permanent_address,
       currently_working, currently_working_place, payment_method, company_address)
     select 'ENR-2026-' || lpad(g::text, 5, '0'), $1, 'approved', 'Student' || g || ' ' || ($2::text[])[1 + g % 10],
       's' || g || '@example.in', '9' || lpad(g::text, 9, '0'), 'A', 'B', 'other', 'Home', 'installment', 'X'
     from generate_series(1, 5000) g`,
    [courseId, SURNAMES],
  );
  await db.query(
    `insert into installments (enrollment_id, number, amount_paise, due_date)
     select e.id, n, 300000, current_date + (n - 1) * 30 from enrollments e, generate_series(1, 3) n`,
  );
  await db.query('analyze');
  /** @type {{ enrollment_number: string }[]} */
  const ids = (await db.query(`select enrollment_number from enrollments order by enrollment_number`)).rows;

  const two = (/** @type {number} */ n) => String(n).padStart(2, '0');
  const now = new Date();
  const date = `${two(now.getDate())}/${two(now.getMonth() + 1)}/${String(now.getFullYear()).slice(2)}`;

  /** One run's statement and its claims: UTRs are fresh per run. */
  async function prepare(/** @type {number} */ run) {
    const utr = (/** @type {number} */ i) => `${run + 1}${String(i).padStart(11, '0')}`;
    await db.query(
      `insert into payment_claims (enrollment_id, installment_number, amount_paise, utr, paid_on)
       select e.id, 1, 100000, $1::text || lpad(g::text, 11, '0'), current_date
       from generate_series(0, 999) g join enrollments e on e.enrollment_number = 'ENR-2026-' || lpad((g + 1)::text, 5, '0')`,
      [String(run + 1)],
    );
    const rows = [];
    for (let i = 0; i < LINES; i += 1) {
      const e = i % 5000;
      const number = ids[e]?.enrollment_number;
      const [narration, amount] =
        i < 1000
          ? [`UPI-PAYER ${i}-p${i}@ybl-BARB0AMARJY-${utr(i)}-fees`, '1000.00']
          : i < 2000
            ? [`UPI-PAYER ${i}-p${i}@ybl-BARB0AMARJY-${utr(i)}-${number} installment 1`, '3000.00']
            : i < 3000
              ? [
                  `UPI-STUDENT${e + 1} ${SURNAMES[(e + 1) % 10]?.toUpperCase()}-s@ybl-BARB0AMARJY-${utr(i)}-fees`,
                  '3000.00',
                ]
              : [`UPI-SOMEONE ELSE-x@ybl-BARB0AMARJY-${utr(i)}-rent`, '777.77'];
      rows.push(`${date},${narration},0000${utr(i)},${date},,${amount},"1,00,000.00"`);
    }
    return [
      'HDFC BANK Ltd.,,,,,,',
      'Date,Narration,Chq./Ref.No.,Value Dt,Withdrawal Amt.,Deposit Amt.,Closing Balance',
      '********,********,********,********,********,********,********',
      ...rows,
      '',
      'STATEMENT SUMMARY  :-',
    ].join('\r\n');
  }

  const times = [];
  let last;
  for (let run = 0; run < RUNS; run += 1) {
    const csv = await prepare(run);
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'hdfc.csv');
    const started = performance.now();
    const res = await fetch(`${app.base}/api/bank-statement`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const body = await res.json();
    times.push(performance.now() - started);
    if (res.status !== 201) throw new Error(`import answered ${res.status}: ${JSON.stringify(body)}`);
    last = body.data;
    if (last.credits !== LINES || last.recorded !== 1000)
      throw new Error(`expected ${LINES} credits and 1,000 recorded, got ${JSON.stringify(last)}`);
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(RUNS / 2)] ?? 0;
  console.log(`${label}: ${times.map((t) => `${Math.round(t)} ms`).join(', ')}`);
  await db.end();
  await app.stop();
  return { label, times, median, last };
}

const builds = process.env.BENCH_BASELINE
  ? [
      ['baseline', process.env.BENCH_BASELINE],
      ['this build', undefined],
    ]
  : [['this build', undefined]];
const results = [];
for (const [label, script] of builds) results.push(await measure(label ?? '', script));
console.table(
  results.map(({ label, times, median }) => ({
    build: label,
    measure: `POST /api/bank-statement, ${LINES.toLocaleString('en-IN')} credit lines`,
    runs: times.map((t) => `${Math.round(t)} ms`).join(' '),
    median: `${Math.round(median)} ms`,
    budget: '≤ 10,000 ms',
    result: median <= 10_000 ? 'ok' : 'OVER',
  })),
);
console.log(
  'last run:',
  results.at(-1)?.last,
  '; load average while measuring:',
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' '),
);

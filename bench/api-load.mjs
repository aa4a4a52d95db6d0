// The server's performance budgets on PostgreSQL (2 cores): with 100,000 enrolments,
//  - GET /api/dashboard latency (budget ≤ 100 ms),
//  - GET /api/student-enrollment?page&limit=10&search throughput vs the same SQL straight through pg (≥ 0.9×)
//    and vs a bare node:http + pg server running those statements,
//  - POST /api/inquiry throughput (≥ 1,000 req/s and ≥ 0.5× a bare node:http + pg insert-returning server).
// Needs BENCH_DATABASE_URL (a server it may create a database on), e.g.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run load -w bench
// BENCH_DB_NAME names the database it drops and recreates (default registrar_bench);
// MEASURES=dashboard,list,inquiry picks some measures (default all); LOAD_SECONDS, ENROLMENTS, ROUNDS (2).
// LIST_WRITE_EVERY_MS=1000 writes to an installment that often during the list runs, as recorded
// payments would, so the API's kept totals are dropped and counted again (default: no writes).
// BEFORE_SERVER=path/to/server.js also starts another build on the same database and alternates
// it with this one (before/after side by side); LOG_COMPARE=1 adds this build at LOG_LEVEL=warn.
import crypto from 'node:crypto';
import { fork, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchDatabase, recreateDatabase } from './support/database.mjs';
import { freePort, root, signIn, startServer } from './support/server.mjs';
import { rawList } from './support/list-sql.mjs';

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
const ROUNDS = Number(process.env.ROUNDS ?? 2);
// Each contender runs this long, unrecorded, before the first round: whoever ran first used to
// pay for the JIT and PostgreSQL's cold caches alone.
const WARMUP_SECONDS = Number(process.env.WARMUP_SECONDS ?? 3);
const CONNECTIONS = 50;
if (process.env.SKIP_BUILD !== '1')
  spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });

const dbUrl = await recreateDatabase(admin, dbName);

const serverEnv = {
  DATABASE_URL: dbUrl,
  // With PostgreSQL the documents' master key must be given (a throwaway one for the bench).
  DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
  TRUST_PROXY: 'true',
  // The intake limit per address is a spam guard, not what this measures.
  INTAKE_LIMIT_PER_IP: '100000000',
  ADMIN_EMAIL: 'load@registrar.test',
  ADMIN_PASSWORD: 'Load-Test-Pass-1',
  // Measured at the level a deployment runs by default.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
};
const app = await startServer(serverEnv);
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

// 100k enrolments with schedules and some payments, straight into the database: common Indian
// first and last names, emails at the usual providers, 10-digit mobiles starting with 6–9, so the
// staff's real search terms (list-search-terms.txt) match what they would match in use.
const firstNames = `Aarav Aditya Akash Amit Ananya Anjali Arjun Aarti Deepak Deepika Divya Gaurav Harpreet Ishaan
  Kavya Kavita Karan Lakshmi Manish Meera Mohammed Neha Nikhil Pooja Pradeep Priya Rahul Rajesh Ravi Rohan Sandeep
  Sanjay Shreya Siddharth Sneha Suresh Swati Tanvi Thomas Varun Vikram Vivek Yash Zoya Ayesha Farhan Banu Gurpreet
  Joseph Mary Sunita Ramesh Lalitha Venkatesh Bhavana Kiran Esha Aakash Ritesh`.split(/\s+/);
const lastNames = `Sharma Verma Gupta Kumar Singh Patel Shah Reddy Rao Iyer Nair Menon Pillai Joshi Kulkarni Deshpande
  Mehta Kapoor Khan Siddiqui Ansari Das Banerjee Chatterjee Mukherjee Bose Ghosh Fernandes Dsouza Thomas Gowda Naidu
  Chauhan Yadav Mishra Pandey Tiwari Agarwal Jain Malhotra Kaur Gill Sandhu Bhat Hegde Shetty Krishnan Subramanian`.split(
  /\s+/,
);
// Weighted as people's addresses are: mostly Gmail.
const domains = `gmail.com gmail.com gmail.com gmail.com gmail.com yahoo.co.in yahoo.co.in yahoo.com outlook.com
  hotmail.com rediffmail.com icloud.com`.split(/\s+/);
/** @param {string[]} a */
const pgArray = (a) => `array[${a.map((v) => `'${v}'`).join(',')}]`;
const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
let t = performance.now();
await db.query(`
  insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address, permanent_address,
    currently_working, currently_working_place, payment_method, company_address, created_at)
  select 'ENR-2026-' || lpad(g::text, 6, '0'), (select id from courses order by name offset (g % 5) limit 1),
    (array['pending','approved','approved','completed','cancelled'])[1 + g % 5], fn || ' ' || ln,
    lower(fn) || (array['.', '_', ''])[1 + g % 3] || lower(ln) || g || '@' || dom,
    (6 + abs(hashint4(g + 3)) % 4)::text || lpad((abs(hashint4(g + 5)) % 1000000000)::text, 9, '0'),
    'Pune', 'Pune', 'college', 'COEP', 'installment', 'X', now() - (g % 365) * interval '1 day'
  from (
    select g, f[1 + abs(hashint4(g)) % array_length(f, 1)] fn, l[1 + abs(hashint4(g + 1)) % array_length(l, 1)] ln,
      d[1 + abs(hashint4(g + 2)) % array_length(d, 1)] dom
    from generate_series(1, ${ENROLMENTS}) g,
      (select ${pgArray(firstNames)} f, ${pgArray(lastNames)} l, ${pgArray(domains)} d) lists
  ) people`);
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

// The contenders, all on this database: this build, optionally another build (before/after) and
// this build with quieter logs, and the bare node:http + pg server.
/** @type {{ name: string, base: string, auth: Record<string, string>, stop: () => Promise<void> }[]} */
const apis = [{ name: 'API', base, auth, stop: () => app.stop() }];
/** @param {string} name @param {Record<string, string>} env @param {string} [script] */
async function addApi(name, env, script) {
  const other = await startServer({ ...serverEnv, ...env }, script ? { script } : {});
  const token = await signIn(other.base, { email: 'load@registrar.test', password: 'Load-Test-Pass-1' });
  apis.push({ name, base: other.base, auth: { authorization: `Bearer ${token}` }, stop: () => other.stop() });
}
if (process.env.BEFORE_SERVER) await addApi('API before', {}, path.resolve(process.env.BEFORE_SERVER));
if (process.env.LOG_COMPARE === '1') await addApi('API, LOG_LEVEL=warn', { LOG_LEVEL: 'warn' });
const barePort = await freePort();
const bare = fork(path.join(import.meta.dirname, 'support/bare-server.mjs'), {
  env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort) },
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
await new Promise((resolve) => bare.once('message', resolve));
const bareBase = `http://127.0.0.1:${barePort}`;

/**
 * autocannon at 50 connections for `duration` seconds, with the count of answers slower than a second.
 * @param {import('autocannon').Options} options @param {number} [duration]
 */
function cannon(options, duration = DURATION) {
  return new Promise((resolve, reject) => {
    let slow = 0;
    const instance = autocannon({ connections: CONNECTIONS, duration, ...options }, (err, result) =>
      err ? reject(err) : resolve({ result, slow }),
    );
    instance.on('response', (_client, _status, _bytes, ms) => {
      if (ms > 1000) slow += 1;
    });
  }).then((/** @type {any} */ r) => ({
    rps: r.result.requests.average,
    p99: r.result.latency.p99,
    slow: r.slow,
    bad: r.result.non2xx + r.result.errors,
    total: r.result.requests.total,
  }));
}

/** @type {{ measure: string, contender: string, round: number, rps: number, p99: number, slow: number, bad: number }[]} */
const results = [];
/** @param {string} measure @param {string} contender @param {number} round @param {{ rps: number, p99: number, slow: number, bad: number }} r */
function record(measure, contender, round, r) {
  results.push({ measure, contender, round, rps: Math.round(r.rps), p99: Math.round(r.p99), slow: r.slow, bad: r.bad });
  console.log(
    `${measure} · ${contender} · round ${round}: ${Math.round(r.rps)} req/s, p99 ${Math.round(r.p99)} ms, ${r.slow} over 1 s, ${r.bad} non-2xx/errors`,
  );
}

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
  // 2. List throughput: the staff's own search terms over pages 1–5, the API against its own
  // statements through pg and against the bare server, alternating, at the same concurrency.
  const terms = fs
    .readFileSync(path.join(import.meta.dirname, 'list-search-terms.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
  /** @type {{ term: string, page: number }[]} */
  const mix = [];
  for (const term of terms) for (let page = 1; page <= 5; page += 1) mix.push({ term, page });
  const listPath = (/** @type {{ term: string, page: number }} */ m) =>
    `/api/student-enrollment?page=${m.page}&limit=10&search=${encodeURIComponent(m.term)}`;
  const pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  // Both answer the same: the totals and the pages' ids agree for every term and page.
  let matching = 0;
  for (const m of mix) {
    const raw = await rawList(pool, m.term, m.page);
    const res = await fetch(`${base}${listPath(m)}`, { headers: auth });
    const { data } = /** @type {{ data: { total: number, items: { _id: string }[] } }} */ (await res.json());
    const ids = raw.rows.map((r) => String(r[0])).join();
    if (data.total !== raw.total || data.items.map((i) => i._id).join() !== ids)
      throw new Error(`raw SQL and API disagree for ${JSON.stringify(m)}: ${raw.total} vs ${data.total}`);
    if (m.page === 1 && raw.total > 0) matching += 1;
  }
  console.log(`${matching} of ${terms.length} terms match at least one enrolment`);
  const listRequests = (/** @type {Record<string, string>} */ headers) =>
    mix.map((m) => ({ method: /** @type {const} */ ('GET'), path: listPath(m), headers }));
  const bareRequests = mix.map((m) => ({
    method: /** @type {const} */ ('GET'),
    path: `/list?page=${m.page}&search=${encodeURIComponent(m.term)}`,
  }));
  if (WARMUP_SECONDS > 0) {
    for (const api of apis) await cannon({ url: api.base, requests: listRequests(api.auth) }, WARMUP_SECONDS);
    await cannon({ url: bareBase, requests: bareRequests }, WARMUP_SECONDS);
  }
  const writeEvery = Number(process.env.LIST_WRITE_EVERY_MS ?? 0);
  // A write that changes nothing a list shows but is announced like a payment: every contender
  // runs under it, and every instance forgets its kept totals at each one.
  const writer =
    writeEvery > 0
      ? setInterval(
          () =>
            void db.query(
              'update installments set paid_paise = paid_paise where id = (select id from installments order by id limit 1)',
            ),
          writeEvery,
        )
      : undefined;
  if (writer) console.log(`one announced write every ${writeEvery} ms during the list runs`);
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const api of apis)
      record('list', api.name, round, await cannon({ url: api.base, requests: listRequests(api.auth) }));
    // Its own statements through pg, 50 callers in this process.
    let done = 0;
    let slow = 0;
    /** @type {number[]} */
    const times = [];
    const end = Date.now() + DURATION * 1000;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, w) => {
        let i = w * 7;
        while (Date.now() < end) {
          const m = /** @type {{ term: string, page: number }} */ (mix[i++ % mix.length]);
          const started = performance.now();
          await rawList(pool, m.term, m.page);
          const ms = performance.now() - started;
          times.push(ms);
          if (ms > 1000) slow += 1;
          done += 1;
        }
      }),
    );
    times.sort((a, b) => a - b);
    record('list', 'its SQL through pg', round, {
      rps: done / DURATION,
      p99: times[Math.floor(times.length * 0.99)] ?? 0,
      slow,
      bad: 0,
    });
    record('list', 'bare node:http + pg', round, await cannon({ url: bareBase, requests: bareRequests }));
  }
  if (writer) clearInterval(writer);
  await pool.end();
}

if (measures.has('inquiry')) {
  // 3. Public inquiry intake (each of the 50 connections from its own address, as real visitors
  // are), alternating with the bare insert-returning server; then what it left in the outbox.
  const body = JSON.stringify({
    name: 'Load Test',
    address: 'Pune',
    email: 'load@example.in',
    phoneNumber: '9876543210',
    areaOfInterest: ['Data Science'],
    reference: 'website',
  });
  let n = 0;
  const intakeOptions = (/** @type {string} */ base) => ({
    url: `${base}/api/inquiry`,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json' },
    setupClient: (/** @type {any} */ client) =>
      client.setHeaders({
        'content-type': 'application/json',
        'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n++ & 255}`,
      }),
    body,
  });
  const bareIntake = {
    url: `${bareBase}/inquiry`,
    method: /** @type {const} */ ('POST'),
    headers: { 'content-type': 'application/json' },
    body,
  };
  // Every run starts from a vacuumed table: tens of thousands of rows left by the run before
  // (their trigram entries waiting in the GIN index's pending list) otherwise set autovacuum to
  // work during the next contender's run, which then loses a third of its throughput.
  const settle = () => db.query('vacuum analyze inquiries, inquiry_events, inquiry_notifications');
  if (WARMUP_SECONDS > 0) {
    for (const api of apis) await cannon(intakeOptions(api.base), WARMUP_SECONDS);
    await cannon(bareIntake, WARMUP_SECONDS);
  }
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const api of apis) {
      const before = new Date();
      await settle();
      record('inquiry', api.name, round, await cannon(intakeOptions(api.base)));
      const mails = await db.query(
        `select count(*)::int as n from outbox where kind = 'mail' and created_at >= $1
          and (payload->>'subject' like 'New inquiry from %' or payload->>'subject' like '% new inquiries')`,
        [before],
      );
      console.log(`  staff mails about inquiries queued during that run: ${mails.rows[0].n}`);
    }
    await settle();
    record('inquiry', 'bare insert-returning', round, await cannon(bareIntake));
  }
}

/** @param {string} measure @param {string} contender */
const figures = (measure, contender) => results.filter((r) => r.measure === measure && r.contender === contender);
for (const measure of ['list', 'inquiry']) {
  const reference = measure === 'list' ? 'its SQL through pg' : 'bare insert-returning';
  for (const api of apis) {
    const mine = figures(measure, api.name);
    if (!mine.length) continue;
    const ratios = mine.map((r) => (r.rps / (figures(measure, reference)[r.round - 1]?.rps || 1)).toFixed(2));
    const bareRatios =
      measure === 'list'
        ? mine.map((r) => (r.rps / (figures(measure, 'bare node:http + pg')[r.round - 1]?.rps || 1)).toFixed(2))
        : [];
    rows.push({
      measure: `${measure} · ${api.name}`,
      value: `${mine.map((r) => r.rps).join(', ')} req/s; p99 ${mine.map((r) => r.p99).join(', ')} ms; ${mine.map((r) => r.slow).join(', ')} over 1 s; ${mine.reduce((s, r) => s + r.bad, 0)} non-2xx`,
      budget:
        measure === 'list'
          ? `≥ 0.9× its SQL (${ratios.join(', ')}×); vs bare ${bareRatios.join(', ')}×`
          : `≥ 1,000 req/s and ≥ 0.5× bare (${ratios.join(', ')}×)`,
    });
  }
}
console.table(rows);
await db.end();
bare.kill();
for (const api of apis) await api.stop();

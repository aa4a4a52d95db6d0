// The server's performance budgets on PostgreSQL (2 cores): with 100,000 enrolments,
//  - GET /api/dashboard latency (budget ≤ 100 ms),
//  - GET /api/student-enrollment?page&limit=10&search throughput vs the same SQL straight through pg (≥ 0.9×)
//    and vs a bare node:http + pg server running those statements,
//  - POST /api/inquiry throughput (≥ 1,000 req/s and ≥ 0.5× a bare node:http + pg insert-returning server).
// Needs BENCH_DATABASE_URL (a server it may create a database on), e.g.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run load -w bench
// BENCH_DB_NAME names the database it drops and recreates (default registrar_bench);
// MEASURES=dashboard,list,inquiry,export picks some measures (default all but export); LOAD_SECONDS,
// ENROLMENTS, ROUNDS (2). BENCH_REUSE=1 keeps a database already seeded with ENROLMENTS (a million
// takes minutes to seed) instead of dropping it.
// LIST_PAYMENTS_EVERY_MS=1000 records a payment through the API under test that often during the
// list runs (default: none).
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
import { startPayer } from './support/payer.mjs';
import { seedEnrolments } from './support/seed-enrolments.mjs';
import { measureExport } from './support/export-measure.mjs';

const { admin, dbName } = benchDatabase('registrar_bench');
const allMeasures = ['dashboard', 'list', 'inquiry', 'export'];
const measures = new Set((process.env.MEASURES ?? 'dashboard,list,inquiry').split(',').map((m) => m.trim()));
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

/** How many enrolments `url`'s database holds, or -1 when there is no such database or table. @param {string} url */
async function enrolmentsIn(url) {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return (await probe.query('select count(*)::int as n from enrollments')).rows[0].n;
  } catch {
    return -1;
  } finally {
    await probe.end().catch(() => {});
  }
}
const existingUrl = Object.assign(new URL(admin), { pathname: `/${dbName}` }).toString();
const reuse = process.env.BENCH_REUSE === '1' && (await enrolmentsIn(existingUrl)) >= ENROLMENTS;
const dbUrl = reuse ? existingUrl : await recreateDatabase(admin, dbName);

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
for (const name of reuse ? [] : courseNames)
  await fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name, price: 30000, emiPrice: [10000, 10000, 10000] }),
  });

const db = new pg.Client({ connectionString: dbUrl });
await db.connect();
let t = performance.now();
if (reuse) console.log(`reusing ${dbName}: already seeded`);
else {
  await seedEnrolments(db, ENROLMENTS);
  console.log(`seeded ${ENROLMENTS} enrolments in ${Math.round(performance.now() - t)} ms`);
}

// The contenders, all on this database: this build, optionally another build (before/after) and
// this build with quieter logs, and the bare node:http + pg server.
/** @type {{ name: string, base: string, auth: Record<string, string>, pid: number | undefined, stop: () => Promise<void> }[]} */
const apis = [{ name: 'API', base, auth, pid: app.pid, stop: () => app.stop() }];
/** @param {string} name @param {Record<string, string>} env @param {string} [script] */
async function addApi(name, env, script) {
  const other = await startServer({ ...serverEnv, ...env }, script ? { script } : {});
  const token = await signIn(other.base, { email: 'load@registrar.test', password: 'Load-Test-Pass-1' });
  apis.push({
    name,
    base: other.base,
    auth: { authorization: `Bearer ${token}` },
    pid: other.pid,
    stop: () => other.stop(),
  });
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
  // 1. Dashboard latency: each build in turn, request by request, so they share the machine's load.
  /** @type {Map<string, number[]>} */
  const times = new Map(apis.map((a) => [a.name, []]));
  for (let i = 0; i < 21; i += 1)
    for (const api of apis) {
      t = performance.now();
      const res = await fetch(`${api.base}/api/dashboard`, { headers: api.auth });
      await res.json();
      times.get(api.name)?.push(performance.now() - t);
    }
  for (const [name, list] of times) {
    list.sort((a, b) => a - b);
    const median = list[10] ?? 0;
    rows.push({
      measure: `GET /api/dashboard median latency (${name})`,
      value: `${Math.round(median)} ms`,
      budget: '≤ 100 ms at 100,000, ≤ 50 ms at 1,000,000',
      result: median <= (ENROLMENTS >= 1_000_000 ? 50 : 100) ? 'ok' : 'OVER',
    });
  }
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
    const { data } = /** @type {{ data: { total: number, totalIsCapped?: boolean, items: { _id: string }[] } }} */ (
      await res.json()
    );
    const ids = raw.rows.map((r) => String(r[0])).join();
    if (
      data.total !== raw.total ||
      Boolean(data.totalIsCapped) !== raw.totalIsCapped ||
      data.items.map((i) => i._id).join() !== ids
    )
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
  const payEvery = Number(process.env.LIST_PAYMENTS_EVERY_MS ?? 0);
  // Payments go through the API instance being measured (through this build while the others run).
  let paying = /** @type {(typeof apis)[number]} */ (apis[0]);
  const payer = payEvery > 0 ? await startPayer(dbUrl, payEvery, () => paying) : undefined;
  if (payer) console.log(`a payment through the API every ${payEvery} ms during the list runs`);
  const paid = () => {
    if (!payer) return;
    const p = payer.take();
    console.log(`  payments during that run: ${p.ok} recorded, ${p.failed} failed, slowest ${p.slowest} ms`);
  };
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const api of apis) {
      paying = api;
      payer?.take();
      record('list', api.name, round, await cannon({ url: api.base, requests: listRequests(api.auth) }));
      paid();
    }
    paying = /** @type {(typeof apis)[number]} */ (apis[0]);
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
  payer?.stop();
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

if (measures.has('export')) {
  // 4. The CSV exports at size: every enrolment, and every payment of the seeded year.
  const to = new Date().toLocaleDateString('sv');
  const from = new Date(Date.now() - 400 * 86_400_000).toLocaleDateString('sv');
  for (const api of apis) {
    if (!api.pid) continue;
    for (const [what, url] of [
      ['enrolments', '/api/student-enrollment/export.csv'],
      ['payments', `/api/payments/export.csv?from=${from}&to=${to}`],
    ]) {
      const r = await measureExport(`${api.base}${url}`, api.auth, api.pid);
      console.log(`export ${what} · ${api.name}: ${JSON.stringify(r)}`);
      rows.push({
        measure: `${what} CSV · ${api.name}`,
        value: `${r.status}; first byte ${r.firstByteMs} ms, all ${r.totalMs} ms, ${r.lines} lines (${r.mib} MiB); server RSS ${r.rssBefore} → peak ${r.rssPeak} MiB`,
        budget: 'first byte < 1 s, memory flat',
      });
    }
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

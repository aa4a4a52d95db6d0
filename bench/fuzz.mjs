// The generated bad-request sweep against the BUILT server on PostgreSQL: for every operation of
// /api/docs/json, FUZZ_PER_OPERATION (default 1,000) requests from fuzz-requests.mjs, half signed
// in, over real HTTP. Passes when no answer is a 5xx, every failure is the error envelope with a
// message, and the server is still healthy (and the session still works) at the end. A share of
// the requests names real records in the path (an inquiry, an enrolment with a payment, the
// student's page link, a student's request), so bad bodies reach the routes behind the ids.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run fuzz -w bench
// BENCH_DB_NAME names the database it drops and recreates (default registrar_fuzz);
// FUZZ_SEED changes the generated requests; SKIP_BUILD=1 uses the existing build.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { checkAnswer, operationsOf, requestsFor } from './support/fuzz-requests.mjs';
import { benchDatabase, recreateDatabase } from './support/database.mjs';
import { root, signIn, startServer } from './support/server.mjs';

const { admin, dbName } = benchDatabase('registrar_fuzz');
const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const CONCURRENCY = 8;
if (process.env.SKIP_BUILD !== '1')
  spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });

const url = await recreateDatabase(admin, dbName);

const who = { email: 'fuzz@registrar.local', password: 'Fuzz-Sweep-2026' };
const server = await startServer({
  DATABASE_URL: url,
  // A server on PostgreSQL needs the documents' master key (instances share it).
  DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
  ADMIN_EMAIL: who.email,
  ADMIN_PASSWORD: who.password,
  // Each request comes "from" its own address (X-Forwarded-For), so per-address limits do not
  // turn the sweep into 20 real requests and a thousand 429s.
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'silent',
});
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

/**
 * @param {{ method: string, url: string, headers: Record<string, string>, body: string | Buffer | undefined }} req
 * @param {string} from @param {http.Agent | false} via
 */
function send(req, from, via = agent) {
  return new Promise((resolve, reject) => {
    const body = req.body === undefined ? undefined : Buffer.from(req.body);
    const base = new URL(server.base);
    const r = http.request(
      {
        // As a path, not a URL: a URL would resolve `%2e%2e` segments before sending.
        host: base.hostname,
        port: base.port,
        path: req.url,
        method: req.method,
        agent: via,
        headers: {
          ...req.headers,
          'x-forwarded-for': from,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
      },
      (res) => {
        const chunks = /** @type {Buffer[]} */ ([]);
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            type: res.headers['content-type'],
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    r.on('error', reject);
    r.end(body);
  });
}

/**
 * One record of each kind the routes name by id, made through the API where it is quick (course,
 * inquiry, payment, the student's request) and in the database where the API needs uploads (the
 * enrolment) or a mailbox (the page link: only its hash is stored, as the server stores it).
 * @param {string} base @param {string} token @param {string} dbUrl
 */
async function seedRecords(base, token, dbUrl) {
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  /** @param {string} method @param {string} path @param {unknown} [body] @param {Record<string, string>} [headers] */
  const call = async (method, path, body, headers = auth) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = /** @type {any} */ (await res.json());
    if (!res.ok) throw new Error(`seeding ${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
  const course = await call('POST', '/api/course', { name: 'Fuzz Course', price: 30000, emiPrice: [10000, 20000] });
  await call(
    'POST',
    '/api/inquiry',
    {
      name: 'Fuzz Lead',
      address: '1 Lane',
      email: 'fuzz.lead@example.in',
      phoneNumber: '9811112222',
      areaOfInterest: ['Fuzz Course'],
      reference: 'website',
    },
    { 'content-type': 'application/json' },
  );
  const inquiryId = (await call('GET', '/api/inquiry?limit=1')).items[0]._id;
  const db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  const studentToken = crypto.randomBytes(32).toString('base64url');
  let enrollmentId;
  try {
    enrollmentId = (
      await db.query(
        `insert into enrollments (enrollment_number, course_id, status, name, email, phone_number, current_address,
           permanent_address, currently_working, currently_working_place, payment_method, company_address)
         values ('ENR-FUZZ-000001', $1, 'approved', 'Fuzz Student', 'fuzz.student@example.in', '9811113333', 'A', 'B',
           'other', 'Home', 'installment', 'X') returning id`,
        [course._id],
      )
    ).rows[0].id;
    await db.query(
      `insert into installments (enrollment_id, number, amount_paise, due_date)
       select $1, n, 1000000 * n, current_date + (n - 1) * 30 from generate_series(1, 2) n`,
      [enrollmentId],
    );
    await db.query(
      `insert into student_links (enrollment_id, token_hash, expires_at) values ($1, $2, now() + interval '30 days')`,
      [enrollmentId, crypto.createHash('sha256').update(studentToken).digest('hex')],
    );
  } finally {
    await db.end();
  }
  const detail = await call('GET', `/api/student-enrollment/${enrollmentId}`);
  const installmentId = detail.installments[0]._id;
  const paid = await call('PUT', `/api/student-enrollment-payment/${enrollmentId}/${installmentId}`, {
    amount: 1000,
    paymentMode: 'cash',
    paidOn: new Date().toISOString().slice(0, 10),
  });
  await call(
    'POST',
    `/api/student-page-request/${studentToken}`,
    { kind: 'export' },
    { 'content-type': 'application/json' },
  );
  const requestId = (await call('GET', '/api/student-requests'))[0]._id;
  return {
    courseId: course._id,
    inquiryId,
    enrollmentId,
    installmentId,
    paymentId: paid.payments[0]._id,
    studentToken,
    requestId,
  };
}

/**
 * The real ids an operation's path can take. Deletions get none, so the records stay for the
 * operations after them; staff accounts get none, so the sweep never disables its own.
 * @param {{ method: string, path: string }} op @param {Awaited<ReturnType<typeof seedRecords>>} real
 * @returns {Record<string, string>}
 */
function realParamsFor(op, real) {
  if (op.method === 'DELETE' || op.path.startsWith('/api/staff') || op.path.startsWith('/api/files')) return {};
  if (op.path.includes('{token}')) return { token: real.studentToken, paymentId: real.paymentId };
  if (op.path.includes('{paymentId}')) return { paymentId: real.paymentId };
  if (op.path.startsWith('/api/inquiry')) return { id: real.inquiryId };
  if (op.path.startsWith('/api/student-request/')) return { id: real.requestId };
  if (op.path.startsWith('/api/course/')) return { id: real.courseId };
  if (op.path.includes('annocument')) return { id: real.enrollmentId };
  if (op.path.startsWith('/api/student-')) return { id: real.enrollmentId, id2: real.installmentId };
  return {};
}

let exitCode = 0;
try {
  const token = await signIn(server.base, who);
  const logoutToken = await signIn(server.base, who);
  const doc = await (await fetch(`${server.base}/api/docs/json`)).json();
  const operations = operationsOf(doc);
  const real = await seedRecords(server.base, token, url);
  /** @type {Record<string, number>} */
  const byStatus = {};
  /** @type {Record<string, number>} */
  const byStatusRealIds = {};
  /** @type {string[]} */
  const failures = [];
  let sent = 0;
  const started = performance.now();
  for (const [n, op] of operations.entries()) {
    // Signing out would end the sweep's own session: that operation gets a session of its own.
    const opToken = op.path === '/api/logout' ? logoutToken : token;
    const requests = requestsFor(op, {
      count: PER_OPERATION,
      seed: SEED + n,
      token: opToken,
      realParams: realParamsFor(op, real),
    });
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        const req = requests[i];
        if (!req) break;
        const from = `10.${n}.${i >> 8}.${i & 255}`;
        let answer;
        try {
          answer = /** @type {{ status: number, type: string | undefined, text: string }} */ (await send(req, from));
        } catch {
          // The server closes a connection after refusing a request outright (431, 400 from the
          // HTTP parser): a request that was waiting on that connection is sent again on its own.
          try {
            answer = /** @type {{ status: number, type: string | undefined, text: string }} */ (
              await send(req, from, false)
            );
          } catch (err) {
            failures.push(`${req.kind} #${i}: no answer (${/** @type {Error} */ (err).message})`);
            continue;
          }
        }
        sent += 1;
        byStatus[answer.status] = (byStatus[answer.status] ?? 0) + 1;
        if (req.realIds) byStatusRealIds[answer.status] = (byStatusRealIds[answer.status] ?? 0) + 1;
        const wrong = checkAnswer(answer.status, answer.type, answer.text);
        if (wrong)
          failures.push(
            `${req.kind} #${i} ${req.method} ${req.url.slice(0, 100)} [${JSON.stringify(req.headers['content-type'] ?? '')}]: ${wrong}`,
          );
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    process.stdout.write(`\r${n + 1}/${operations.length} operations, ${sent} requests`);
  }
  const seconds = (performance.now() - started) / 1000;
  const health = await fetch(`${server.base}/api/health`);
  const profile = await fetch(`${server.base}/api/user-profile`, { headers: { authorization: `Bearer ${token}` } });
  const fivexx = Object.entries(byStatus)
    .filter(([s]) => Number(s) >= 500)
    .reduce((t, [, c]) => t + c, 0);
  console.log('\n');
  console.log(`operations:        ${operations.length}`);
  console.log(`requests:          ${sent} (${PER_OPERATION} per operation, seed ${SEED}) in ${seconds.toFixed(0)} s`);
  console.log(`answers by status: ${JSON.stringify(byStatus)}`);
  console.log(`  with real ids:   ${JSON.stringify(byStatusRealIds)}`);
  console.log(`5xx:               ${fivexx}`);
  console.log(`outside envelope:  ${failures.length}`);
  console.log(`health at the end: ${health.status}; session still works: ${profile.status === 200}`);
  for (const f of failures.slice(0, 30)) console.log(`  ${f}`);
  if (failures.length || fivexx || health.status !== 200 || profile.status !== 200) exitCode = 1;
} finally {
  agent.destroy();
  await server.stop();
}
process.exit(exitCode);

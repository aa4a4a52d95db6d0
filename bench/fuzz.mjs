// The generated bad-request sweep against the BUILT server on PostgreSQL: for every operation of
// /api/docs/json, FUZZ_PER_OPERATION (default 1,000) requests from fuzz-requests.mjs, half signed
// in, over real HTTP. Passes when no answer is a 5xx, every failure is the error envelope with a
// message, and the server is still healthy (and the session still works) at the end.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run fuzz -w bench
// BENCH_DB_NAME names the database it drops and recreates (default registrar_fuzz);
// FUZZ_SEED changes the generated requests; SKIP_BUILD=1 uses the existing build.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
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

let exitCode = 0;
try {
  const token = await signIn(server.base, who);
  const logoutToken = await signIn(server.base, who);
  const doc = await (await fetch(`${server.base}/api/docs/json`)).json();
  const operations = operationsOf(doc);
  /** @type {Record<string, number>} */
  const byStatus = {};
  /** @type {string[]} */
  const failures = [];
  let sent = 0;
  const started = performance.now();
  for (const [n, op] of operations.entries()) {
    // Signing out would end the sweep's own session: that operation gets a session of its own.
    const opToken = op.path === '/api/logout' ? logoutToken : token;
    const requests = requestsFor(op, { count: PER_OPERATION, seed: SEED + n, token: opToken });
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

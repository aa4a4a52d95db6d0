// Whether the CSV exports stream in bounded memory: runs each export several times in a row and
// prints the server's resident memory before and at its peak each time. A stream holds a batch at
// a time, so the peaks level off after the first run however many rows there are (run it with
// NODE_OPTIONS=--max-old-space-size=64 to see a million rows go through a 64 MiB heap, of which the
// idle server holds about 33); something kept per row would raise each run's peak above the last,
// or run out of heap.
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres BENCH_DB_NAME=bench_1m \
//   RUNS=2 EXPORTS=enrolments,payments npm run export-memory -w bench
// on a database api-load.mjs has seeded (ENROLMENTS=1000000). BEFORE_SERVER=path/to/server.js
// runs another build too, alternating with this one, on the same database.
import crypto from 'node:crypto';
import path from 'node:path';
import { benchDatabase } from './support/database.mjs';
import { signIn, startServer } from './support/server.mjs';
import { measureExport } from './support/export-measure.mjs';

const { dbName, admin } = benchDatabase('registrar_bench');
const RUNS = Number(process.env.RUNS ?? 3);
const EXPORTS = (process.env.EXPORTS ?? 'enrolments').split(',');
// EXPORT_SECONDS stops each export after that long and reports how far it got (rows per second).
const LIMIT_MS = process.env.EXPORT_SECONDS ? Number(process.env.EXPORT_SECONDS) * 1000 : Infinity;
const url = new URL(admin);
url.pathname = `/${dbName}`;
const who = { email: 'load@registrar.test', password: 'Load-Test-Pass-1' };
const env = {
  DATABASE_URL: url.toString(),
  DOCUMENTS_KEY: crypto.randomBytes(32).toString('base64'),
  ADMIN_EMAIL: who.email,
  ADMIN_PASSWORD: who.password,
  LOG_LEVEL: 'warn',
};
/** @type {{ name: string, script?: string }[]} */
const builds = [{ name: 'after' }];
if (process.env.BEFORE_SERVER) builds.unshift({ name: 'before', script: path.resolve(process.env.BEFORE_SERVER) });

const to = new Date().toLocaleDateString('sv');
const from = new Date(Date.now() - 400 * 86_400_000).toLocaleDateString('sv');
/** @type {Record<string, string>} */
const paths = {
  enrolments: '/api/student-enrollment/export.csv',
  payments: `/api/payments/export.csv?from=${from}&to=${to}`,
};
for (const what of EXPORTS) if (!(what in paths)) throw new Error(`EXPORTS: unknown export ${what}`);

/** @type {{ name: string, server: Awaited<ReturnType<typeof startServer>>, auth: Record<string, string> }[]} */
const contenders = [];
try {
  for (const build of builds) {
    const server = await startServer(env, build.script ? { script: build.script } : {});
    contenders.push({ name: build.name, server, auth: { authorization: `Bearer ${await signIn(server.base, who)}` } });
  }
  for (let run = 1; run <= RUNS; run += 1)
    for (const what of EXPORTS)
      for (const c of contenders) {
        const r = await measureExport(
          `${c.server.base}${paths[what]}`,
          c.auth,
          /** @type {number} */ (c.server.pid),
          LIMIT_MS,
        );
        const rows = r.lines - 1;
        console.log(
          `${what} · ${c.name} · run ${run}: ${r.status}, ${rows} rows${r.cut ? ' (stopped)' : ''}, ` +
            `first byte ${r.firstByteMs} ms, ${(r.totalMs / 1000).toFixed(1)} s, ` +
            `${Math.round(rows / (r.totalMs / 1000))} rows/s, RSS ${r.rssBefore} → peak ${r.rssPeak} MiB`,
        );
      }
} finally {
  for (const c of contenders) await c.server.stop();
}

// The embedded default (PGlite in DATA_DIR): how long `npm start` takes to answer /api/health on
// an existing data folder, and how much memory its idle process tree holds (npm, the start script
// and the server, summed), against the floor: bare PGlite with one table and the same settings.
//   npm run embedded -w bench
// RUNS (3) starts per contender, IDLE_SECONDS (10) before memory is read. BEFORE_SERVER=path/to/server.js
// also starts another build's server alone, alternating with this build's (before/after).
// First, FIRST_RUNS (2) first starts on fresh folders, the tree's memory read FIRST_AT_SECONDS (20)
// after `npm start` began; BEFORE_ROOT=path/to/another/checkout (built) alternates its `npm start`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort, root } from './support/server.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const IDLE_MS = Number(process.env.IDLE_SECONDS ?? 10) * 1000;
const FIRST_RUNS = Number(process.env.FIRST_RUNS ?? 2);
const FIRST_AT_MS = Number(process.env.FIRST_AT_SECONDS ?? 20) * 1000;
/** The Node flags `npm start` gives the server (package.json): the server alone and the floor get them too. */
const START_FLAGS =
  /** @type {{ scripts: { start: string } }} */ (
    JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  ).scripts.start.match(/--[a-z0-9-]+(=\S+)?/g) ?? [];
if (process.env.SKIP_BUILD !== '1') spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

/** Resident memory of `pid` and all its descendants, in MiB (from /proc). @param {number} pid */
function treeRssMiB(pid) {
  /** @type {Map<number, number[]>} */
  const children = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // gone meanwhile
    }
  }
  let kib = 0;
  const stack = [pid];
  while (stack.length) {
    const p = /** @type {number} */ (stack.pop());
    try {
      kib += Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // gone meanwhile
    }
    stack.push(...(children.get(p) ?? []));
  }
  return kib / 1024;
}

/**
 * Starts `command` in its own process group on `dataDir`, times /api/health, idles (`IDLE_MS` after
 * health, or until `atMs` after the start), reads the tree's memory.
 * @param {string[]} command @param {string} dataDir @param {{ cwd?: string, atMs?: number }} [options]
 */
async function startAndMeasure(command, dataDir, { cwd = root, atMs } = {}) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(/** @type {string} */ (command[0]), command.slice(1), {
    cwd,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'floor@registrar.test',
      ADMIN_PASSWORD: 'Floor-Test-Pass-1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  let healthMs = 0;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (performance.now() - started > 120_000) throw new Error(`${command.join(' ')} did not answer in 2 minutes`);
    await new Promise((r) => setTimeout(r, 50));
  }
  healthMs = performance.now() - started;
  await new Promise((r) => setTimeout(r, atMs === undefined ? IDLE_MS : Math.max(0, atMs - healthMs)));
  const rss = treeRssMiB(/** @type {number} */ (child.pid));
  const readAtMs = performance.now() - started;
  process.kill(-(/** @type {number} */ (child.pid)), 'SIGTERM');
  await new Promise((r) => child.on('exit', r));
  return { healthMs, rss, readAtMs };
}

// The floor: PGlite alone with one table, its settings taken from the server's own source.
const floorEntry = path.join(root, 'apps/api/dist/bench-pglite-floor.js');
await build({
  stdin: {
    contents: `
      import { PGlite } from '@electric-sql/pglite';
      import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
      import { PGLITE_SETTINGS } from './src/db/pglite-settings';
      const [dir, mode, idleMs] = process.argv.slice(2);
      const settings = mode === 'defaults' ? [] : PGLITE_SETTINGS;
      const db = await PGlite.create({ dataDir: dir, extensions: { pg_trgm },
        startParams: [...PGlite.defaultStartParams, ...settings.flatMap((s) => ['-c', s])] });
      await db.exec('create table if not exists floor (id serial primary key, name text)');
      await new Promise((r) => setTimeout(r, Number(idleMs)));
      console.log(JSON.stringify({ rss: process.memoryUsage().rss / 1048576 }));
      await db.close();`,
    resolveDir: path.join(root, 'apps/api'),
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  packages: 'external',
  outfile: floorEntry,
  logLevel: 'warning',
});
/** @param {string} dir @param {string} mode */
function floor(dir, mode) {
  const out = spawnSync(process.execPath, [...START_FLAGS, floorEntry, dir, mode, String(IDLE_MS)], {
    encoding: 'utf8',
  });
  return /** @type {{ rss: number }} */ (JSON.parse(out.stdout.trim().split('\n').pop() ?? '{}')).rss;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-embedded-'));
const dataDir = path.join(tmp, 'data');
// First starts: each creates and migrates a database on a fresh folder (and the first staff account).
/** @type {[string, string][]} */
const firstStarters = [['this build', root]];
if (process.env.BEFORE_ROOT) firstStarters.push(['before', path.resolve(process.env.BEFORE_ROOT)]);
for (let run = 1; run <= FIRST_RUNS; run += 1)
  for (const [name, cwd] of firstStarters) {
    const fresh = path.join(tmp, `first-${name.replace(/\W/g, '')}-${run}`);
    const r = await startAndMeasure(['npm', 'start'], fresh, { cwd, atMs: FIRST_AT_MS });
    console.log(
      `first start, ${name}: /api/health after ${(r.healthMs / 1000).toFixed(1)} s, npm start tree ${Math.round(r.rss)} MiB read ${(r.readAtMs / 1000).toFixed(1)} s after start (${FIRST_AT_MS / 1000} s, or health if later)`,
    );
  }
// The restarts below run on this build's first folder.
fs.renameSync(path.join(tmp, 'first-thisbuild-1'), dataDir);
floor(path.join(tmp, 'floor'), 'settings'); // the floor's folder exists before it is measured

/** @type {Record<string, { healthMs: number[], rss: number[] }>} */
const results = {};
/** @param {string} name @param {{ healthMs: number, rss: number }} r */
const note = (name, r) => {
  results[name] ??= { healthMs: [], rss: [] };
  results[name].healthMs.push(r.healthMs);
  results[name].rss.push(r.rss);
  console.log(`${name}: /api/health after ${(r.healthMs / 1000).toFixed(1)} s, idle ${Math.round(r.rss)} MiB`);
};
for (let run = 1; run <= RUNS; run += 1) {
  note('npm start (process tree)', await startAndMeasure(['npm', 'start'], dataDir));
  note('server alone', await startAndMeasure([process.execPath, ...START_FLAGS, 'apps/api/dist/server.js'], dataDir));
  note('server alone, Node defaults', await startAndMeasure([process.execPath, 'apps/api/dist/server.js'], dataDir));
  if (process.env.BEFORE_SERVER)
    note(
      'server alone, before',
      await startAndMeasure([process.execPath, ...START_FLAGS, path.resolve(process.env.BEFORE_SERVER)], dataDir),
    );
  note('bare PGlite, same settings', { healthMs: 0, rss: floor(path.join(tmp, 'floor'), 'settings') });
  note('bare PGlite, its defaults', { healthMs: 0, rss: floor(path.join(tmp, 'floor'), 'defaults') });
}
const range = (/** @type {number[]} */ xs, /** @type {(x: number) => string} */ f) =>
  xs.length ? `${f(Math.min(...xs))}–${f(Math.max(...xs))}` : '';
console.table(
  Object.entries(results).map(([name, r]) => ({
    contender: name,
    'health after': r.healthMs.some(Boolean) ? `${range(r.healthMs, (x) => (x / 1000).toFixed(1))} s` : '',
    'idle RSS': `${range(r.rss, (x) => String(Math.round(x)))} MiB`,
  })),
);
fs.rmSync(tmp, { recursive: true, force: true });
fs.rmSync(floorEntry, { force: true });

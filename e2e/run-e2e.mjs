// Runs the Playwright suite in Debian's Chromium. Without /usr/bin/chromium the suite is left
// out with a notice, unless REQUIRE_BROWSER=1, which makes that a failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromium)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`REQUIRE_BROWSER=1 but ${chromium} is missing (apt-get install chromium)`);
    process.exit(1);
  }
  console.warn(`${chromium} is missing: browser tests left out (set REQUIRE_BROWSER=1 to fail instead).`);
  process.exit(0);
}
if (
  !fs.existsSync(new URL('../apps/api/dist/server.js', import.meta.url)) ||
  !fs.existsSync(new URL('../apps/web/dist/index.html', import.meta.url))
) {
  console.error('Build first: npm run build');
  process.exit(1);
}
// With no arguments the suite runs as E2E_SHARDS processes at once (default 2), each with its own
// server and data directory: journeys spend much of their time waiting on the browser and the
// server, so two of them keep a 2-core machine busy where one leaves it half idle. Arguments (a spec,
// a filter) run one process.
const args = process.argv.slice(2);
const shards = args.length > 0 ? 1 : Math.max(1, Number(process.env.E2E_SHARDS ?? 2));
if (shards === 1) {
  const result = spawnSync('npx', ['playwright', 'test', ...args], { stdio: 'inherit', env: process.env });
  process.exit(result.status ?? 1);
}

// Shards get whole spec files, longest first to the least loaded shard, by the seconds each spec
// took in the last measured run (spec-seconds.json; a spec not yet measured counts by its length).
// Playwright's own --shard cuts the file list in order, which left the heavy specs in one shard.
const testsDir = new URL('./tests/', import.meta.url);
const measured = JSON.parse(fs.readFileSync(new URL('./spec-seconds.json', import.meta.url), 'utf8'));
const specs = fs
  .readdirSync(testsDir)
  .filter((name) => name.endsWith('.spec.ts'))
  .map((name) => ({
    name,
    seconds: measured[name] ?? fs.readFileSync(new URL(name, testsDir), 'utf8').split('\n').length * 0.6,
  }))
  .sort((a, b) => b.seconds - a.seconds || a.name.localeCompare(b.name));
const plan = Array.from({ length: shards }, () => ({ seconds: 0, names: [] }));
for (const spec of specs) {
  const lightest = plan.reduce((min, shard) => (shard.seconds < min.seconds ? shard : min));
  lightest.seconds += spec.seconds;
  lightest.names.push(spec.name);
}

const runShard = (index) =>
  new Promise((resolve) => {
    const label = `[${index}/${shards}] `;
    const { names, seconds } = plan[index - 1];
    console.log(`${label}${names.length} specs, about ${Math.round(seconds)} s: ${names.join(' ')}`);
    const filters = names.map((name) => `tests/${name.replaceAll('.', '\\.')}$`);
    const child = spawn('npx', ['playwright', 'test', ...filters], {
      env: {
        ...process.env,
        E2E_PORT: String(20000 + index * 5000 + Math.floor(Math.random() * 5000)),
        E2E_DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), `registrar-e2e-${index}-`)),
        E2E_OUTPUT_DIR: `test-results/shard-${index}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    for (const stream of [child.stdout, child.stderr]) {
      readline.createInterface({ input: stream }).on('line', (line) => console.log(label + line));
    }
    child.on('exit', (code) => resolve(code ?? 1));
  });

const codes = await Promise.all(Array.from({ length: shards }, (_, i) => runShard(i + 1)));
// This run's seconds per spec, to copy into spec-seconds.json when the shards drift apart.
const seconds = {};
for (let index = 1; index <= shards; index++) {
  const file = new URL(`./test-results/shard-${index}/spec-seconds.json`, import.meta.url);
  if (fs.existsSync(file)) Object.assign(seconds, JSON.parse(fs.readFileSync(file, 'utf8')));
}
console.log(`Seconds per spec in this run: ${JSON.stringify(seconds)}`);
process.exit(codes.every((code) => code === 0) ? 0 : 1);

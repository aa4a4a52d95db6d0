// Lighthouse's mobile performance score for the public forms (DESIGN §9: ≥ 0.95), against the
// real server on a free port with the production build, in Debian's Chromium.
// Run: npm run bench:lighthouse (builds first unless SKIP_BUILD=1). Exits 1 below the budget.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { signIn, startServer } from './support/server.mjs';

const BUDGET = 0.95;
const ROUTES = ['/student-inquiry', '/student-enrollment'];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const root = path.resolve(import.meta.dirname, '..');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromePath)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`REQUIRE_BROWSER=1 but ${chromePath} is missing`);
    process.exit(1);
  }
  console.warn(`${chromePath} is missing: Lighthouse not run.`);
  process.exit(0);
}
if (process.env.SKIP_BUILD !== '1') {
  for (const w of ['apps/web', 'apps/api']) {
    const r = spawnSync('npm', ['run', 'build', '-w', w], { cwd: root, stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}

const app = await startServer({ ADMIN_EMAIL: 'lh@registrar.test', ADMIN_PASSWORD: 'Lighthouse-Pass-1' });
const base = app.base;
// A course, so the forms show what students see.
const token = await signIn(base, { email: 'lh@registrar.test', password: 'Lighthouse-Pass-1' });
await fetch(`${base}/api/course`, {
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  body: JSON.stringify({ name: 'Full Stack Development', price: 45000, emiPrice: [15000, 15000, 15000] }),
});

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
const rows = [];
let failed = false;
try {
  for (const route of ROUTES) {
    const scores = [];
    let metrics = {};
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${base}${route}`, {
        port: chrome.port,
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
      const lhr = result.lhr;
      scores.push(lhr.categories.performance?.score ?? 0);
      metrics = {
        fcp: lhr.audits['first-contentful-paint']?.displayValue,
        lcp: lhr.audits['largest-contentful-paint']?.displayValue,
        tbt: lhr.audits['total-blocking-time']?.displayValue,
        cls: lhr.audits['cumulative-layout-shift']?.displayValue,
      };
      if (process.env.LIGHTHOUSE_VERBOSE) {
        const details = /** @type {any} */ (lhr.audits['largest-contentful-paint-element']?.details);
        console.log(
          route,
          'LCP element:',
          details?.items?.[0]?.items?.[0]?.node?.snippet,
          '| SI',
          lhr.audits['speed-index']?.displayValue,
        );
      }
    }
    const median = scores.sort((a, b) => a - b)[Math.floor(scores.length / 2)] ?? 0;
    const ok = median >= BUDGET;
    failed ||= !ok;
    rows.push({ route, runs: scores.join(' '), median, budget: BUDGET, result: ok ? 'ok' : 'UNDER', ...metrics });
  }
} finally {
  await chrome.kill();
  await app.stop();
}
console.log('\nLighthouse mobile performance (median of runs), against DESIGN §9');
console.table(rows);
if (failed) {
  console.error('A public form is below the Lighthouse budget.');
  process.exit(1);
}

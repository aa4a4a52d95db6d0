// Builds the web app, serves it with the real API, loads each public route and the admin shell
// in Debian's Chromium, and prints the gzipped JS each one fetched against the JS budgets per route.
// Exits 1 when a budget is exceeded. Run: npm run bench:bundle
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './support/server.mjs';

const KiB = 1024;
// The admin rows are measured signed in (a fresh browser cache with the saved session). The
// shell's own budget is measured on an unknown path inside it, whose screen chunk is the tiny
// not-found page; the dashboard row shows the first screen staff see, with its charts.
export const BUDGETS = [
  { route: '/student-enrollment', budgetKiB: 170 },
  { route: '/student-inquiry', budgetKiB: 170 },
  { route: '/login', budgetKiB: 170 },
  { route: '/my', budgetKiB: 170 },
  { route: `/my/${'x'.repeat(43)}`, budgetKiB: 170, note: "the student's page (an unknown link: same code)" },
  { route: '/no-such-screen', budgetKiB: 350, signedIn: true, note: 'admin shell before a screen chunk' },
  { route: '/dashboard', budgetKiB: Infinity, signedIn: true, note: 'dashboard, charts included (no budget)' },
];
const ADMIN = { email: 'bench@registrar.test', password: 'Bench-Bundle-Pass-1' };

const root = path.resolve(import.meta.dirname, '..');
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  if (process.env.REQUIRE_BROWSER === '1') {
    console.error(`REQUIRE_BROWSER=1 but ${chromiumPath} is missing`);
    process.exit(1);
  }
  console.warn(`${chromiumPath} is missing: bundle budgets not measured.`);
  process.exit(0);
}

if (process.env.SKIP_BUILD !== '1') {
  const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  const api = spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });
  if (api.status !== 0) process.exit(api.status ?? 1);
}

const app = await startServer({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
const base = app.base;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let failed = false;
const rows = [];
try {
  // Sign in once through the real form and keep the session (local storage) for the admin rows.
  const loginPage = await browser.newPage();
  await loginPage.goto(`${base}/login`);
  await loginPage.getByLabel('Email').fill(ADMIN.email);
  await loginPage.getByLabel('Password', { exact: true }).fill(ADMIN.password);
  await loginPage.getByRole('button', { name: 'Login' }).click();
  await loginPage.waitForURL(/\/dashboard$/);
  await loginPage.waitForTimeout(500);
  const session = await loginPage.context().storageState();
  await loginPage.close();

  for (const { route, budgetKiB, note, signedIn } of BUDGETS) {
    const context = await browser.newContext(signedIn ? { storageState: session } : {});
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      try {
        const body = await response.body();
        scripts.set(response.url(), gzipSync(body, { level: 9 }).length);
      } catch {
        // navigation raced the body; the next load counts it
      }
    });
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const total = [...scripts.values()].reduce((a, b) => a + b, 0);
    const ok = total <= budgetKiB * KiB;
    failed ||= !ok;
    if (process.env.BENCH_VERBOSE)
      for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`${route}\t${(size / KiB).toFixed(1)} KiB\t${url.split('/').pop()}`);
    rows.push({
      route,
      files: scripts.size,
      gzipKiB: (total / KiB).toFixed(1),
      budgetKiB,
      result: ok ? 'ok' : 'OVER',
      note: note ?? '',
    });
    await context.close();
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log('\nJS fetched per route (gzip -9), against the budgets');
console.table(rows);
if (failed) {
  console.error('A bundle budget is exceeded.');
  process.exit(1);
}

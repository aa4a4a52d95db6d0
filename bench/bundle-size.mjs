// Builds the web app, serves it with the real API, loads each public route and the admin shell
// in Debian's Chromium, walks each public page's journey, and prints the gzipped JS each one
// fetched against its budget. Exits 1 when a budget in force is exceeded. Run: npm run bench:bundle
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import {
  createCourse,
  enrolmentJourney,
  inquiryJourney,
  studentLink,
  studentPageJourney,
} from './support/public-journeys.mjs';
import { signIn, startServer } from './support/server.mjs';

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
// Every script a visitor's phone fetches from opening the page to the end of what they came for.
// `enforced`: the page's journey was measured within its budget, so growing past it fails the
// bench; a page not yet within is reported OVER, loudly, without failing (bench/README.md).
export const JOURNEYS = [
  { page: '/student-inquiry', budgetKiB: 60, enforced: false, note: 'filled and sent, thank-you modal' },
  { page: '/student-enrollment', budgetKiB: 100, enforced: false, note: 'filled, 3 files, signature, sent' },
  { page: '/my/<token>', budgetKiB: 100, enforced: false, note: 'Pay and "I have paid" open, a report refused' },
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

const SERVER_ENV = {
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
  PUBLIC_URL: 'http://127.0.0.1',
  UPI_ID: 'registrar@okbank',
  UPI_PAYEE_NAME: 'Registrar Training Institute',
  PAYMENT_GATEWAY: 'simulator',
};
const app = await startServer(SERVER_ENV);
const base = app.base;
// Another build's server (its web app in ../../web/dist beside it): its journeys are measured in
// the same run, before this build's, for a before-and-after table.
const beforeServer = process.env.BEFORE_SERVER;

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
let failed = false;
const rows = [];
const journeyRows = [];
/** @type {Record<string, unknown>[]} */
const beforeRows = [];
const overButNotEnforced = [];

/** Counts the gzipped size of every script a page fetches, by URL. @param {import('playwright-core').Page} page */
function countScripts(page) {
  const scripts = new Map();
  const pending = new Set();
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    const read = response
      .body()
      .then((body) => scripts.set(response.url(), gzipSync(body, { level: 9 }).length))
      .catch(() => {
        // navigation raced the body; the next load counts it
      });
    pending.add(read);
  });
  return {
    scripts,
    async total() {
      await Promise.all(pending);
      return [...scripts.values()].reduce((a, b) => a + b, 0);
    },
  };
}

/**
 * The public pages' journeys against one server, on a phone, each in a fresh browser (an empty cache).
 * @param {{ base: string, dataDir: string }} server
 */
async function walkJourneys(server) {
  await createCourse(server.base, await signIn(server.base, ADMIN));
  let link = '';
  const measured = [];
  for (const journey of JOURNEYS) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const { scripts, total: sum } = countScripts(page);
    if (journey.page === '/student-inquiry') await inquiryJourney(page, server.base);
    else if (journey.page === '/student-enrollment') {
      const email = await enrolmentJourney(page, server.base);
      link = await studentLink(server.dataDir, email);
    } else await studentPageJourney(page, server.base, link);
    await page.waitForLoadState('networkidle');
    const bytes = await sum();
    if (process.env.BENCH_VERBOSE)
      for (const [url, size] of [...scripts].sort((a, b) => b[1] - a[1]))
        console.log(`${journey.page} journey\t${(size / KiB).toFixed(1)} KiB\t${url.split('/').pop()}`);
    measured.push({ page: journey.page, files: scripts.size, bytes, gzipKiB: (bytes / KiB).toFixed(1) });
    await context.close();
  }
  return measured;
}

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
    const { scripts, total: sum } = countScripts(page);
    await page.goto(`${base}${route}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(300);
    const total = await sum();
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

  if (beforeServer) {
    const before = await startServer(SERVER_ENV, { script: path.resolve(beforeServer) });
    try {
      for (const row of await walkJourneys(before)) beforeRows.push({ ...row, build: 'before' });
    } finally {
      await before.stop();
    }
  }
  const measured = await walkJourneys(app);
  for (const [i, journey] of JOURNEYS.entries()) {
    const row = measured[i];
    if (!row) throw new Error(`${journey.page}: not measured`);
    const ok = row.bytes <= journey.budgetKiB * KiB;
    if (!ok && journey.enforced) failed = true;
    if (!ok && !journey.enforced) overButNotEnforced.push(journey.page);
    journeyRows.push({
      page: row.page,
      files: row.files,
      gzipKiB: row.gzipKiB,
      budgetKiB: journey.budgetKiB,
      result: ok ? 'ok' : journey.enforced ? 'OVER' : 'OVER (not yet within: not failing)',
      note: journey.note,
    });
  }
} finally {
  await browser.close();
  await app.stop();
}
console.log('\nJS fetched per route (gzip -9), against the budgets');
console.table(rows);
console.log("\nJS fetched over each public page's whole journey (gzip -9), against the budgets");
console.table(journeyRows);
if (beforeRows.length > 0) {
  console.log(`\nThe same journeys on the build of ${beforeServer} (measured first, in this run)`);
  console.table(beforeRows.map(({ bytes: _bytes, ...row }) => row));
}
if (overButNotEnforced.length > 0)
  console.warn(
    `\n*** OVER BUDGET (not yet within it, so not failing CI): ${overButNotEnforced.join(', ')} ***\n` +
      '*** Once a page is within its budget, set `enforced: true` in bench/bundle-size.mjs. ***',
  );
for (const journey of JOURNEYS)
  if (!journey.enforced && !overButNotEnforced.includes(journey.page))
    console.warn(`${journey.page} is now within its ${journey.budgetKiB} KiB: set \`enforced: true\` for it.`);
if (failed) {
  console.error('A bundle budget is exceeded.');
  process.exit(1);
}

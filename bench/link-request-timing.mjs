// Whether POST /api/student-link-request tells an enrolled email from any other by how long it
// takes: the real server (embedded database, mail as files), one enrolled student, then
// REQUESTS (200) requests for the enrolled email and as many for unknown ones, interleaved in a
// shuffled order, one at a time, each from its own address (X-Forwarded-For, so no throttle
// answers instead), PAUSE_MS (20) apart as someone timing single answers would send them.
// Fails when the medians differ by more than 0.5 ms.
//   npm run link-timing -w bench        (SKIP_BUILD=1 to reuse apps/api/dist)
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { root, signIn, startServer } from './support/server.mjs';

const REQUESTS = Number(process.env.REQUESTS ?? 200);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 20);
const WARMUP = 40;
const BUDGET_MS = 0.5;
if (process.env.SKIP_BUILD !== '1')
  spawnSync('npm', ['run', 'build', '-w', 'apps/api'], { cwd: root, stdio: 'inherit' });

const ADMIN = { email: 'timing@registrar.test', password: 'Timing-Test-Pass-1' };
const app = await startServer({
  TRUST_PROXY: 'true',
  INTAKE_LIMIT_PER_IP: '100000000',
  ADMIN_EMAIL: ADMIN.email,
  ADMIN_PASSWORD: ADMIN.password,
});
const { base } = app;
// A failure below must not leave the server running.
process.on('uncaughtException', async (err) => {
  console.error(err);
  await app.stop();
  process.exit(1);
});
const auth = { authorization: `Bearer ${await signIn(base, ADMIN)}` };

// The smallest real files the enrolment form accepts (checked by content).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const course = await (
  await fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Timing Course', price: 1000, emiPrice: [1000] }),
  })
).json();
const ENROLLED = 'enrolled.student@example.com';
const form = new FormData();
for (const [name, value] of Object.entries({
  name: 'Enrolled Student',
  email: ENROLLED,
  phoneNumber: '9000012345',
  currentAddress: 'Pune',
  permanentAddress: 'Pune',
  courseId: course.data._id,
  currentlyWorking: 'other',
  currentlyWorkingPlace: 'Home',
  paymentMethod: 'full_payment',
}))
  form.append(name, value);
form.append('profilePicture', new Blob([PNG], { type: 'image/png' }), 'p.png');
form.append('aadharFront', new Blob([PNG], { type: 'image/png' }), 'f.png');
form.append('aadharBack', new Blob([PDF], { type: 'application/pdf' }), 'b.pdf');
const enrolled = await fetch(`${base}/api/student-enrollment`, { method: 'POST', body: form });
if (enrolled.status !== 201) throw new Error(`enrolment failed: ${enrolled.status} ${await enrolled.text()}`);

let address = 0;
/** One request from a fresh address; answers its time in ms, from sending to the whole answer. @param {string} email */
async function timed(email) {
  address += 1;
  const started = performance.now();
  const res = await fetch(`${base}/api/student-link-request`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`,
    },
    body: JSON.stringify({ email }),
  });
  await res.arrayBuffer();
  const ms = performance.now() - started;
  if (res.status !== 200) throw new Error(`answer ${res.status} for ${email}`);
  return ms;
}

// A fixed-seed shuffle (mulberry32), so a run can be repeated exactly.
let seed = 0x5eed;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
/** @type {('enrolled' | 'unknown')[]} */
const order = [...Array(REQUESTS).fill('enrolled'), ...Array(REQUESTS).fill('unknown')];
for (let i = order.length - 1; i > 0; i -= 1) {
  const j = Math.floor(random() * (i + 1));
  const swap = /** @type {'enrolled' | 'unknown'} */ (order[i]);
  order[i] = /** @type {'enrolled' | 'unknown'} */ (order[j]);
  order[j] = swap;
}

const pause = () => new Promise((r) => setTimeout(r, PAUSE_MS));
for (let i = 0; i < WARMUP; i += 1) {
  await timed(i % 2 ? ENROLLED : `warmup${i}@example.com`);
  await pause();
}
/** @type {{ enrolled: number[], unknown: number[] }} */
const times = { enrolled: [], unknown: [] };
let unknown = 0;
for (const kind of order) {
  times[kind].push(await timed(kind === 'enrolled' ? ENROLLED : `nobody${(unknown += 1)}@example.com`));
  await pause();
}
await app.stop();

const median = (/** @type {number[]} */ list) => {
  const s = [...list].sort((a, b) => a - b);
  return (Number(s[(s.length - 1) >> 1]) + Number(s[s.length >> 1])) / 2;
};
const a = median(times.enrolled);
const b = median(times.unknown);
const diff = Math.abs(a - b);
console.log(
  `link request, ${REQUESTS} each, interleaved: enrolled median ${a.toFixed(3)} ms, unknown median ${b.toFixed(3)} ms, difference ${diff.toFixed(3)} ms (budget ${BUDGET_MS} ms)`,
);
if (diff > BUDGET_MS) {
  console.error('The answer takes measurably longer for one kind of email.');
  process.exit(1);
}

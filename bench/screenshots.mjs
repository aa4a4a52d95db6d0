// Takes the README's screenshots of the main screens from the real app (production build, a
// fresh PGlite, sample data) in Debian's Chromium: npm run screenshots -w bench
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '..');
const out = path.join(root, 'docs', 'screenshots');
const port = await new Promise((resolve) => {
  const srv = net.createServer().listen(0, '127.0.0.1', () => {
    const { port: p } = /** @type {net.AddressInfo} */ (srv.address());
    srv.close(() => resolve(p));
  });
});
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-shots-'));
const admin = { email: 'admin@registrar.test', password: 'Screens-Pass-1' };
const server = spawn(process.execPath, [path.join(root, 'apps/api/dist/server.js')], {
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
    INSTITUTE_NAME: 'Acme Training Institute',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const base = `http://127.0.0.1:${port}`;
for (let i = 0; ; i += 1) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    // not up yet
  }
  if (i > 300) throw new Error('server did not start');
  await new Promise((r) => setTimeout(r, 100));
}
/** @param {string} method @param {string} url @param {unknown} [body] @param {string} [token] @returns {Promise<any>} */
const api = async (method, url, body, token) => {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body instanceof FormData ? body : body ? JSON.stringify(body) : undefined,
  });
  return res.json();
};
const { token } = await api('POST', '/api/login', admin);
const courses = [];
for (const [name, price, emi] of [
  ['Full Stack Development', 45000, [15000, 15000, 15000]],
  ['Data Science', 60000, [20000, 20000, 20000]],
  ['UI/UX Design', 30000, [15000, 15000]],
])
  courses.push((await api('POST', '/api/course', { name, price, emiPrice: emi, duration: '6 months' }, token)).data);
await api(
  'PUT',
  '/api/cms/terms_condition',
  {
    description:
      '<h2>Fees</h2><p>Fees are payable as per the chosen plan.</p><ul><li>Installments are due monthly.</li><li>Receipts are issued for every payment.</li></ul>',
  },
  token,
);
for (const [name, email, phone, reference] of [
  ['Asha Verma', 'asha@example.in', '9876543210', 'website'],
  ['Ravi Kumar', 'ravi@example.in', '9876501234', 'friend'],
  ['Meera Iyer', 'meera@example.in', '9812345678', 'instagram'],
])
  await api('POST', '/api/inquiry', {
    name,
    address: 'Pune',
    email,
    phoneNumber: phone,
    areaOfInterest: [courses[0].name],
    reference,
    friendName: 'Kiran',
  });
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
for (const [i, [name, email, phone]] of [
  ['Neha Sharma', 'neha@example.in', '9822334455'],
  ['Arjun Patel', 'arjun@example.in', '9833445566'],
].entries()) {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    name,
    email,
    phoneNumber: phone,
    currentAddress: 'Kothrud, Pune',
    permanentAddress: 'Nagpur',
    courseId: courses[i].id ?? courses[i]._id,
    currentlyWorking: 'college',
    currentlyWorkingPlace: 'COEP',
    currentSem: '5',
    paymentMethod: 'installment',
  }))
    form.append(k, v);
  for (const f of ['profilePicture', 'aadharFront', 'aadharBack'])
    form.append(f, new Blob([png], { type: 'image/png' }), `${f}.png`);
  await api('POST', '/api/student-enrollment', form);
}
const list = (await api('GET', '/api/student-enrollment?page=1&limit=10', undefined, token)).data.items;
const first = (await api('GET', `/api/student-enrollment/${list[0]._id}`, undefined, token)).data;
await api(
  'PUT',
  `/api/student-enrollment-payment/${first._id}/${first.installments[0]._id}`,
  {
    amount: 10000,
    paymentMode: 'online_payment',
    paidOn: new Date().toISOString().slice(0, 10),
    reference: 'UPI-1042',
  },
  token,
);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const shots = [];
try {
  const phone = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 2 });
  for (const [file, url] of /** @type {[string, string][]} */ ([
    ['inquiry-form-phone.png', '/student-inquiry'],
    ['enrollment-form-phone.png', '/student-enrollment'],
  ])) {
    await phone.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    await phone.screenshot({ path: path.join(out, file) });
    shots.push(file);
  }
  const desk = await browser.newPage({ viewport: { width: 1366, height: 860 } });
  await desk.goto(`${base}/login`, { waitUntil: 'networkidle' });
  await desk.screenshot({ path: path.join(out, 'login.png') });
  shots.push('login.png');
  await desk.getByLabel('Email').fill(admin.email);
  await desk.getByLabel('Password', { exact: true }).fill(admin.password);
  await desk.getByRole('button', { name: 'Login' }).click();
  await desk.waitForURL(/dashboard/);
  for (const [file, url] of /** @type {[string, string][]} */ ([
    ['dashboard.png', '/dashboard'],
    ['courses.png', '/courses'],
    ['inquiries.png', '/student-inquires'],
    ['enrollments.png', '/student-enrollments'],
    ['enrollment-detail.png', `/student-enrollments/${first._id}`],
    ['terms.png', '/terms-condition'],
  ])) {
    await desk.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    await desk.waitForTimeout(500);
    await desk.screenshot({ path: path.join(out, file), fullPage: false });
    shots.push(file);
  }
} finally {
  await browser.close();
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`wrote ${shots.length} screenshots to docs/screenshots: ${shots.join(', ')}`);

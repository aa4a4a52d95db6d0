// Budget: server memory stays flat during 20 concurrent 5 MB uploads (files stream to disk).
// Starts the built server on PGlite, samples its resident memory (/proc) before and during 20
// simultaneous enrolments, each carrying a 4.9 MB file, and prints the growth.
// Run: npm run upload-memory -w bench (after npm run build)
import fs from 'node:fs';
import { signIn, startServer } from './support/server.mjs';

const app = await startServer({
  TRUST_PROXY: 'true',
  ADMIN_EMAIL: 'mem@registrar.test',
  ADMIN_PASSWORD: 'Memory-Pass-1',
});
const base = app.base;
const rssMiB = () => {
  const status = fs.readFileSync(`/proc/${app.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};
const token = await signIn(base, { email: 'mem@registrar.test', password: 'Memory-Pass-1' });
const course = await (
  await fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Memory', price: 100, emiPrice: [100] }),
  })
).json();

const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4.9 * 1024 * 1024, 7)]);
const small = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const baseline = rssMiB();
let peak = baseline;
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB())), 20);
const started = performance.now();
const results = await Promise.all(
  Array.from({ length: 20 }, async (_, i) => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: `Mem ${i}`,
      email: `mem${i}@example.in`,
      phoneNumber: `98765432${String(i).padStart(2, '0')}`,
      currentAddress: 'A',
      permanentAddress: 'B',
      courseId: course.data._id,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
    }))
      form.append(k, v);
    form.append('profilePicture', new Blob([big], { type: 'image/jpeg' }), 'big.jpg');
    form.append('aadharFront', new Blob([small], { type: 'image/png' }), 'a.png');
    form.append('aadharBack', new Blob([small], { type: 'image/png' }), 'b.png');
    const res = await fetch(`${base}/api/student-enrollment`, {
      method: 'POST',
      body: form,
      headers: { 'x-forwarded-for': `10.9.0.${i}` },
    });
    return res.status;
  }),
);
clearInterval(sampler);
const seconds = ((performance.now() - started) / 1000).toFixed(1);
await app.stop();
console.table([
  {
    uploads: `20 × ${(big.length / 1024 / 1024).toFixed(1)} MiB`,
    statuses: [...new Set(results)].join(','),
    seconds,
    baselineMiB: baseline.toFixed(0),
    peakMiB: peak.toFixed(0),
    growthMiB: (peak - baseline).toFixed(0),
    sent: `${((20 * big.length) / 1024 / 1024).toFixed(0)} MiB`,
  },
]);

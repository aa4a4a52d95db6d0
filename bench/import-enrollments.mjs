// The budget: 5,000 enrolments import in at most 60 s on the embedded database. Starts the
// built server with no DATABASE_URL (PGlite in a fresh DATA_DIR), makes one course, sends a
// 5,000-row enrolment file through POST /api/import (a dry run, then the import, then the same
// file again, which must create nothing) and reports each time. While the import runs it asks
// GET /api/import-progress every half second, as the screen does.
//   npm run build -w apps/api
//   npm run import -w bench            (IMPORT_ROWS=5000 by default)
import { signIn, startServer } from './support/server.mjs';

const ROWS = Number(process.env.IMPORT_ROWS ?? 5000);
// IMPORT_WITH_PAYMENTS=1: each row also carries what the student paid (one file for both), in a register's own words.
const WITH_PAYMENTS = process.env.IMPORT_WITH_PAYMENTS === '1';
const BUDGET_MS = 60_000;
const who = { email: 'import@registrar.test', password: 'Import-Bench-Pass-1' };
const app = await startServer({ ADMIN_EMAIL: who.email, ADMIN_PASSWORD: who.password });
try {
  const token = await signIn(app.base, who);
  const auth = { authorization: `Bearer ${token}` };
  const course = await fetch(`${app.base}/api/course`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Data Science', price: 30000, emiPrice: [10000, 10000, 10000] }),
  });
  if (!course.ok) throw new Error(`course: ${course.status}`);

  const header =
    'externalId,name,email,phoneNumber,alterNativePhoneNumber,currentAddress,permanentAddress,course,paymentMethod,paymentMode,startDate,endDate,currentlyWorking,currentlyWorkingPlace,currentSem,designation,status,enrolledOn,state' +
    (WITH_PAYMENTS ? ',amountPaid,paidOn,paidMode,receiptNumber' : '');
  const lines = [header];
  for (let i = 1; i <= ROWS; i += 1)
    lines.push(
      `OLD-${i},Student ${i},student${i}@example.in,9${String(i).padStart(9, '0')},,"${i} MG Road, Pune","${i} MG Road, Pune",Data Science,installment,cash,01/0${1 + (i % 9)}/2026,,company,Infosys,,Analyst,approved,15/12/2025,27` +
        (WITH_PAYMENTS ? `,"₹12,500/-",20/01/2026,${i % 2 ? 'GPay' : 'Cash'},BOOK/${i}` : ''),
    );
  const csv = Buffer.from(`${lines.join('\r\n')}\r\n`);

  /** @param {boolean} dryRun */
  const send = async (dryRun) => {
    const form = new FormData();
    form.set('kind', 'enrollments');
    form.set('dryRun', String(dryRun));
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'students.csv');
    const started = performance.now();
    let polls = 0;
    let lastProgress = null;
    let done = false;
    const poll = (async () => {
      while (!done) {
        await new Promise((r) => setTimeout(r, 500));
        const res = await fetch(`${app.base}/api/import-progress`, { headers: auth });
        const body = await res.json();
        polls += 1;
        if (body.data) lastProgress = body.data;
      }
    })();
    const res = await fetch(`${app.base}/api/import`, { method: 'POST', headers: auth, body: form });
    done = true;
    await poll;
    const body = await res.json();
    return { ms: performance.now() - started, status: res.status, data: body.data, polls, lastProgress };
  };

  const dry = await send(true);
  console.log(`dry run: ${(dry.ms / 1000).toFixed(1)} s, ${dry.status}, would create ${dry.data.created}`);
  const real = await send(false);
  console.log(
    `import: ${(real.ms / 1000).toFixed(1)} s, ${real.status}, created ${real.data.created}; progress seen ${real.polls} times, last ${JSON.stringify(real.lastProgress)}`,
  );
  const again = await send(false);
  console.log(
    `same file again: ${(again.ms / 1000).toFixed(1)} s, created ${again.data.created}, skipped ${again.data.skipped}`,
  );
  const ok = real.status === 201 && real.data.created === ROWS && again.data.created === 0 && real.ms <= BUDGET_MS;
  console.log(ok ? `within the budget of ${BUDGET_MS / 1000} s` : 'OVER BUDGET OR WRONG');
  process.exitCode = ok ? 0 : 1;
} finally {
  await app.stop();
}

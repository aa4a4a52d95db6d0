// Records a payment through the API at a steady interval, as staff do at the counter: ₹1 each
// time against an owed installment of an open enrolment, round-robin, so every payment is accepted
// and each is announced like a real one (the installment's paid amount changes).
import pg from 'pg';

/**
 * @param {string} dbUrl where to find owed installments
 * @param {number} everyMs
 * @param {() => { base: string, auth: Record<string, string> }} target the API instance to pay through now
 */
export async function startPayer(dbUrl, everyMs, target) {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  const { rows: owed } = await client.query(
    `select i.enrollment_id, i.id from installments i join enrollments e on e.id = i.enrollment_id
      where i.paid_paise + 100000 < i.amount_paise and e.status in ('pending', 'approved') limit 5000`,
  );
  await client.end();
  if (!owed.length) throw new Error('no owed installment to pay');
  const paidOn = new Date().toLocaleDateString('sv');
  let next = 0;
  const counts = { ok: 0, failed: 0, slowest: 0 };
  const pay = async () => {
    const { base, auth } = target();
    const row = owed[next++ % owed.length];
    const started = performance.now();
    try {
      const res = await fetch(`${base}/api/student-enrollment-payment/${row.enrollment_id}/${row.id}`, {
        method: 'PUT',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amount: 1, paymentMode: 'cash', paidOn, reference: 'bench' }),
      });
      await res.arrayBuffer();
      if (res.ok) counts.ok += 1;
      else counts.failed += 1;
    } catch {
      counts.failed += 1;
    }
    counts.slowest = Math.max(counts.slowest, performance.now() - started);
  };
  const timer = setInterval(() => void pay(), everyMs);
  return {
    counts,
    /** Takes the counts so far and starts again from zero. */
    take() {
      const taken = { ...counts, slowest: Math.round(counts.slowest) };
      Object.assign(counts, { ok: 0, failed: 0, slowest: 0 });
      return taken;
    },
    stop: () => clearInterval(timer),
  };
}

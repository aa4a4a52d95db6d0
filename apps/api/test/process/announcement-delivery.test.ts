/**
 * Delivery under faults (issue 9): a bulk announcement to 5,000 enrolments, the server killed
 * with -9 halfway through delivery, restarted: every student gets the mail, and no mail is lost.
 * SMTP cannot be exactly-once across a crash (the peer may accept a message whose "sent" mark
 * never committed), so every delivery of a row carries the same Message-ID: at most the one
 * message in flight at the kill can arrive twice, and it is recognisable by its id.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { createStaff } from '../../src/services/staff-accounts';
import { courseRepository } from '../../src/repositories/course-repository';
import { startMailCatcher } from '../mail-catcher';
import { seedEnrollments } from '../fixtures/seed';
import { freePort, startServer as start } from './server-process';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const startServer = (dataDir: string, port: number) =>
  start({ DATA_DIR: dataDir, PORT: String(port), SMTP_URL: catcher.url, OUTBOX_LEASE_SECONDS: '5' });

describe('announcement delivery when the server is killed halfway', () => {
  it('delivers all 5,000 mails after a kill -9 and restart, none lost, duplicates only the one in flight', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bulk-'));
    const seed = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await seed.migrate();
    await createStaff(seed.db, { email: 'bulk@institute.in', password: 'Bulk-Test-Pass-1', name: 'Bulk' });
    const course = await courseRepository.insert(seed.db, {
      name: 'Bulk Course',
      pricePaise: 100,
      emiPricePaise: [100],
    });
    await seedEnrollments(seed.db, course.id, 5000, 'approved', 'bulk');
    await seed.close();

    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready();
    const base = `http://127.0.0.1:${port}`;
    const { token } = (await (
      await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'bulk@institute.in', password: 'Bulk-Test-Pass-1' }),
      })
    ).json()) as { token: string };
    const res = await fetch(`${base}/api/bulk-student-enrollment-annocument`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Term starts Monday', message: 'See you at 9 am.', courseId: course.id }),
    });
    expect(((await res.json()) as { data: { recipients: number } }).data.recipients).toBe(5000);

    const count = () => catcher.messages.filter((m) => m.subject === 'Term starts Monday').length;
    let deadline = Date.now() + 120_000;
    while (count() < 1500 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.exited;
    const atKill = count();
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(5000);

    const second = startServer(dataDir, port);
    await second.ready();
    const unique = () =>
      new Set(catcher.messages.filter((m) => m.subject === 'Term starts Monday').map((m) => m.messageId)).size;
    deadline = Date.now() + 240_000;
    while (unique() < 5000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1000)); // anything extra would arrive now
    second.child.kill('SIGTERM');
    await second.exited;

    const recipients = new Set(
      catcher.messages.filter((m) => m.subject === 'Term starts Monday').map((m) => (m.to as { text: string }).text),
    );
    expect(unique()).toBe(5000);
    expect(recipients.size).toBe(5000);
    expect(count() - unique()).toBeLessThanOrEqual(1);
    console.info(`delivered ${unique()} distinct mails; ${atKill} before the kill; ${count() - unique()} duplicate(s)`);
  }, 400_000);
});

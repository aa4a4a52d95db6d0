/**
 * Delivery under faults: a bulk announcement to 5,000 enrolments, the server killed with
 * -9 twice during delivery and restarted each time.
 *
 * Where the kill lands decides what can happen, so the test puts it at both kinds of moment:
 * 1. between two messages (the peer has just been asked to take the next one): nothing is in
 *    doubt, and every message must be sent exactly once;
 * 2. inside the one window SMTP cannot close: the peer has kept a message and the server dies
 *    before it hears the 250 reply, so the outbox never marks the row sent. No sender can know
 *    whether such a message arrived; ours sends it again with the same Message-ID (derived from
 *    the outbox row), and a mailbox that keys messages by Message-ID keeps it once.
 * So: none lost; each student's mailbox holds the announcement exactly once; and the SMTP peer
 * counts exactly one repeat, the message the second kill left in doubt.
 */
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { createStaff } from '../../src/services/staff-accounts';
import { courseRepository } from '../../src/repositories/course-repository';
import { startMailCatcher } from '../mail-catcher';
import { seedEnrollments } from '../fixtures/seed';
import { freePort, migratedDataDir, signInAt, startServer as start } from './server-process';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const startServer = (dataDir: string, port: number) =>
  start({ DATA_DIR: dataDir, PORT: String(port), SMTP_URL: catcher.url, OUTBOX_LEASE_SECONDS: '5' });

describe('announcement delivery when the server is killed during it', () => {
  it('delivers each of 5,000 mails exactly once to the mailbox across two kill -9s; the peer sees one repeat, the message in doubt', async () => {
    const dataDir = migratedDataDir('bulk');
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
    let server = startServer(dataDir, port);
    await server.ready();
    const base = `http://127.0.0.1:${port}`;
    const token = await signInAt(base, 'bulk@institute.in', 'Bulk-Test-Pass-1');

    // Kill 1: as the 1,501st message starts, i.e. after the 1,500th was acknowledged and marked
    // sent (the worker marks each row before it sends the next). The peer refuses the message.
    const killed = (victim: typeof server) => {
      victim.child.kill('SIGKILL');
      return victim.exited;
    };
    let firstKill: Promise<unknown> | undefined;
    catcher.hooks.beforeData = async (kept) => {
      if (kept !== 1500 || firstKill) return 'accept';
      firstKill = killed(server);
      await firstKill;
      return 'refuse';
    };
    // Kill 2: the 3,000th message is kept by the peer, and the server dies before the reply.
    let inDoubt: string | undefined;
    let secondKill: Promise<unknown> | undefined;
    catcher.hooks.afterKeep = async (mail, kept) => {
      if (kept !== 3000 || secondKill) return;
      inDoubt = mail.messageId;
      secondKill = killed(server);
      await secondKill;
    };

    const res = await fetch(`${base}/api/bulk-student-enrollment-annocument`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: 'Term starts Monday', message: 'See you at 9 am.', courseId: course.id }),
    });
    expect(((await res.json()) as { data: { recipients: number } }).data.recipients).toBe(5000);

    const until = async (done: () => boolean, ms: number) => {
      const deadline = Date.now() + ms;
      while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(done()).toBe(true);
    };
    await until(() => firstKill !== undefined, 120_000);
    await firstKill;
    expect(catcher.messages).toHaveLength(1500);
    server = startServer(dataDir, port);
    await server.ready();

    await until(() => secondKill !== undefined, 180_000);
    await secondKill;
    expect(catcher.messages).toHaveLength(3000);
    server = startServer(dataDir, port);
    await server.ready();

    await until(() => catcher.mailbox().length >= 5000, 240_000);
    await new Promise((r) => setTimeout(r, 1500)); // anything extra would arrive now
    server.child.kill('SIGTERM');
    await server.exited;

    const sent = catcher.messages.filter((m) => m.subject === 'Term starts Monday');
    const mailbox = catcher.mailbox();
    const recipients = mailbox.map((m) => (m.to as { text: string }).text);
    expect(mailbox).toHaveLength(5000);
    expect(new Set(recipients).size).toBe(5000);
    // The SMTP peer counted 5,001 messages: the only repeat is the message the second kill left in doubt.
    expect(sent).toHaveLength(5001);
    const repeats = sent.filter((m, i) => sent.findIndex((o) => o.messageId === m.messageId) !== i);
    expect(repeats.map((m) => m.messageId)).toEqual([inDoubt]);
    console.info(`peer counted ${sent.length} messages; mailbox holds ${mailbox.length}; repeated: ${repeats.length}`);
  }, 600_000);
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { build } from './build-app';
import { startMailCatcher } from './mail-catcher';
import { outbox } from '../src/db/schema';
import { outboxRepository } from '../src/repositories/outbox-repository';
import { brandedMail } from '../src/services/mail/mail-message';
import { MAX_ATTEMPTS } from '../src/services/mail/outbox-worker';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const message = (to: string, title = 'Batch timing <b>changed</b>') =>
  brandedMail({
    to,
    subject: title,
    instituteName: 'Acme Institute',
    greeting: 'Hello Asha,',
    paragraphs: ['<script>alert(1)</script> Classes move to 6 pm.'],
  });

describe('mail outbox over SMTP', async () => {
  const { app, database } = await build({
    config: { smtpUrl: catcher.url },
    outbox: { autoStart: false, worker: { backoffBaseMs: 0 } },
  });
  const db = database.db;

  it('delivers a queued mail once, with a plain-text part and escaped HTML', async () => {
    const id = await outboxRepository.enqueue(db, 'mail', message('asha@example.in'));
    await app.outbox.runOnce();
    await app.outbox.runOnce(); // nothing left: no second copy
    const mail = await catcher.latestTo('asha@example.in', /Batch timing/);
    expect(catcher.messages.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
    expect(mail.messageId).toContain(id);
    expect(mail.text).toContain('<script>alert(1)</script> Classes move to 6 pm.');
    expect(String(mail.html)).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(String(mail.html)).not.toContain('<script>');
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('retries a refused delivery with backoff and keeps the last error', async () => {
    catcher.failNext(2);
    const id = await outboxRepository.enqueue(db, 'mail', message('ravi@example.in', 'Holiday notice'));
    await app.outbox.runOnce();
    let [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.lastError).toMatch(/temporarily unavailable/);
    await app.outbox.runOnce();
    await app.outbox.runOnce();
    [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    expect(await catcher.latestTo('ravi@example.in', /Holiday notice/)).toBeTruthy();
  });

  it(`gives up after ${MAX_ATTEMPTS} attempts and marks the mail failed`, async () => {
    catcher.failNext(MAX_ATTEMPTS);
    const id = await outboxRepository.enqueue(db, 'mail', message('meera@example.in', 'Exam dates'));
    for (let i = 0; i < MAX_ATTEMPTS + 2; i += 1) await app.outbox.runOnce();
    const [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.lastError).toMatch(/temporarily unavailable/);
    catcher.failNext(0);
  });
});

describe('mail outbox without SMTP_URL', async () => {
  const { app, database, config } = await build({ outbox: { autoStart: true, worker: { pollMs: 20 } } });

  it('writes each mail as an .eml file in DATA_DIR/outbox', async () => {
    await outboxRepository.enqueue(database.db, 'mail', message('file@example.in', 'Written to disk'));
    app.outbox.kick();
    const dir = path.join(config.dataDir, 'outbox');
    const deadline = Date.now() + 5000;
    let files: string[] = [];
    while (Date.now() < deadline) {
      files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
      if (files.length) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(files).toHaveLength(1);
    const eml = fs.readFileSync(path.join(dir, files[0]!), 'utf8');
    expect(eml).toMatch(/^To: file@example\.in$/m);
    expect(eml).toMatch(/^Subject: Written to disk$/m);
  });
});

describe('mail files when the database fails after writing one', async () => {
  const { app, database, config } = await build({ outbox: { autoStart: false, worker: { backoffBaseMs: 0 } } });
  const db = database.db;

  it('writes one .eml per outbox row: a retry replaces the file instead of adding a copy', async () => {
    // A real failure of the statement that marks the row sent, after the file is on disk.
    await db.execute(sql`create function refuse_sent() returns trigger language plpgsql as $$
      begin if new.status = 'sent' then raise exception 'connection lost'; end if; return new; end $$`);
    await db.execute(
      sql`create trigger refuse_sent before update on outbox for each row execute function refuse_sent()`,
    );
    const id = await outboxRepository.enqueue(db, 'mail', message('once@example.in', 'Exactly once'));
    await app.outbox.runOnce();
    let [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });

    await db.execute(sql`drop trigger refuse_sent on outbox`);
    await app.outbox.runOnce();
    [row] = await db.select().from(outbox).where(eq(outbox.id, id));
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });

    const dir = path.join(config.dataDir, 'outbox');
    const files = fs.readdirSync(dir);
    expect(files).toEqual([`${id}.eml`]);
    expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toMatch(/^Subject: Exactly once$/m);
  });
});

/** Imports refuse bad files and zip bombs, mail only when asked, never stop half-written, run one at a time, are logged. */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@registrar/contract/imports';
import { csv, importApp, student } from './import-app';
import { PNG } from './fixtures/files';
import { xlsx, zipBombPart } from './fixtures/xlsx';

describe('bulk import: files, runs and the import log', async () => {
  const { app, db, auth, send, count, outbox } = await importApp();

  it('answers bad files with a clear 4xx and writes nothing', async () => {
    const before = await count('enrollments');
    const picture = await send('enrollments', PNG);
    expect(picture.statusCode).toBe(415);
    const latin1 = await send(
      'enrollments',
      Buffer.from(`${IMPORT_COLUMNS.enrollments.join(',')}\r\nJos\xe9`, 'latin1'),
    );
    expect(latin1.statusCode).toBe(415);
    const empty = await send('enrollments', '');
    expect(empty.statusCode).toBe(400);
    const noHeader = await send('enrollments', 'name,email\r\nA,a@b.in\r\n');
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().message).toBe(
      `${IMPORT_MESSAGES.missingColumns}: phoneNumber, currentAddress, course, paymentMethod, currentlyWorking, currentlyWorkingPlace`,
    );
    const noKind = await send('spreadsheets', csv(IMPORT_COLUMNS.enrollments, [student()]));
    expect(noKind.json().message).toBe(IMPORT_MESSAGES.kindRequired);
    const big = await send('enrollments', Buffer.alloc(21 * 1024 * 1024, 'a'));
    expect(big.statusCode).toBe(413);
    const json = await app.inject({
      method: 'POST',
      url: apiPaths.imports,
      headers: auth,
      payload: { kind: 'enrollments' },
    });
    expect(json.statusCode).toBe(415);
    const anonymous = await app.inject({
      method: 'POST',
      url: apiPaths.imports,
      payload: 'null',
      headers: { 'content-type': 'application/json' },
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await count('enrollments')).toBe(before);
  });

  it('reads the first sheet of an Excel file, and refuses one that would unpack past 50 MB before unpacking it', async () => {
    const header = [...IMPORT_COLUMNS.enrollments];
    const row = student({ externalId: 'XL-1', email: 'excel.row@example.com', phoneNumber: '9876500031' });
    const book = await xlsx([header, header.map((h) => row[h as keyof typeof row] ?? '')]);
    const res = await send('enrollments', book);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created: 1 });

    const bomb = await xlsx([header], [zipBombPart(60 * 1024 * 1024)]);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const refused = await send('enrollments', bomb);
    expect(refused.statusCode).toBe(413);
  });

  it('mails each new student their page link only when asked to', async () => {
    const before = await outbox();
    const res = await send(
      'enrollments',
      csv(IMPORT_COLUMNS.enrollments, [
        student({ externalId: 'LINK-1', email: 'link.me@example.com', phoneNumber: '9876500041' }),
      ]),
      { sendLinks: 'true' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const mails = (await db.execute(sql`select payload from outbox order by created_at desc limit 5`)) as unknown as {
      rows: { payload: { to: string } }[];
    };
    expect(await outbox()).toBe(before + 1);
    expect(mails.rows[0]!.payload.to).toBe('link.me@example.com');
  });

  it('leaves nothing half-written when an import stops part way, and the same file then imports whole', async () => {
    const rows = [1, 2, 3].map((n) =>
      student({
        externalId: `HALF-${n}`,
        email: `half${n}@example.com`,
        phoneNumber: `98765001${n}0`,
        name: n === 3 ? 'Crash Here' : `Half ${n}`,
      }),
    );
    await db.execute(
      sql.raw(`create function crash_import() returns trigger language plpgsql as $$ begin
      if new.name = 'Crash Here' then raise exception 'disk full'; end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger crash_import before insert on enrollments for each row execute function crash_import()'),
    );
    const stopped = await send('enrollments', csv(IMPORT_COLUMNS.enrollments, rows));
    expect(stopped.statusCode).toBe(500);
    expect(await count("enrollments where external_id like 'HALF-%'")).toBe(0);
    await db.execute(sql.raw('drop trigger crash_import on enrollments'));
    const whole = await send('enrollments', csv(IMPORT_COLUMNS.enrollments, rows));
    expect(whole.json().data).toMatchObject({ created: 3, skipped: 0 });
  });

  it('runs one import at a time: another sent meanwhile is told to wait', async () => {
    const many = csv(
      IMPORT_COLUMNS.enrollments,
      Array.from({ length: 150 }, (_, i) =>
        student({ externalId: `WAIT-${i}`, email: `wait${i}@example.com`, phoneNumber: `9${String(700000000 + i)}` }),
      ),
    );
    // Each row takes a while to write, as a big file's rows do (spread out: the embedded database
    // sleeps inside this thread, so one long sleep would hold the second request back, not the import).
    await db.execute(
      sql.raw(`create function slow_import() returns trigger language plpgsql as $$ begin
        if new.external_id like 'WAIT-%' then perform pg_sleep(0.015); end if; return new; end $$`),
    );
    await db.execute(
      sql.raw('create trigger slow_import before insert on enrollments for each row execute function slow_import()'),
    );
    const first = send('enrollments', many);
    await new Promise((r) => setTimeout(r, 300));
    const second = await send('enrollments', many, { dryRun: 'true' });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(IMPORT_MESSAGES.busy);
    expect((await first).json().data).toMatchObject({ created: 150 });
    await db.execute(sql.raw('drop trigger slow_import on enrollments'));
  });

  it('keeps a log of every import: who, which file and its SHA-256, and the counts', async () => {
    const res = await app.inject({ method: 'GET', url: apiPaths.imports, headers: auth });
    expect(res.statusCode).toBe(200);
    const log = res.json().data;
    expect(log.length).toBeGreaterThan(3);
    expect(log[0]).toMatchObject({ by: { name: 'Admin' }, fileName: expect.stringMatching(/\.csv$/) });
    expect(log[0].sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

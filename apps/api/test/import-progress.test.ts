import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { build } from './build-app';
import { createCourse } from './fixtures/enrolments';
import { file, multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const ROWS = 600;
const row = (i: number) =>
  [
    `PROG-${i}`,
    `Progress Student ${i}`,
    `progress${i}@example.com`,
    `9${String(600000000 + i)}`,
    '',
    '12 MG Road Pune',
    '12 MG Road Pune',
    'Tally Prime',
    'installment',
    '',
    '01/04/2026',
    '',
    'company',
    'Infosys',
    '',
    '',
    'approved',
    '25/03/2026',
    '',
  ].join(',');

describe('progress of a running import', async () => {
  const { app, database } = await build();
  const admin = await makeStaff(database.db, { name: 'Admin', email: 'admin.progress@example.in' });
  const auth = bearer(await tokenFor(app, admin.email, admin.password));
  await createCourse(app, auth, { name: 'Tally Prime', price: 9000, emiPrice: [3000, 3000, 3000] });

  it('answers while a big import writes, with a count between none and all, and one import at a time', async () => {
    const header = IMPORT_COLUMNS.enrollments.join(',');
    const body = [header, ...Array.from({ length: ROWS }, (_, i) => row(i))].join('\r\n');
    // Each row takes a little while to write, as a big file's rows do on a slow disk.
    await database.db.execute(
      sql.raw(`create function slow_progress() returns trigger language plpgsql as $$ begin
        if new.external_id like 'PROG-%' then perform pg_sleep(0.01); end if; return new; end $$`),
    );
    await database.db.execute(
      sql.raw(
        'create trigger slow_progress before insert on enrollments for each row execute function slow_progress()',
      ),
    );
    const send = (dryRun: string) => {
      const form = multipart([
        { name: 'kind', value: 'enrollments' },
        { name: 'dryRun', value: dryRun },
        file('file', Buffer.from(body), 'big.csv', 'text/csv'),
      ]);
      return app.inject({
        method: 'POST',
        url: apiPaths.imports,
        payload: form.payload,
        headers: { ...form.headers, ...auth },
      });
    };
    let finished = false;
    const running = send('false').then((res) => {
      finished = true;
      return res;
    });
    let seen: { done: number; total: number } | null = null;
    for (let i = 0; i < 200 && !finished && !seen?.total; i += 1) {
      await new Promise((r) => setTimeout(r, 50));
      const res = await app.inject({ method: 'GET', url: apiPaths.importProgress, headers: auth });
      expect(res.statusCode).toBe(200);
      if (!finished) seen = res.json().data;
    }
    // Answered while the import was still writing: it had not finished when the answer came.
    expect(seen).toMatchObject({ kind: 'enrollments', fileName: 'big.csv', total: ROWS });
    expect(seen!.done).toBeGreaterThanOrEqual(0);
    expect(seen!.done).toBeLessThan(ROWS);
    const other = await send('true');
    expect(finished).toBe(false);
    expect(other.statusCode).toBe(409);
    expect((await running).json().data).toMatchObject({ created: ROWS });
    await database.db.execute(sql.raw('drop trigger slow_progress on enrollments'));
  });
});

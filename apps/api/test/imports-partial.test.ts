/**
 * "Import the good rows now": the rows that pass are written, the rows in error come back in a
 * file of their own, and importing that file once fixed adds only them; the same file twice adds nothing.
 */
import { describe, expect, it } from 'vitest';
import { IMPORT_COLUMNS, IMPORT_MESSAGES } from '@registrar/contract/imports';
import { csv, importApp, readCsv, student } from './import-app';

describe('importing the good rows of a file with rows in error', async () => {
  const { app, auth, send, count } = await importApp();
  const rows = [
    student({ externalId: 'P-1', email: 'p1@example.com', phoneNumber: '9876511001' }),
    student({ externalId: 'P-2', email: 'p2@example.com', phoneNumber: '12345' }),
    student({ externalId: 'P-3', email: 'p3@example.com', phoneNumber: '9876511003' }),
    student({ externalId: 'P-4', email: 'p4@example.com', phoneNumber: '9876511004', course: 'Astrology' }),
  ];
  const file = csv(IMPORT_COLUMNS.enrollments, rows);
  const ours = () => count("enrollments where external_id like 'P-%'");

  it('checks the file counting its good rows, then writes only them and answers the rows in error', async () => {
    const dry = await send('enrollments', file, { dryRun: 'true' });
    expect(dry.json().data).toMatchObject({ rows: 4, created: 2 });
    expect(dry.json().data.errors).toHaveLength(2);

    const refused = await send('enrollments', file);
    expect(refused.statusCode).toBe(400);
    expect(await ours()).toBe(0);

    const good = await send('enrollments', file, { goodRowsOnly: 'true' });
    expect(good.statusCode, good.body).toBe(201);
    expect(good.json().message).toBe(IMPORT_MESSAGES.goodRowsImported);
    expect(good.json().data).toMatchObject({ created: 2, skipped: 0 });
    expect(good.json().data.errors.map((e: { row: number }) => e.row)).toEqual([3, 5]);
    expect(await ours()).toBe(2);

    // The same file again: the good rows are already here, nothing is added twice.
    const again = await send('enrollments', file, { goodRowsOnly: 'true' });
    expect(again.json().data).toMatchObject({ created: 0, skipped: 2 });
    expect(await ours()).toBe(2);

    const errors = await app.inject({
      method: 'GET',
      url: `/api/import/${good.json().data._id}/errors.csv`,
      headers: auth,
    });
    const lines = readCsv(errors.body);
    expect(lines[0]).toEqual([...IMPORT_COLUMNS.enrollments, 'error']);
    expect(lines.slice(1).map((l) => l[0])).toEqual(['P-2', 'P-4']);

    // Fixed in the errors file itself, its import adds only those two.
    const phone = IMPORT_COLUMNS.enrollments.indexOf('phoneNumber');
    const course = IMPORT_COLUMNS.enrollments.indexOf('course');
    lines[1]![phone] = '9876511002';
    lines[2]![course] = 'Tally Prime';
    const fixed = lines
      .map((l) => l.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n');
    const rest = await send('enrollments', fixed);
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data).toMatchObject({ rows: 2, created: 2, skipped: 0, errors: [] });
    expect(await ours()).toBe(4);
  });
});

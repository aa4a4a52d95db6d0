/** Imported inquiries follow the inquiry form's rules for what is kept. */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_COLUMNS } from '@registrar/contract/imports';
import { build } from './build-app';
import { file, multipart } from './fixtures/files';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const csvLine = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',');
const csv = (header: readonly string[], rows: Record<string, string>[]) =>
  [csvLine([...header]), ...rows.map((r) => csvLine(header.map((h) => r[h] ?? '')))].join('\r\n') + '\r\n';

describe('importing inquiries', async () => {
  const { app, database } = await build();
  const admin = await makeStaff(database.db, { name: 'Admin', email: 'admin.inquiry-import@example.in' });
  const auth = bearer(await tokenFor(app, admin.email, admin.password));

  const send = (body: string) => {
    const form = multipart([
      { name: 'kind', value: 'inquiries' },
      { name: 'dryRun', value: 'false' },
      file('file', Buffer.from(body), 'inquiries.csv', 'text/csv'),
    ]);
    return app.inject({
      method: 'POST',
      url: apiPaths.imports,
      payload: form.payload,
      headers: { ...form.headers, ...auth },
    });
  };
  const stored = async (email: string) => {
    const list = await app.inject({ method: 'GET', url: `/api/inquiry?search=${email}`, headers: auth });
    expect(list.statusCode, list.body).toBe(200);
    return list.json().data.items[0] as {
      reference: string;
      friendName: string | null;
      friendWorkingArea: string | null;
    };
  };

  it("keeps a friend's details only on a row a friend referred, as the form does", async () => {
    const row = (email: string, reference: string) => ({
      name: 'Imported Inquirer',
      email,
      phoneNumber: '9812300001',
      address: 'Lucknow',
      areaOfInterest: 'Tally Prime',
      reference,
      friendName: 'Anil Kapoor',
      friendWorkingArea: 'Accounts at TCS',
      receivedOn: '21/10/2026',
    });
    const res = await send(
      csv(IMPORT_COLUMNS.inquiries, [
        row('by.friend.import@example.com', 'friend'),
        row('by.website.import@example.com', 'website'),
      ]),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ created: 2, errors: [] });

    expect(await stored('by.friend.import@example.com')).toMatchObject({
      reference: 'friend',
      friendName: 'Anil Kapoor',
      friendWorkingArea: 'Accounts at TCS',
    });
    expect(await stored('by.website.import@example.com')).toMatchObject({
      reference: 'website',
      friendName: null,
      friendWorkingArea: null,
    });
  });

  it('names the admin who imported an inquiry as its source, never the public form as well', async () => {
    const found = (await database.db.execute(
      sql`select count(*)::int as n from inquiry_events e join inquiries i on i.id = e.inquiry_id
        where i.email like '%.import@example.com' and e.kind = 'created' and e.staff_id is null`,
    )) as unknown as { rows: { n: number }[] };
    expect(found.rows[0]!.n).toBe(0);
  });
});

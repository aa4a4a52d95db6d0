/**
 * An institute's own header is read through a column mapping: proposed from its names (English
 * and Hindi) and values, confirmed by the admin, kept for the next file with the same header.
 */
import { describe, expect, it } from 'vitest';
import { apiPaths } from '@registrar/contract/api-paths';
import { IMPORT_MAPPING_MESSAGES } from '@registrar/contract/import-mapping';
import { file, multipart } from './fixtures/files';
import { csvLine, importApp } from './import-app';

const HEADER = [
  'Roll No',
  'छात्र का नाम',
  'Mobile No.',
  'Email ID',
  'पता',
  'Course',
  'Occupation',
  'College / Company',
  'Fee Plan',
  'Joining Date',
  'Notes',
];
const row = (n: number, over: Partial<Record<string, string>> = {}) => {
  const cells: Record<string, string> = {
    'Roll No': `REG-${n}`,
    'छात्र का नाम': `विद्यार्थी ${n}`,
    'Mobile No.': `+91 98765 ${String(40000 + n)}`,
    'Email ID': `mapped${n}@example.com`,
    पता: 'Shivaji Nagar, Pune',
    Course: 'tally prime',
    Occupation: 'College',
    'College / Company': 'Fergusson College',
    'Fee Plan': 'EMI',
    'Joining Date': '01/04/2026',
    Notes: 'came through a friend',
    ...over,
  };
  return csvLine(HEADER.map((h) => cells[h] ?? ''));
};
const register = (rows: string[]) => [csvLine(HEADER), ...rows].join('\r\n') + '\r\n';

const MAPPING = {
  externalId: 'Roll No',
  name: 'छात्र का नाम',
  phoneNumber: 'Mobile No.',
  email: 'Email ID',
  currentAddress: 'पता',
  course: 'Course',
  currentlyWorking: 'Occupation',
  currentlyWorkingPlace: 'College / Company',
  paymentMethod: 'Fee Plan',
  startDate: 'Joining Date',
};

describe('importing a register through a column mapping', async () => {
  const { app, auth, counsellorAuth, send, count } = await importApp();
  const columns = (body: string, headers: Record<string, string> = auth) => {
    const form = multipart([
      { name: 'kind', value: 'enrollments' },
      file('file', Buffer.from(body), 'register.csv', 'text/csv'),
    ]);
    return app.inject({
      method: 'POST',
      url: apiPaths.importColumns,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  };

  it('proposes a mapping from the header’s English and Hindi names, and reads the file with it', async () => {
    const res = await columns(register([row(1), row(2)]));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.saved).toBe(false);
    expect(data.header).toEqual(HEADER);
    expect(data.mapping).toEqual(MAPPING);
    expect(data.fields).toContainEqual({ field: 'name', required: true });
    expect(data.fields).toContainEqual({ field: 'state', required: false });

    const before = await count('enrollments');
    const imported = await send('enrollments', register([row(1), row(2)]), { mapping: JSON.stringify(MAPPING) });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json().data).toMatchObject({ created: 2, errors: [] });
    expect(await count('enrollments')).toBe(before + 2);
    expect(await count("enrollments where external_id = 'REG-1' and permanent_address = 'Shivaji Nagar, Pune'")).toBe(
      1,
    );
  });

  it('remembers the confirmed mapping for the next file with the same header', async () => {
    const changed = { ...MAPPING, designation: 'Notes' };
    const dry = await send('enrollments', register([row(3)]), { mapping: JSON.stringify(changed), dryRun: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const again = await columns(register([row(4)]));
    expect(again.json().data).toMatchObject({ saved: true, mapping: changed });
    // Without a mapping the kept one reads the file.
    const plain = await send('enrollments', register([row(4)]));
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().data).toMatchObject({ created: 1 });
  });

  it('refuses a mapping that is not JSON, names an unknown field or a missing column, or leaves a required field out', async () => {
    const file = register([row(9)]);
    const cases: [string, string][] = [
      ['{not json', IMPORT_MAPPING_MESSAGES.mappingInvalid],
      ['["name"]', IMPORT_MAPPING_MESSAGES.mappingInvalid],
      [JSON.stringify({ ...MAPPING, salary: 'Notes' }), `${IMPORT_MAPPING_MESSAGES.unknownField}: salary`],
      [JSON.stringify({ ...MAPPING, email: 'E-mail' }), `${IMPORT_MAPPING_MESSAGES.columnMissing}: E-mail`],
      [JSON.stringify({ ...MAPPING, course: undefined }), `${IMPORT_MAPPING_MESSAGES.requiredUnmapped}: course`],
    ];
    const before = await count('enrollments');
    for (const [mapping, message] of cases) {
      const res = await send('enrollments', file, { mapping });
      expect(res.statusCode, mapping).toBe(400);
      expect(res.json().message).toBe(message);
    }
    expect(await count('enrollments')).toBe(before);
  });

  it('answers the proposal to admins only, and a request without a file or session with a 4xx', async () => {
    expect((await columns(register([row(1)]), counsellorAuth)).statusCode).toBe(403);
    expect((await columns(register([row(1)]), {})).statusCode).toBe(401);
    const json = await app.inject({
      method: 'POST',
      url: apiPaths.importColumns,
      headers: auth,
      payload: { kind: 'enrollments' },
    });
    expect(json.statusCode).toBe(415);
    const noFile = multipart([{ name: 'kind', value: 'enrollments' }]);
    const res = await app.inject({
      method: 'POST',
      url: apiPaths.importColumns,
      payload: noFile.payload,
      headers: { ...noFile.headers, ...auth },
    });
    expect(res.statusCode).toBe(400);
  });
});

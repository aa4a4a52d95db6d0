/**
 * The embedded database's own files after an erasure: the table files, the indexes and the write-
 * ahead log under DATA_DIR/db hold none of the person's values once the server has stopped. Runs
 * on PGlite on disk whatever database the other tests use: this is about the embedded one.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/database';
import { attackSetup } from './attack-fixtures';
import { testConfig } from './build-app';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-erasure-disk-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(full);
    return d.isFile() ? [full] : [];
  });
}

it('leaves none of the person’s values in DATA_DIR/db after a checkpoint and a stop', async () => {
  const config = testConfig({ dataDir });
  const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  await database.migrate();
  const app = await buildApp({
    config,
    database,
    outbox: { autoStart: false },
    reminders: false,
    nightlyBackups: false,
  });
  await app.ready();
  const { enrol, inquire, deliverAll, erase, auth } = await attackSetup(app, database.db, config);

  const person = { name: 'Quillon Vexstrand', email: 'quillon.vexstrand@example.com', phoneNumber: '9855512347' };
  await inquire(person);
  const { id } = await enrol(person);
  // A staff note that names them, kept in the pseudonymised enrolment's history until erased.
  const status = await app.inject({
    method: 'PUT',
    url: `/api/student-enrollment-status/${id}`,
    headers: auth,
    payload: { status: 'approved', note: `Called ${person.phoneNumber}` },
  });
  expect(status.statusCode, status.body).toBe(200);
  await deliverAll();
  // The values really reached the files before the erasure.
  await database.db.execute(sql`checkpoint`);
  const holding = (needle: string) =>
    filesUnder(path.join(dataDir, 'db')).filter((f) => fs.readFileSync(f).includes(Buffer.from(needle)));
  expect(holding(person.name).length).toBeGreaterThan(0);

  expect((await erase(person.email)).statusCode).toBe(201);
  await database.db.execute(sql`checkpoint`);
  await app.close();
  await database.close();

  for (const needle of [person.name, person.email, person.phoneNumber]) expect(holding(needle), needle).toEqual([]);
  // A database on disk, migrated, and table rewrites: slower than the in-memory tests.
}, 180_000);

/**
 * What the follow-up tests start from: three server instances on one database (two pools on
 * PostgreSQL), two assigning inquiries round-robin and one not assigning them; an admin, three
 * counsellors, a retired one, a viewer and an accountant; a course; and the inquiry form they send.
 */
import fs from 'node:fs';
import { afterAll } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { staff as staffTable } from '../src/db/schema';
import { createTestDatabase, dbKind, testConfig } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

/** Starts the instances and staff on a fresh database; all of it is closed and dropped after the file's tests. */
export async function followUpInstances() {
  /** Two server instances on one database (two pools on PostgreSQL), as a deployment runs them. */
  const testDb = await createTestDatabase();
  const second: Database =
    dbKind === 'postgres' ? await openDatabase({ databaseUrl: testDb.url!, poolSize: 5 }) : testDb.database;
  const configs = [0, 1, 2].map(() => testConfig({ inquiryAssignment: 'round_robin', intakeLimitPerIp: 1000 }));
  const start = (database: Database, config = configs[0]!) =>
    buildApp({ config, database, outbox: { autoStart: false }, reminders: false, nightlyBackups: false });
  const appA = await start(testDb.database, configs[0]);
  const appB = await start(second, configs[1]);
  // A third instance configured without assignment, on the same database.
  const appNone = await start(testDb.database, { ...configs[2]!, inquiryAssignment: 'none' });
  await Promise.all([appA.ready(), appB.ready(), appNone.ready()]);
  afterAll(async () => {
    await Promise.all([appA.close(), appB.close(), appNone.close()]);
    if (second !== testDb.database) await second.close();
    await testDb.drop();
    for (const c of configs) fs.rmSync(c.dataDir, { recursive: true, force: true });
  });

  const db = testDb.database.db;
  let ip = 0;
  const nextIp = () => `10.77.${Math.floor(++ip / 250)}.${ip % 250}`;
  const base = {
    name: 'Asha Verma',
    address: '12 MG Road, Pune',
    email: 'asha@example.in',
    phoneNumber: '9876543210',
    areaOfInterest: ['Data Science'],
    reference: 'website',
  };
  const submit = (app: FastifyInstance, payload: object = base) =>
    app.inject({ method: 'POST', url: '/api/inquiry', payload, remoteAddress: nextIp() });

  async function staffToken(role: 'admin' | 'counsellor' | 'accountant' | 'viewer', name: string) {
    const account = await makeStaff(db, { role, name });
    const id = (await db.select({ id: staffTable.id }).from(staffTable).where(eq(staffTable.email, account.email)))[0]!
      .id;
    return { id, auth: bearer(await tokenFor(appA, account.email, account.password)) };
  }

  const admin = await staffToken('admin', 'Head Office');
  const counsellors = await Promise.all(['Kavya', 'Rohan', 'Sana'].map((n) => staffToken('counsellor', n)));
  const retired = await staffToken('counsellor', 'Retired Counsellor');
  await db.update(staffTable).set({ active: false }).where(eq(staffTable.id, retired.id));
  const viewer = await staffToken('viewer', 'Viewer');
  const accountant = await staffToken('accountant', 'Accountant');
  await appA.inject({
    method: 'POST',
    url: '/api/course',
    headers: admin.auth,
    payload: { name: 'Data Science', price: 1000, emiPrice: [1000] },
  });

  const ownerOf = async (id: string) =>
    (await db.execute(sql`select owner_id from inquiries where id = ${id}`)) as unknown as {
      rows: { owner_id: string | null }[];
    };
  const newest = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/inquiry?limit=1', headers: admin.auth })).json().data.items[0];
  const inFuture = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

  return {
    appA,
    appB,
    appNone,
    db,
    base,
    submit,
    admin,
    counsellors,
    retired,
    viewer,
    accountant,
    ownerOf,
    newest,
    inFuture,
  };
}

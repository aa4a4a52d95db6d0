/**
 * The retention rules, on both stores: documents of enrolments closed longer ago than
 * DOCUMENTS_RETENTION_DAYS are deleted with a dated record on the enrolment; sent mail older than
 * MAIL_RETENTION_DAYS leaves the outbox table and DATA_DIR/outbox; the daily run happens once
 * whatever the number of instances asking.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { localIsoDate } from '@registrar/contract/enrollment';
import { documentsDeletedNote } from '@registrar/contract/enrollment-admin';
import { claimRun } from '../src/services/retention';
import { build } from './build-app';
import { detailOf, enrolWithDocuments, makeCourse, rowsOf } from './document-fixtures';
import { startS3Server } from './s3-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { S3_TEST_BUCKET, storageKinds } from './storage-kinds';

const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => s3.close());

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(storageKinds(s3))('retention rules, documents on $name storage', async (kind) => {
  const { app, database, config } = await build({
    config: { ...kind.config, documentsRetentionDays: 30, mailRetentionDays: 7 },
  });
  const db = database.db;
  const probe = kind.probe(config);
  const staff = await makeStaff(db, { name: 'Admissions' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const courseId = await makeCourse(app, auth);
  const changeStatus = (id: string, status: string) =>
    app.inject({
      method: 'PUT',
      url: `/api/student-enrollment-status/${id}`,
      headers: auth,
      payload: { status, ...(status === 'rejected' && { reason: 'Not eligible' }) },
    });
  /** Moves the enrolment's history (its status changes) `days` into the past. */
  const ageHistory = (id: string, days: number) =>
    db.execute(
      sql`update enrollment_events set created_at = created_at - make_interval(days => ${days}) where enrollment_id = ${id}`,
    );

  it('deletes the documents of enrolments closed longer ago than the rule, and records it on the enrolment', async () => {
    const completedLongAgo = await enrolWithDocuments(app, auth, courseId);
    expect((await changeStatus(completedLongAgo._id, 'approved')).statusCode).toBe(200);
    expect((await changeStatus(completedLongAgo._id, 'completed')).statusCode).toBe(200);
    await ageHistory(completedLongAgo._id, 31);
    const rejectedLongAgo = await enrolWithDocuments(app, auth, courseId);
    await changeStatus(rejectedLongAgo._id, 'rejected');
    await ageHistory(rejectedLongAgo._id, 40);
    const cancelledRecently = await enrolWithDocuments(app, auth, courseId);
    await changeStatus(cancelledRecently._id, 'cancelled');
    await ageHistory(cancelledRecently._id, 29);
    const pendingLongAgo = await enrolWithDocuments(app, auth, courseId);
    await ageHistory(pendingLongAgo._id, 400);
    const keep = [...cancelledRecently.documents, ...pendingLongAgo.documents].map((d) => d._id);
    const gone = [...completedLongAgo.documents, ...rejectedLongAgo.documents].map((d) => d._id);

    const now = new Date();
    const result = await app.retention.runDaily(now);
    expect(result).toMatchObject({ enrollments: 2, documents: 6 });

    const stored = await probe.stored();
    for (const id of gone) expect(stored).not.toContain(id);
    for (const id of keep) expect(stored).toContain(id);
    const keys = await db.execute<{ id: string }>(sql`select document_id as id from document_keys`);
    expect(
      rowsOf<{ id: string }>(keys)
        .map((r) => r.id)
        .sort(),
    ).toEqual(expect.arrayContaining(keep));
    for (const id of gone) expect(rowsOf<{ id: string }>(keys).map((r) => r.id)).not.toContain(id);
    for (const id of gone) {
      const res = await app.inject({ method: 'GET', url: `/api/files/${id}`, headers: auth });
      expect(res.statusCode).toBe(404);
    }

    const after = await detailOf(app, auth, completedLongAgo._id);
    expect(after.documents).toEqual([]);
    expect(after.documentsDeletedAt).toBe(now.toISOString());
    expect(after.history.map((h) => h.note)).toContain(documentsDeletedNote(localIsoDate(now)));
    expect((await detailOf(app, auth, cancelledRecently._id)).documentsDeletedAt).toBeNull();
    expect((await detailOf(app, auth, cancelledRecently._id)).documents).toHaveLength(3);

    // Once a day: a second run the same day does nothing; the next day, the enrolment cancelled
    // 29 days ago has passed the 30 days and its documents go too.
    expect(await app.retention.runDaily(new Date(now.getTime() + 60_000))).toBeUndefined();
    expect(await app.retention.runDaily(new Date(now.getTime() + DAY_MS))).toMatchObject({
      enrollments: 1,
      documents: 3,
    });
    expect((await detailOf(app, auth, cancelledRecently._id)).documents).toEqual([]);
    expect((await detailOf(app, auth, pendingLongAgo._id)).documents).toHaveLength(3);
  });

  it('deletes sent mail older than the rule from the outbox table and the .eml files', async () => {
    await db.execute(sql`insert into outbox (kind, payload, status, sent_at) values
      ('mail', '{"to":"old@example.in"}', 'sent', now() - interval '8 days'),
      ('mail', '{"to":"new@example.in"}', 'sent', now() - interval '6 days'),
      ('mail', '{"to":"waiting@example.in"}', 'queued', null)`);
    await db.execute(sql`update outbox set created_at = now() - interval '30 days' where status = 'queued'`);
    const dir = path.join(config.dataDir, 'outbox');
    fs.mkdirSync(dir, { recursive: true });
    const oldEml = path.join(dir, 'old.eml');
    const newEml = path.join(dir, 'new.eml');
    fs.writeFileSync(oldEml, 'To: old@example.in\r\n\r\nold');
    fs.writeFileSync(newEml, 'To: new@example.in\r\n\r\nnew');
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS);
    fs.utimesSync(oldEml, eightDaysAgo, eightDaysAgo);

    const result = await app.retention.runDaily(new Date(Date.now() + 3 * DAY_MS));
    // Three days on, the mail sent six days ago is nine days old too: only the one sent "now" stays.
    expect(result).toMatchObject({ mailRows: 2, mailFiles: 1 });
    const rows = await db.execute<{ to: string; status: string }>(
      sql`select payload->>'to' as to, status from outbox where payload->>'to' in ('old@example.in', 'new@example.in', 'waiting@example.in') order by 1`,
    );
    expect(rowsOf<{ to: string }>(rows).map((r) => r.to)).toEqual(['waiting@example.in']);
    expect(fs.existsSync(oldEml)).toBe(false);
    expect(fs.existsSync(newEml)).toBe(true);
  });

  it('lets one of several instances asking at once run the daily job', async () => {
    const now = new Date(Date.now() + 10 * DAY_MS);
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimRun(db, 'test-job', now, DAY_MS)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await claimRun(db, 'test-job', new Date(now.getTime() + DAY_MS - 1000), DAY_MS)).toBe(false);
    expect(await claimRun(db, 'test-job', new Date(now.getTime() + DAY_MS + 1000), DAY_MS)).toBe(true);
  });
});

/**
 * Documents are encrypted at rest on both stores: what the store holds shows nothing of the
 * file, staff still download the original bytes, a damaged file is refused rather than served,
 * the master key stays out of the database, and files stored before encryption are sealed in place.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { KEY_FILE } from '../src/services/documents/master-keys';
import { HEADER_BYTES, SEGMENT_BYTES } from '../src/services/documents/sealed-stream';
import { build } from './build-app';
import { BIG_PNG, ORIGINALS, SIGNATURES, enrolWithDocuments, makeCourse, rowsOf } from './document-fixtures';
import { startS3Server } from './s3-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { S3_TEST_BUCKET, storageKinds } from './storage-kinds';

const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => s3.close());

const SEALED_SEGMENT = SEGMENT_BYTES + 16;

const readAll = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each(storageKinds(s3))('documents encrypted at rest on $name storage', async (kind) => {
  const { app, database, config } = await build({ config: kind.config });
  const probe = kind.probe(config);
  const staff = await makeStaff(database.db, { name: 'Admissions' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const courseId = await makeCourse(app, auth);
  const download = (id: string) => app.inject({ method: 'GET', url: `/api/files/${id}`, headers: auth });

  it('keeps no JPEG, PNG or PDF signature in what the store holds, and serves staff the original bytes', async () => {
    const detail = await enrolWithDocuments(app, auth, courseId);
    expect(detail.documents).toHaveLength(3);
    for (const doc of detail.documents) {
      const raw = (await probe.raw(doc._id))!;
      expect(raw).toBeDefined();
      for (const [, signature] of SIGNATURES) expect(raw.includes(signature), `${doc.field} raw`).toBe(false);
      expect(raw.includes(ORIGINALS[doc.field]!.subarray(0, 16))).toBe(false);

      const res = await download(doc._id);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-length']).toBe(String(ORIGINALS[doc.field]!.length));
      expect(res.rawPayload.equals(ORIGINALS[doc.field]!)).toBe(true);
    }
  });

  it('keeps the master key out of the database: a key file of mode 0600 in DATA_DIR', async () => {
    const keyFile = path.join(config.dataDir, KEY_FILE);
    const key = fs.readFileSync(keyFile, 'utf8').trim();
    expect(Buffer.from(key, 'base64')).toHaveLength(32);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const tables = await database.db.execute<{ t: string }>(
      sql`select table_name as t from information_schema.tables where table_schema = 'public'`,
    );
    for (const { t } of rowsOf<{ t: string }>(tables)) {
      const dump = await database.db.execute(sql.raw(`select * from "${t}"`));
      expect(JSON.stringify(rowsOf(dump)).includes(key), `table ${t}`).toBe(false);
    }
  });

  it('refuses a document whose first segment was altered, before sending any of it', async () => {
    const detail = await enrolWithDocuments(app, auth, courseId);
    const doc = detail.documents.find((d) => d.field === 'aadharFront')!;
    const raw = (await probe.raw(doc._id))!;
    raw[HEADER_BYTES + 3]! ^= 0x01;
    await probe.overwrite(doc._id, raw);
    const res = await download(doc._id);
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ success: false, message: ENROLLMENT_MESSAGES.documentIntegrity });
    expect(res.rawPayload.includes(ORIGINALS.aadharFront!.subarray(0, 3))).toBe(false);
  });

  it('refuses a later segment altered, segments swapped, or the file cut short', async () => {
    const detail = await enrolWithDocuments(app, auth, courseId, BIG_PNG);
    const doc = detail.documents.find((d) => d.field === 'profilePicture')!;
    const good = (await probe.raw(doc._id))!;
    expect(good.length).toBeGreaterThan(HEADER_BYTES + 4 * SEALED_SEGMENT);
    const read = async () => {
      const file = await app.storage.open(doc._id);
      return readAll(file!.stream);
    };
    expect((await read()).equals(BIG_PNG)).toBe(true);

    const seg = (i: number) =>
      good.subarray(HEADER_BYTES + i * SEALED_SEGMENT, HEADER_BYTES + (i + 1) * SEALED_SEGMENT);
    const damaged = Buffer.from(good);
    damaged[HEADER_BYTES + 2 * SEALED_SEGMENT + 10]! ^= 0x80;
    const swapped = Buffer.concat([
      good.subarray(0, HEADER_BYTES),
      seg(0),
      seg(2),
      seg(1),
      good.subarray(HEADER_BYTES + 3 * SEALED_SEGMENT),
    ]);
    const cutAtSegment = good.subarray(0, HEADER_BYTES + 3 * SEALED_SEGMENT);
    const cutMidSegment = good.subarray(0, good.length - 5);
    for (const [what, bytes] of Object.entries({ damaged, swapped, cutAtSegment, cutMidSegment })) {
      await probe.overwrite(doc._id, bytes);
      await expect(read(), what).rejects.toThrow();
    }
    await probe.overwrite(doc._id, good);
    expect((await read()).equals(BIG_PNG)).toBe(true);
  });

  it('seals in place the files stored before encryption, and serves them as before', async () => {
    const detail = await enrolWithDocuments(app, auth, courseId);
    // What an installation from before encryption holds: plain files, no keys, no mark.
    for (const doc of detail.documents) {
      await probe.overwrite(doc._id, ORIGINALS[doc.field]!);
      await database.db.execute(sql`delete from document_keys where document_id = ${doc._id}`);
    }
    await database.db.execute(sql`delete from app_meta where key = 'documents_sealed_v1'`);

    expect(await app.storage.sealPlainFiles()).toBe(3);
    for (const doc of detail.documents) {
      const raw = (await probe.raw(doc._id))!;
      for (const [, signature] of SIGNATURES) expect(raw.includes(signature)).toBe(false);
      const res = await download(doc._id);
      expect(res.statusCode).toBe(200);
      expect(res.rawPayload.equals(ORIGINALS[doc.field]!)).toBe(true);
    }
    expect(await probe.staged()).toEqual([]);
    expect(await app.storage.sealPlainFiles()).toBe(0); // done once, then never again
  });
});

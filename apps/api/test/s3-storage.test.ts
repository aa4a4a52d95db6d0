/**
 * What only object storage has: an unreachable store (503 and nothing half-written, service back
 * without a restart), a move deferred to recovery, the grace other instances' uploads get, and
 * the spool file that never stays on disk. Behaviours shared with local disk are in
 * file-storage.test.ts and the enrollments-*.test.ts files.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import type { FileStorage } from '../src/services/uploads/file-storage';
import { openS3FileStorage } from '../src/services/uploads/s3-file-storage';
import { build } from './build-app';
import { createCourse, enrolmentForm } from './fixtures/enrolments';
import { JPEG, PDF, PNG } from './fixtures/files';
import { startS3Server } from './s3-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { s3Probe, S3_TEST_BUCKET } from './storage-kinds';

const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => s3.close());

/** Runs fn with the store refusing connections, and starts it again whatever happens. */
async function whileStoreIsDown<T>(fn: () => Promise<T>): Promise<T> {
  await s3.stop();
  try {
    return await fn();
  } finally {
    await s3.start();
  }
}

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe('enrolments while the object store is unreachable', async () => {
  const prefix = 'outage/';
  const { app } = await build({ config: { s3: s3.config(S3_TEST_BUCKET, prefix) } });
  const objects = s3Probe(s3, S3_TEST_BUCKET, prefix);
  const staff = await makeStaff(app.database.db, { name: 'Admissions' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Cloud Course', price: 100, emiPrice: [100] });
  let people = 0;
  const enrol = () => {
    const n = ++people;
    const body = enrolmentForm({
      name: `Person ${n}`,
      phoneNumber: `98765432${10 + n}`,
      email: `person${n}@example.in`,
      courseId: course._id,
      paymentMethod: 'full_payment',
    });
    return app.inject({ method: 'POST', url: '/api/student-enrollment', ...body, remoteAddress: `10.130.0.${n}` });
  };
  const enrolmentCount = async () =>
    (await app.inject({ method: 'GET', url: '/api/student-enrollment', headers: auth })).json().data.total as number;

  it('answers 503 with the unavailable message, keeps neither row nor object, and enrols again once it is back', async () => {
    const refused = await whileStoreIsDown(enrol);
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({
      success: false,
      message: MESSAGES.databaseUnavailable,
      error: ERROR_CODES.unavailable,
    });
    expect(refused.headers['retry-after']).toBe('5');
    expect(await enrolmentCount()).toBe(0);
    expect(await objects.staged()).toEqual([]);
    expect(await objects.stored()).toEqual([]);

    // Back without a restart.
    const accepted = await enrol();
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(await enrolmentCount()).toBe(1);
    expect(await objects.staged()).toEqual([]);
    expect(await objects.stored()).toHaveLength(3);
  });

  it('answers 503 for a document while the store is down, and the document once it is back', async () => {
    expect((await enrol()).statusCode).toBe(201);
    const item = (
      await app.inject({ method: 'GET', url: `/api/student-enrollment?search=person${people}@`, headers: auth })
    ).json().data.items[0];
    const url = item.profilePictureUrl as string;
    const down = await whileStoreIsDown(() => app.inject({ method: 'GET', url, headers: auth }));
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toBe(MESSAGES.databaseUnavailable);
    const up = await app.inject({ method: 'GET', url, headers: auth });
    expect(up.statusCode).toBe(200);
    expect(up.headers['content-type']).toBe('image/png');
    expect(up.rawPayload.equals(PNG)).toBe(true);
  });
});

describe('S3 file storage', () => {
  let prefixes = 0;
  const open = async (options: Parameters<typeof openS3FileStorage>[1] = {}) => {
    const config = s3.config(S3_TEST_BUCKET, `unit-${++prefixes}/`);
    const storage = await openS3FileStorage(config, options);
    onTestFinished(() => storage.close());
    return { storage, objects: s3Probe(s3, S3_TEST_BUCKET, config.prefix) };
  };
  const stage = (storage: FileStorage, id: string, data: Buffer) =>
    pipeline(Readable.from([data]), storage.stagingStream(id));

  it('leaves a move that fails after the row committed in staging, still served, for recover() to finish', async () => {
    const deferred: string[] = [];
    const { storage, objects } = await open({ onDeferredMove: (id) => deferred.push(id) });
    const id = randomUUID();
    await stage(storage, id, PDF);
    await whileStoreIsDown(() => storage.commit(id)); // resolves: the row stands, the file is safe in staging
    expect(deferred).toEqual([id]);
    expect(await objects.staged()).toEqual([id]);
    const file = await storage.open(id);
    expect(file?.size).toBe(PDF.length);
    expect((await readAll(file!.stream)).equals(PDF)).toBe(true);

    expect(await storage.recover(async (ids) => new Set(ids))).toEqual({ moved: 1, removed: 0 });
    expect(await objects.staged()).toEqual([]);
    expect(await objects.stored()).toEqual([id]);
  });

  it('recover() spares an uncommitted staged object younger than the grace period (another instance may be uploading it)', async () => {
    const { storage, objects } = await open(); // the default grace (an hour)
    const [committed, inFlight] = [randomUUID(), randomUUID()];
    await stage(storage, committed, PNG);
    await stage(storage, inFlight, JPEG);
    expect(await storage.recover(async (ids) => new Set(ids.filter((id) => id === committed)))).toEqual({
      moved: 1,
      removed: 0,
    });
    expect(await objects.staged()).toEqual([inFlight]);
    expect(await objects.stored()).toEqual([committed]);
  });

  it('spools an upload through a file that is already unlinked while it is written, so a crash leaves nothing', async () => {
    const spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-spool-'));
    const { storage, objects } = await open({ spoolDir });
    const id = randomUUID();
    const sink = storage.stagingStream(id);
    await new Promise<void>((resolve, reject) =>
      sink.write(Buffer.alloc(100_000, 1), (err) => (err ? reject(err) : resolve())),
    );
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    sink.end(Buffer.alloc(100_000, 2));
    await once(sink, 'finish');
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    expect(await objects.staged()).toEqual([id]);
    expect((await storage.readStaged(id)).length).toBe(200_000);

    const cut = storage.stagingStream(randomUUID());
    cut.write(Buffer.alloc(10_000));
    cut.destroy(new Error('client went away'));
    await expect(finished(cut)).rejects.toThrow('client went away');
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    expect(await objects.staged()).toEqual([id]);
    fs.rmSync(spoolDir, { recursive: true, force: true });
  });
});

/**
 * All or nothing: an aborted upload, or a `kill -9` in the middle of uploads, leaves
 * no enrolment without its files and no stray file once the server has started again.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database';
import { localFileStorage } from '../../src/services/uploads/file-storage';
import { enrollmentRepository } from '../../src/repositories/enrollment-repository';
import { JPEG, PNG, PDF, multipart } from '../fixtures/files';
import { build } from '../build-app';
import { freePort, migratedDataDir, startServer as start } from './server-process';

const startServer = (dataDir: string, port: number) =>
  start({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: 'crash@institute.in',
    ADMIN_PASSWORD: 'Crash-Test-Pass-1',
  });

/** Sends the head of a multipart enrolment and as much of a big file as `bytes`, then stops (no end). */
function partialUpload(port: number, courseId: string, bytes: number): net.Socket {
  const body = multipart([
    { name: 'name', value: 'Partial Person' },
    { name: 'courseId', value: courseId },
    {
      name: 'profilePicture',
      file: {
        filename: 'p.jpg',
        contentType: 'image/jpeg',
        data: Buffer.concat([JPEG.subarray(0, 4), Buffer.alloc(bytes, 7)]),
      },
    },
  ]);
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  socket.write(
    `POST /api/student-enrollment HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length + 1_000_000}\r\n\r\n`,
  );
  socket.write(body.payload.subarray(0, body.payload.length - 40)); // never finishes the part
  return socket;
}

const stagingOf = (dataDir: string) => path.join(dataDir, 'uploads', '.staging');

describe('all or nothing', () => {
  it('an aborted upload leaves no temporary file', async () => {
    const { app, config } = await build();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as net.AddressInfo;
    const socket = partialUpload(port, '00000000-0000-4000-8000-000000000000', 200_000);
    // Wait until the server has started writing the file, then abort.
    const staging = stagingOf(config.dataDir);
    const deadline = Date.now() + 5000;
    while (fs.readdirSync(staging).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(fs.readdirSync(staging).length).toBe(1);
    socket.destroy();
    const cleared = Date.now() + 5000;
    while (fs.readdirSync(staging).length > 0 && Date.now() < cleared) await new Promise((r) => setTimeout(r, 20));
    expect(fs.readdirSync(staging)).toEqual([]);
  });

  it('finishes a move interrupted after commit and deletes staged files whose row never committed', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-recover-'));
    const storage = localFileStorage(path.join(dataDir, 'uploads'));
    const committedId = '11111111-1111-4111-8111-111111111111';
    const orphanId = '22222222-2222-4222-8222-222222222222';
    fs.writeFileSync(path.join(stagingOf(dataDir), committedId), PNG);
    fs.writeFileSync(path.join(stagingOf(dataDir), orphanId), JPEG);
    const result = await storage.recover(async (ids) => new Set(ids.filter((id) => id === committedId)));
    expect(result).toEqual({ moved: 1, removed: 1 });
    expect(fs.readdirSync(stagingOf(dataDir))).toEqual([]);
    expect((await storage.open(committedId))?.size).toBe(PNG.length);
    expect(await storage.open(orphanId)).toBeUndefined();
  });

  it('kill -9 during uploads, then restart: nothing partial, nothing orphaned', async () => {
    const dataDir = migratedDataDir('crash');
    const port = await freePort();
    const first = startServer(dataDir, port);
    await first.ready();
    const base = `http://127.0.0.1:${port}`;
    const loginRes = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'crash@institute.in', password: 'Crash-Test-Pass-1' }),
    });
    const { token } = (await loginRes.json()) as { token: string };
    const course = (await (
      await fetch(`${base}/api/course`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ name: 'Crash Course', price: 100, emiPrice: [100] }),
      })
    ).json()) as { data: { _id: string } };

    // Complete enrolments racing with the kill, and uploads stuck mid-file.
    const complete = Array.from({ length: 4 }, (_, i) => {
      const body = multipart([
        ...Object.entries({
          name: `Racer ${i}`,
          currentAddress: 'A',
          permanentAddress: 'B',
          phoneNumber: `98765432${10 + i}`,
          email: `racer${i}@example.in`,
          courseId: course.data._id,
          currentlyWorking: 'other',
          currentlyWorkingPlace: 'Home',
          paymentMethod: 'full_payment',
        }).map(([name, value]) => ({ name, value })),
        { name: 'profilePicture', file: { filename: 'p.png', contentType: 'image/png', data: PNG } },
        { name: 'aadharFront', file: { filename: 'a.jpg', contentType: 'image/jpeg', data: JPEG } },
        { name: 'aadharBack', file: { filename: 'b.pdf', contentType: 'application/pdf', data: PDF } },
      ]);
      return fetch(`${base}/api/student-enrollment`, {
        method: 'POST',
        headers: body.headers,
        body: body.payload,
      }).catch(() => undefined);
    });
    const stuck = Array.from({ length: 3 }, () => partialUpload(port, course.data._id, 300_000));
    const deadline = Date.now() + 5000;
    while (fs.readdirSync(stagingOf(dataDir)).length < 3 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    first.child.kill('SIGKILL');
    await first.exited;
    await Promise.all(complete);
    stuck.forEach((s) => s.destroy());
    expect(fs.readdirSync(stagingOf(dataDir)).length).toBeGreaterThan(0); // the crash left staged files

    const second = startServer(dataDir, port);
    await second.ready();
    second.child.kill('SIGTERM');
    await second.exited;

    expect(fs.readdirSync(stagingOf(dataDir))).toEqual([]);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    try {
      const storage = localFileStorage(path.join(dataDir, 'uploads'));
      const { items } = await enrollmentRepository.page(database.db, { page: 1, limit: 100, sort: '-createdAt' });
      for (const { enrollment } of items) {
        const docs = await enrollmentRepository.documents(database.db, enrollment.id);
        expect(docs.map((d) => d.field).sort()).toEqual(['aadharBack', 'aadharFront', 'profilePicture']);
        for (const doc of docs)
          expect((await storage.open(doc.id))?.size, `${enrollment.name} ${doc.field}`).toBe(doc.size);
      }
      // Every file on disk belongs to a document row.
      const onDisk = fs
        .readdirSync(path.join(dataDir, 'uploads'))
        .filter((d) => d !== '.staging')
        .flatMap((d) => fs.readdirSync(path.join(dataDir, 'uploads', d)));
      const known = await enrollmentRepository.existingDocumentIds(
        database.db,
        onDisk.length ? onDisk : ['00000000-0000-0000-0000-000000000000'],
      );
      expect(onDisk.filter((id) => !known.has(id))).toEqual([]);
    } finally {
      await database.close();
    }
  }, 90_000);
});

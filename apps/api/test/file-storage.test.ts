/**
 * The FileStorage contract, the same tests for both stores: local disk under
 * DATA_DIR/uploads and S3-compatible object storage (against s3rver, a real S3 protocol peer).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { localFileStorage, type FileStorage } from '../src/services/uploads/file-storage';
import { openS3FileStorage } from '../src/services/uploads/s3-file-storage';
import { startS3Server } from './s3-server';
import { localProbe, s3Probe, S3_TEST_BUCKET, type StorageProbe } from './storage-kinds';

const s3 = await startS3Server([S3_TEST_BUCKET]);
afterAll(() => s3.close());

interface Store {
  storage: FileStorage;
  probe: StorageProbe;
  close(): void;
}

let prefixes = 0;
const stores: { name: string; open(): Promise<Store> }[] = [
  {
    name: 'local',
    async open() {
      const root = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-storage-')), 'uploads');
      return {
        storage: localFileStorage(root),
        probe: localProbe(root),
        close: () => fs.rmSync(path.dirname(root), { recursive: true, force: true }),
      };
    },
  },
  {
    name: 's3',
    async open() {
      const config = s3.config(S3_TEST_BUCKET, `contract-${++prefixes}/`);
      // No grace: these tests are the only writer, so an uncommitted staged object is an orphan.
      const storage = await openS3FileStorage(config, { orphanGraceMs: 0 });
      return { storage, probe: s3Probe(s3, S3_TEST_BUCKET, config.prefix), close: () => storage.close() };
    },
  },
];

/** Streams data into staging in 64 KiB chunks, as an upload arrives. */
const stage = (storage: FileStorage, id: string, data: Buffer) =>
  pipeline(
    Readable.from(
      (function* () {
        for (let i = 0; i < data.length; i += 64 * 1024) yield data.subarray(i, i + 64 * 1024);
      })(),
    ),
    storage.stagingStream(id),
  );

const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

describe.each(stores)('FileStorage on $name storage', ({ open }) => {
  let store: Store;
  const fresh = async () => (store = await open());
  afterEach(() => store?.close());

  it('stages a streamed file, moves it into place on commit, and serves the same bytes', async () => {
    const { storage, probe } = await fresh();
    const id = randomUUID();
    const data = randomBytes(3 * 1024 * 1024 + 123);
    await stage(storage, id, data);
    expect(await probe.staged()).toEqual([id]);
    expect(await probe.stored()).toEqual([]);

    await storage.commit(id);
    expect(await probe.staged()).toEqual([]);
    expect(await probe.stored()).toEqual([id]);
    const file = await storage.open(id);
    expect(file?.size).toBe(data.length);
    expect((await readAll(file!.stream)).equals(data)).toBe(true);

    await storage.commit(id); // idempotent: a second move (e.g. by recovery) is a no-op
    expect(await probe.stored()).toEqual([id]);
  });

  it('serves a file still staged (a crash between commit and move), and nothing for an unknown id', async () => {
    const { storage } = await fresh();
    const id = randomUUID();
    await stage(storage, id, Buffer.from('still staged'));
    const file = await storage.open(id);
    expect(file?.size).toBe(12);
    expect((await readAll(file!.stream)).toString()).toBe('still staged');
    expect(await storage.open(randomUUID())).toBeUndefined();
  });

  it('removes staged and committed files, idempotently', async () => {
    const { storage, probe } = await fresh();
    const [staged, committed] = [randomUUID(), randomUUID()];
    await stage(storage, staged, Buffer.from('a'));
    await stage(storage, committed, Buffer.from('b'));
    await storage.commit(committed);
    await storage.remove(staged);
    await storage.remove(committed);
    await storage.remove(randomUUID());
    expect(await probe.staged()).toEqual([]);
    expect(await probe.stored()).toEqual([]);
    expect(await storage.open(committed)).toBeUndefined();
  });

  it('reads and rewrites a staged file (how an SVG is sanitized before commit)', async () => {
    const { storage } = await fresh();
    const id = randomUUID();
    await stage(storage, id, Buffer.from('<svg onload="x()"/>'));
    expect((await storage.readStaged(id)).toString()).toBe('<svg onload="x()"/>');
    await storage.writeStaged(id, Buffer.from('<svg/>'));
    await storage.commit(id);
    const file = await storage.open(id);
    expect(file?.size).toBe(6);
    expect((await readAll(file!.stream)).toString()).toBe('<svg/>');
  });

  it('keeps nothing of an upload cut off mid-file', async () => {
    const { storage, probe } = await fresh();
    const id = randomUUID();
    const cut = pipeline(
      Readable.from(
        (async function* () {
          yield randomBytes(256 * 1024);
          yield randomBytes(256 * 1024);
          throw new Error('client went away');
        })(),
      ),
      storage.stagingStream(id),
    );
    await expect(cut).rejects.toThrow('client went away');
    await storage.remove(id); // what the multipart reader does on any failure
    expect(await probe.staged()).toEqual([]);
    expect(await storage.open(id)).toBeUndefined();
  });

  it('recover() finishes moves of committed documents and deletes staged files of none', async () => {
    const { storage, probe } = await fresh();
    const [committed, orphan] = [randomUUID(), randomUUID()];
    await stage(storage, committed, Buffer.from('committed'));
    await stage(storage, orphan, Buffer.from('orphan'));
    const asked: string[][] = [];
    const result = await storage.recover(async (ids) => {
      asked.push([...ids].sort());
      return new Set(ids.filter((id) => id === committed));
    });
    expect(result).toEqual({ moved: 1, removed: 1 });
    expect(asked).toEqual([[committed, orphan].sort()]);
    expect(await probe.staged()).toEqual([]);
    expect(await probe.stored()).toEqual([committed]);
    expect((await readAll((await storage.open(committed))!.stream)).toString()).toBe('committed');
    expect(await storage.open(orphan)).toBeUndefined();
    expect(await storage.recover(async () => new Set())).toEqual({ moved: 0, removed: 0 });
  });

  it('refuses names that are not document ids', async () => {
    const { storage } = await fresh();
    expect(() => storage.stagingStream('../../etc/passwd')).toThrow('bad file id');
    await expect(storage.open('../x')).rejects.toThrow('bad file id');
    await expect(storage.commit('x/../../y')).rejects.toThrow('bad file id');
  });
});

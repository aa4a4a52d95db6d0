/**
 * The two document stores under test, each with a probe that lists what it holds, so that the
 * same upload tests run against local disk and against S3 (s3rver) through describe.each.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../src/config';
import type { S3TestServer } from './s3-server';

export interface StorageProbe {
  /** Ids of staged files (uploaded, not yet moved into place), sorted. */
  staged(): Promise<string[]>;
  /** Ids of files in place, sorted. */
  stored(): Promise<string[]>;
  /** The bytes of a file in place exactly as the store holds them, or undefined. */
  raw(id: string): Promise<Buffer | undefined>;
  /** Overwrites a file in place behind the app's back (a damaged or planted file). */
  overwrite(id: string, data: Buffer): Promise<void>;
}

export interface StorageKind {
  name: 'local' | 's3';
  /** Configuration overrides for `build()`. */
  config: Partial<Config>;
  probe(config: Config): StorageProbe;
}

const listDir = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir) : []);

/** What localFileStorage(root) holds: `.staging/<id>` and `<id[0..2]>/<id>`. */
export function localProbe(root: string): StorageProbe {
  const file = (id: string) => path.join(root, id.slice(0, 2), id);
  return {
    raw: async (id) => (fs.existsSync(file(id)) ? fs.readFileSync(file(id)) : undefined),
    overwrite: async (id, data) => {
      fs.mkdirSync(path.dirname(file(id)), { recursive: true });
      fs.writeFileSync(file(id), data);
    },
    staged: async () => listDir(path.join(root, '.staging')).sort(),
    stored: async () =>
      listDir(root)
        .filter((d) => d !== '.staging')
        .flatMap((d) => listDir(path.join(root, d)))
        .sort(),
  };
}

/** What s3FileStorage holds: `<prefix>staging/<id>` and `<prefix>documents/<id>`. */
export function s3Probe(s3: S3TestServer, bucket: string, prefix: string): StorageProbe {
  const ids = async (folder: string) =>
    (await s3.keys(bucket, `${prefix}${folder}/`)).map((k) => k.slice(`${prefix}${folder}/`.length));
  return {
    staged: () => ids('staging'),
    stored: () => ids('documents'),
    raw: (id) => s3.get(bucket, `${prefix}documents/${id}`),
    overwrite: (id, data) => s3.put(bucket, `${prefix}documents/${id}`, data),
  };
}

export const S3_TEST_BUCKET = 'registrar-docs';

export function storageKinds(s3: S3TestServer): StorageKind[] {
  const prefix = 'registrar/';
  return [
    { name: 'local', config: {}, probe: (config) => localProbe(path.join(config.dataDir, 'uploads')) },
    {
      name: 's3',
      config: { s3: s3.config(S3_TEST_BUCKET, prefix) },
      probe: () => s3Probe(s3, S3_TEST_BUCKET, prefix),
    },
  ];
}

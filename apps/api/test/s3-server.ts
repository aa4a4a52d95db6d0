/**
 * A real S3 protocol peer for tests: s3rver (an S3-compatible server in Node, storing objects in
 * its own temporary directory) on a free port. It can be stopped and started again on the same
 * port with the same objects, to test an unreachable store and its return.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Config } from '../src/config';

// The SDK warns once per process that its 2027 releases will need Node 22; not news to a test run.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

/** s3rver's one account. */
const CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface S3TestServer {
  endpoint: string;
  /** Where the server keeps its objects on disk (searched by tests that must find nothing left). */
  directory: string;
  /** Configuration for a bucket on this server (created on start), as S3_* would give it. */
  config(bucket: string, prefix?: string): S3Config;
  /** Every key in the bucket under the prefix, sorted. */
  keys(bucket: string, prefix?: string): Promise<string[]>;
  /** An object's bytes as stored, or undefined. */
  get(bucket: string, key: string): Promise<Buffer | undefined>;
  /** Stores bytes under a key, bypassing the app (to plant or damage a file). */
  put(bucket: string, key: string, data: Buffer): Promise<void>;
  /** Stops answering: connections are refused until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function startS3Server(buckets: string[]): Promise<S3TestServer> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-s3rver-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name })),
    });
    ({ port } = await server.run());
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    running.httpServer.closeAllConnections(); // the SDK keeps sockets alive
    await running.close();
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: CREDENTIALS,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
    endpoint,
    directory,
    config: (bucket, prefix = '') => ({
      bucket,
      endpoint,
      region: 'us-east-1',
      credentials: CREDENTIALS,
      forcePathStyle: true,
      prefix,
    }),
    async keys(bucket, prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        );
        keys.push(...(page.Contents ?? []).map((o) => o.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async get(bucket, key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        return Buffer.from(await object.Body!.transformToByteArray());
      } catch (err) {
        if ((err as { name?: string }).name === 'NoSuchKey') return undefined;
        throw err;
      }
    },
    async put(bucket, key, data) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: data }));
    },
    stop,
    start,
    async close() {
      client.destroy();
      await stop();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

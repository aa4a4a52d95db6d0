/**
 * The server entry as an operator meets it: a real process started with environment variables.
 * Bad configuration and a second server on the same DATA_DIR exit 1 with one clear line;
 * SIGTERM finishes and exits 0, releasing DATA_DIR. PGlite only: these are about DATA_DIR.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  apiDir,
  createCourseAt,
  freePort,
  migratedDataDir,
  signInAt,
  startServer as start,
  startWithAdmin,
} from './server-process';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));
const startServer = (env: Record<string, string>) => {
  const server = start(env);
  children.push(server.child);
  return server;
};

// Runs in the PGlite project only (vitest.config.ts): DATA_DIR and the process do not depend on the database kind.
describe('the server process', () => {
  it('exits 1 with one line naming a bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    const lines = server.output().stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  it('refuses a second server on the same DATA_DIR, and SIGTERM shuts down cleanly', async () => {
    const dataDir = migratedDataDir('proc');
    const port = await freePort();
    const first = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await first.ready();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output().stderr).toMatch(/already using DATA_DIR/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output().stdout).toContain('shutdown complete');
    expect(fs.existsSync(path.join(dataDir, 'registrar.lock'))).toBe(false);

    // The directory is free again, and the data survived.
    const third = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    await third.ready();
    third.child.kill('SIGTERM');
    expect(await third.exited).toBe(0);
  }, 180_000);

  it('creates the database of a first start in a process that exits, and restarts straight to serving', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-first-'));
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password };
    const first = startServer(env);
    await first.ready();
    // The preparing process said so and ended before the server went on to serve.
    expect(first.output().stdout).toContain(`The database in ${path.join(dataDir, 'db')} is ready.`);
    const journal = JSON.parse(fs.readFileSync(path.join(apiDir, 'drizzle/meta/_journal.json'), 'utf8')) as {
      entries: { tag: string }[];
    };
    expect(fs.readFileSync(path.join(dataDir, '.migrated'), 'utf8').trim()).toBe(journal.entries.at(-1)!.tag);
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    const again = startServer(env);
    await again.ready();
    expect(again.output().stdout).not.toContain('is ready.\n');
    expect(await signInAt(`http://127.0.0.1:${port}`, ADMIN.email, ADMIN.password)).toBeTruthy();
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 180_000);

  it('on SIGTERM finishes a request in flight, then exits 0', async () => {
    const { server, port, base } = await startWithAdmin(startServer);
    const token = await signInAt(base, ADMIN.email, ADMIN.password);
    const course = await createCourseAt(base, token);
    expect(course.status).toBe(201);
    const body = JSON.stringify({
      name: 'Slow Visitor',
      address: 'Pune',
      email: 'slow@example.in',
      phoneNumber: '9876500000',
      areaOfInterest: ['Data Science'],
      reference: 'website',
    });
    // A visitor on a slow phone: half the body is sent, then the server is told to stop.
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path: '/api/inquiry',
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 40));
      setTimeout(() => {
        server.child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(40)), 500);
      }, 200);
    });
    const res = await answer;
    // The inquiry was taken in full, though the server had been told to stop while it arrived.
    expect(res.status, res.text).toBe(201);
    expect(JSON.parse(res.text)).toMatchObject({ success: true });
    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutting down: finishing requests in flight');
  }, 180_000);

  it('creates the first staff account once, printing a generated password, never with a default', async () => {
    const dataDir = migratedDataDir('proc');
    const first = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await first.ready();
    const out = first.output().stdout;
    expect(out).toContain('First staff account created');
    const password = /password: (\S+)/.exec(out)![1]!;
    expect(password).toMatch(/^[A-Za-z0-9]{20}$/);
    // The password is printed to the terminal, never into the JSON logs.
    expect(out.split('\n').filter((l) => l.startsWith('{') && l.includes(password))).toEqual([]);
    first.child.kill('SIGTERM');
    await first.exited;

    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await second.ready();
    expect(second.output().stdout).not.toContain('First staff account created');
    second.child.kill('SIGTERM');
    await second.exited;
  }, 180_000);

  it('creates the first account from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const { server, base } = await startWithAdmin(startServer);
    expect(server.output().stdout).toContain('First staff account created for head@institute.in');
    const res = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(res.status).toBe(200);
    server.child.kill('SIGTERM');
    await server.exited;
  }, 180_000);

  it('takes over the lock of a server that was killed with -9', async () => {
    const dataDir = migratedDataDir('proc');
    const first = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await first.ready();
    first.child.kill('SIGKILL');
    await first.exited;
    expect(fs.existsSync(path.join(dataDir, 'registrar.lock'))).toBe(true);
    const second = startServer({ DATA_DIR: dataDir, PORT: String(await freePort()) });
    await second.ready();
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 180_000);
});

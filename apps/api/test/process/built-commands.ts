/**
 * The commands an operator runs, as separate processes from one build (`node build.mjs`, what
 * `npm run backup|restore|staff` run after building), and a running server's API seen from outside:
 * enrol with documents through the public form, download every document.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminQuery, postgresUrl, withDatabase } from '../build-app';
import { enrolmentParts } from '../document-fixtures';
import { multipart } from '../fixtures/files';
import { apiDir, freePort, startServer, type ServerProcess } from './server-process';

/** Builds dist/ once for the file that asks. */
export function buildOnce(): void {
  const built = spawnSync(process.execPath, ['build.mjs'], { cwd: apiDir, encoding: 'utf8', timeout: 120_000 });
  if (built.status !== 0) throw new Error(`build failed: ${built.stderr}`);
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export const children: ChildProcess[] = [];

/** `node dist/<cli>.js …`: what `npm run backup|restore|staff -- …` runs. */
export function command(
  cli: 'backup-cli' | 'staff-cli',
  args: string[],
  env: Record<string, string>,
): Promise<CommandResult> {
  const child = spawn(process.execPath, [`dist/${cli}.js`, ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

export const tempDir = (name: string) => fs.mkdtempSync(path.join(os.tmpdir(), `registrar-${name}-`));
export const newDocumentsKey = () => randomBytes(32).toString('base64');

/** The built server on a free port, ready; killed at the end of the file if a test fails first. */
export async function startBuilt(env: Record<string, string>): Promise<{ server: ServerProcess; base: string }> {
  const port = await freePort();
  const server = startServer({ PORT: String(port), ...env }, { built: true });
  children.push(server.child);
  await server.ready();
  return { server, base: `http://127.0.0.1:${port}` };
}

export async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  if ((await server.exited) !== 0) throw new Error(`server did not stop cleanly: ${server.output().stderr}`);
}

let people = 0;

/** Enrols a person with a photo, Aadhaar front and back through the running server's public form. */
export async function enrolAt(base: string, courseId: string): Promise<void> {
  const n = ++people;
  const phone = `98${String(process.pid % 1000).padStart(3, '0')}${String(n).padStart(5, '0')}`;
  const body = multipart(enrolmentParts(`Drill Person ${n}`, phone, courseId));
  const res = await fetch(`${base}/api/student-enrollment`, {
    method: 'POST',
    headers: body.headers,
    body: body.payload,
  });
  if (res.status !== 201) throw new Error(`enrolment failed: ${res.status} ${await res.text()}`);
}

/** Every document of every enrolment, downloaded as staff do: id → bytes (and the status of any that failed). */
export async function downloadAll(base: string, token: string): Promise<Map<string, Buffer | number>> {
  const auth = { authorization: `Bearer ${token}` };
  const list = (await (await fetch(`${base}/api/student-enrollment?limit=50`, { headers: auth })).json()) as {
    data: { items: { _id: string }[] };
  };
  const out = new Map<string, Buffer | number>();
  for (const { _id } of list.data.items) {
    const detail = (await (await fetch(`${base}/api/student-enrollment/${_id}`, { headers: auth })).json()) as {
      data: { documents: { _id: string; url: string }[] };
    };
    for (const d of detail.data.documents) {
      const res = await fetch(new URL(d.url, base), { headers: auth });
      out.set(d._id, res.status === 200 ? Buffer.from(await res.arrayBuffer()) : res.status);
    }
  }
  return out;
}

/** Waits for the server's first nightly archive in `dir` (written a few seconds after start). */
export async function nightlyArchive(dir: string): Promise<string> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const found = fs.existsSync(dir)
      ? fs.readdirSync(dir).find((f) => /^registrar-\d{4}-\d{2}-\d{2}\.tar$/.test(f))
      : undefined;
    if (found) return path.join(dir, found);
    if (Date.now() > deadline) throw new Error(`no nightly archive in ${dir}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server; its URL, and a way to drop it. */
export async function freshPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `registrar_drill_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name}`);
  return {
    url: withDatabase(postgresUrl!, name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

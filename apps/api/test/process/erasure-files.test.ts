/**
 * The embedded database's table files, as a real server leaves them: after an erasure (whose
 * rewrite of the touched tables is its vacuum) and a stop, no file under DATA_DIR/db/base holds
 * the erased person's name, though it did before.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { apiPaths } from '@registrar/contract/api-paths';
import { enrolmentForm } from '../fixtures/enrolments';
import { ADMIN, createCourseAt, freePort, signInAt, startServer, startWithAdmin } from './server-process';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));
const tracked = (env: Record<string, string>) => {
  const server = startServer(env);
  children.push(server.child);
  return server;
};

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return filesUnder(full);
    return d.isFile() ? [full] : [];
  });
}

it('an erased name is in no file under db/base once the server has erased, vacuumed and stopped', async () => {
  const first = await startWithAdmin(tracked);
  const token = await signInAt(first.base, ADMIN.email, ADMIN.password);
  const course = (await (await createCourseAt(first.base, token)).json()) as { data: { _id: string } };
  const person = { name: 'Zephyrine Oakhollow', email: 'zephyrine.oakhollow@example.com', phoneNumber: '9855512391' };
  const form = enrolmentForm({ ...person, courseId: course.data._id });
  const enrolled = await fetch(`${first.base}${apiPaths.enrollments}`, {
    method: 'POST',
    headers: form.headers,
    body: new Uint8Array(form.payload),
  });
  expect(enrolled.status, await enrolled.text()).toBe(201);
  first.server.child.kill('SIGTERM');
  expect(await first.server.exited).toBe(0);
  const base = path.join(first.dataDir, 'db', 'base');
  const holding = () => filesUnder(base).filter((f) => fs.readFileSync(f).includes(Buffer.from(person.name)));
  // The name really reached the table files before the erasure.
  expect(holding().length).toBeGreaterThan(0);

  const port = await freePort();
  const again = tracked({
    DATA_DIR: first.dataDir,
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await again.ready();
  const url = `http://127.0.0.1:${port}`;
  const erased = await fetch(`${url}/api/student-erasure`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${await signInAt(url, ADMIN.email, ADMIN.password)}`,
    },
    body: JSON.stringify({ email: person.email, reason: 'Asked by mail' }),
  });
  expect(erased.status, await erased.text()).toBe(201);
  again.child.kill('SIGTERM');
  expect(await again.exited).toBe(0);

  expect(holding()).toEqual([]);
  fs.rmSync(first.dataDir, { recursive: true, force: true });
  // Two starts of a real server on a database on disk, on a machine others share.
}, 240_000);

/**
 * `npm run backup` while a server with the embedded database runs (it holds DATA_DIR, so the
 * server writes the archive), then `npm run restore` into an empty DATA_DIR, and a second restore
 * refused with one line.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readBackup } from '../../src/services/backup/backup-archive';
import { ADMIN, apiDir, createCourseAt, signInAt, startServer, startWithAdmin } from './server-process';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

function cli(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/backup-cli.ts', ...args], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, ...env },
  });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

describe('npm run backup / restore with the embedded database', () => {
  it('backs up a running server, restores into an empty DATA_DIR, refuses a filled one', async () => {
    const { server, dataDir, base } = await startWithAdmin((env) => {
      const started = startServer(env);
      children.push(started.child);
      return started;
    });
    const token = await signInAt(base, ADMIN.email, ADMIN.password);
    const course = await createCourseAt(base, token);
    expect(course.status).toBe(201);

    const archive = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-archive-')), 'live.tar');
    const backup = await cli(['backup', archive], { DATA_DIR: dataDir });
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    // Still serving, and the archive holds what was there.
    expect((await fetch(`${base}/api/health/ready`)).status).toBe(200);
    const { manifest } = await readBackup(archive);
    expect(manifest.tables).toMatchObject({ staff: 1, courses: 1 });

    const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-restored-'));
    const restore = await cli(['restore', archive], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const again = await cli(['restore', archive], { DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^The database is not empty \(table \w+ has rows\): restore needs an empty one\.\n$/);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 240_000);
});

/**
 * The DATA_DIR lock belongs to a live Registrar server only. A zombie (exited, not yet reaped: a
 * server just killed with -9 is one for a moment), a dead pid, a pid the kernel gave to another
 * program, or a bare pid of an unrelated process left in the file never stop a start; a real
 * owner still does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../src/lib/data-dir-lock';
import { freePort, migratedDataDir, startServer } from './server-process';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

const freshDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-lock-'));
const lockFile = (dir: string) => path.join(dir, 'registrar.lock');

function stat(pid: number): { state: string; start: string } {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0]!, start: fields[19]! };
}

/** An unrelated live process (`sleep`). */
function sleeper(): number {
  const child = spawn('sleep', ['120'], { stdio: 'ignore' });
  children.push(child);
  return child.pid!;
}

/** A process that has exited but whose parent (a `sleep` that never calls wait) has not reaped it. */
async function zombie(): Promise<number> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 120'], { stdio: ['ignore', 'pipe', 'ignore'] });
  children.push(parent);
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (d: Buffer) => resolve(Number.parseInt(d.toString(), 10))),
  );
  for (let i = 0; i < 100 && stat(pid).state !== 'Z'; i += 1) await new Promise((r) => setTimeout(r, 20));
  expect(stat(pid).state).toBe('Z');
  return pid;
}

function deadPid(): number {
  const child = spawn('true');
  const pid = child.pid!;
  return pid;
}

describe('the DATA_DIR lock', () => {
  it('is taken over from a zombie that was a server (same pid and start time)', async () => {
    const dir = freshDir();
    const pid = await zombie();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: stat(pid).start }));
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(lockFile(dir), 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it('is taken over from a dead pid', async () => {
    const dir = freshDir();
    const pid = deadPid();
    await new Promise((r) => setTimeout(r, 200));
    expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: '1' }));
    lockDataDir(dir).release();
  });

  it('is taken over when the pid now belongs to another process (start time differs)', () => {
    const dir = freshDir();
    const pid = sleeper();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: String(Number(stat(pid).start) - 1) }));
    lockDataDir(dir).release();
  });

  it('is taken over from a bare pid of an unrelated program (`sleep 120 & echo $! > registrar.lock`)', () => {
    const dir = freshDir();
    fs.writeFileSync(lockFile(dir), `${sleeper()}\n`);
    lockDataDir(dir).release();
  });

  it('refuses while its owner still runs', () => {
    const dir = freshDir();
    const pid = sleeper();
    fs.writeFileSync(lockFile(dir), JSON.stringify({ pid, start: stat(pid).start }));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(`Another Registrar server (pid ${pid}) is already using DATA_DIR`);
  });

  it('lets a server start at once over a zombie’s lock and over an unrelated pid', async () => {
    for (const owner of [
      async () => {
        const pid = await zombie();
        return JSON.stringify({ pid, start: stat(pid).start });
      },
      async () => String(sleeper()),
    ]) {
      const dir = migratedDataDir('lock');
      fs.writeFileSync(lockFile(dir), await owner());
      const server = startServer({ DATA_DIR: dir, PORT: String(await freePort()) });
      children.push(server.child);
      await server.ready();
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    }
  }, 180_000);
});

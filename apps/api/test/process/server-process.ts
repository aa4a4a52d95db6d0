/** Starts `src/server.ts` as a real process (via tsx) for the process-level tests. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * A new DATA_DIR holding a copy of the run's migrated database (global-setup.ts): a process started
 * there skips initialising and migrating PGlite, 10–30 s of WASM each time. A test of the first
 * start itself uses an empty directory instead.
 */
export function migratedDataDir(name: string): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `registrar-${name}-`));
  fs.mkdirSync(path.join(dataDir, 'db'));
  const untar = spawnSync('tar', ['-xf', inject('pgliteTemplate'), '-C', path.join(dataDir, 'db')], {
    stdio: 'ignore',
  });
  if (untar.status !== 0) throw new Error(`could not copy the migrated database into ${dataDir}`);
  return dataDir;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  exited: Promise<number | null>;
  /** Resolves when the server says it is ready; rejects if it exits or takes over 90 s (a loaded CI machine). */
  ready(): Promise<void>;
  output(): { stdout: string; stderr: string };
}

/** `built`: the bundle `npm run build` makes (dist/server.js), as `npm start` runs it; otherwise the source through tsx. */
export function startServer(env: Record<string, string>, { built = false } = {}): ServerProcess {
  const child = spawn(process.execPath, built ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    async ready() {
      const deadline = Date.now() + 90_000;
      while (!stdout.includes('Registrar is ready')) {
        if (Date.now() > deadline || child.exitCode !== null)
          throw new Error(`server did not start: ${stdout}${stderr}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    output: () => ({ stdout, stderr }),
  };
}

/** Signs in through the running server's API; the bearer token. */
export async function signInAt(base: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

/** The first staff account `startWithAdmin` configures through ADMIN_EMAIL and ADMIN_PASSWORD. */
export const ADMIN = { email: 'head@institute.in', password: 'Configured-Pass-8' };

/**
 * A ready server on a fresh DATA_DIR and a free port whose first staff account is ADMIN. `start`
 * lets a test keep track of the process it starts (to kill it if the test fails).
 */
export async function startWithAdmin(start: (env: Record<string, string>) => ServerProcess = startServer) {
  const dataDir = migratedDataDir('proc');
  const port = await freePort();
  const server = start({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  await server.ready();
  return { server, dataDir, port, base: `http://127.0.0.1:${port}` };
}

/** Creates a course through the running server's API as the holder of `token`; the raw response. */
export function createCourseAt(
  base: string,
  token: string,
  course = { name: 'Data Science', price: 30000, emiPrice: [30000] },
): Promise<Response> {
  return fetch(`${base}/api/course`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(course),
  });
}

/** Starts `src/server.ts` as a real process (via tsx) for the process-level tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

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

export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
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

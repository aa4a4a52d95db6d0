// Starts the built Registrar server on a free port with a fresh DATA_DIR for a bench script,
// and waits until /api/health answers. `stop()` ends it and removes its data.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (srv.address());
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {Record<string, string>} [env]
 * @param {{ script?: string }} [options] another build of the server (a bench comparing two builds)
 */
export async function startServer(env = {}, options = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'registrar-bench-'));
  const server = spawn(process.execPath, [options.script ?? path.join(root, 'apps/api/dist/server.js')], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    // A first start creates and migrates the embedded database: give a loaded machine longer.
    if (i > Number(process.env.BENCH_START_SECONDS ?? 90) * 10) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    base,
    pid: server.pid,
    dataDir,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.on('exit', r));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in through the API and returns the bearer token. @param {string} base @param {{email: string, password: string}} who */
export async function signIn(base, who) {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  return /** @type {{ token: string }} */ (await res.json()).token;
}

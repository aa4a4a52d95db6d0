/**
 * The running embedded server's control socket, `DATA_DIR/registrar.sock` (owner only: whoever can
 * reach it can already read DATA_DIR). The server holds DATA_DIR, so `npm run backup` and
 * `npm run staff` ask it to do their work: one JSON line in, one JSON line out.
 *   {"backup": "/absolute/file", "passphrase"?: "…"}  →  {"ok": true, "manifest": {…}}
 *   {"staff": ["verify-ledger"]}                      →  {"ok": true, "code": 0, "stdout": "…", "stderr": "…"}
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { DataDirLockedError, lockDataDir, type DataDirLock } from '../../lib/data-dir-lock';

export const CONTROL_SOCKET = 'registrar.sock';
/** A request line is small (a path, a passphrase, a few arguments). */
const MAX_REQUEST = 64 * 1024;

export type ControlRequest = { backup: string; passphrase?: string } | { staff: string[] };
export type ControlHandler = (request: ControlRequest) => Promise<Record<string, unknown>>;

export class ControlSocketError extends Error {}

function parseRequest(line: string): ControlRequest | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  const r = value as { backup?: unknown; passphrase?: unknown; staff?: unknown };
  if (
    typeof r.backup === 'string' &&
    path.isAbsolute(r.backup) &&
    ['undefined', 'string'].includes(typeof r.passphrase)
  )
    return { backup: r.backup, ...(typeof r.passphrase === 'string' ? { passphrase: r.passphrase } : {}) };
  if (Array.isArray(r.staff) && r.staff.every((a) => typeof a === 'string')) return { staff: r.staff as string[] };
  return undefined;
}

/** Listens on DATA_DIR's socket; throws when it cannot (the caller logs why). */
export async function listenForControlRequests(dataDir: string, handle: ControlHandler): Promise<net.Server> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET);
  fs.rmSync(socketPath, { force: true }); // left by a server that was killed; DATA_DIR's lock is ours
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (!input.includes('\n') && input.length <= MAX_REQUEST) return;
      socket.removeAllListeners('data');
      const request = parseRequest(input.slice(0, input.indexOf('\n')));
      if (!request) {
        socket.end(
          `${JSON.stringify({ ok: false, message: 'expected {"backup": "/absolute/path"} or {"staff": [...]}' })}\n`,
        );
        return;
      }
      handle(request).then(
        (answer) => socket.end(`${JSON.stringify({ ok: true, ...answer })}\n`),
        (err: Error) => socket.end(`${JSON.stringify({ ok: false, message: err.message })}\n`),
      );
    });
    socket.on('error', () => undefined);
  });
  const previous = process.umask(0o177); // the socket file: owner only
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
  } finally {
    process.umask(previous);
  }
  return server;
}

/** Sends one request to the server that holds DATA_DIR; its answer (`ok` true), or ControlSocketError. */
export function askRunningServer<T>(dataDir: string, request: ControlRequest): Promise<T> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path.join(dataDir, CONTROL_SOCKET));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (d: string) => (answer += d));
    socket.on('error', (err) =>
      reject(new ControlSocketError(`The server running on DATA_DIR ${dataDir} did not answer (${err.message}).`)),
    );
    socket.on('end', () => {
      let reply: { ok?: boolean; message?: string };
      try {
        reply = JSON.parse(answer) as { ok?: boolean; message?: string };
      } catch {
        reject(new ControlSocketError('The server gave no readable answer.'));
        return;
      }
      if (reply.ok) resolve(reply as T);
      else reject(new ControlSocketError(reply.message ?? 'The server gave no answer.'));
    });
  });
}

/**
 * A command line's hold on the data: with the embedded database, DATA_DIR's lock, or, while a
 * server holds it, that server's answer to `request`; on PostgreSQL nothing needs locking.
 */
export async function lockDataDirOrAskServer<T>(
  config: { databaseUrl: string | undefined; dataDir: string },
  request: ControlRequest,
): Promise<{ lock: DataDirLock | undefined } | { answer: T }> {
  if (config.databaseUrl) return { lock: undefined };
  try {
    return { lock: lockDataDir(config.dataDir) };
  } catch (err) {
    if (!(err instanceof DataDirLockedError)) throw err;
    return { answer: await askRunningServer<T>(config.dataDir, request) };
  }
}

/**
 * SIGTERM with clients connected: no new connections, the 503 envelope with Retry-After for what
 * still arrives on an open connection, `Connection: close` on every answer, the request in flight
 * finished, exit 0. Raw sockets, so the test sees exactly what a client or load balancer sees.
 */
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { MESSAGES } from '@registrar/contract/messages';
import { freePort, migratedDataDir, startServer } from './server-process';

const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.kill('SIGKILL')));

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Everything the server writes until it closes the connection, read as one HTTP response. */
function responseOf(socket: net.Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let raw = '';
    socket.on('data', (d: Buffer) => (raw += d.toString()));
    socket.once('error', reject);
    socket.once('close', () => {
      const [head = '', body = ''] = raw.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(
        lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
    });
  });
}

describe('graceful shutdown', () => {
  it('drains: refuses new connections, answers late requests with the 503 envelope, finishes in flight, exits 0', async () => {
    const dataDir = migratedDataDir('drain');
    const port = await freePort();
    const server = startServer({ DATA_DIR: dataDir, PORT: String(port) });
    children.push(server.child);
    await server.ready();

    // In flight: a sign-in whose body is still arriving.
    const body = JSON.stringify({ email: 'nobody@institute.in', password: 'Wrong-Pass-123' });
    const inFlight = await connect(port);
    const inFlightResponse = responseOf(inFlight);
    inFlight.write(
      `POST /api/login HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    // Kept alive and halfway through its next request's headers when the signal comes.
    const late = await connect(port);
    const lateResponse = responseOf(late);
    late.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n');
    await new Promise((r) => setTimeout(r, 300));

    server.child.kill('SIGTERM');
    const deadline = Date.now() + 10_000;
    while (!server.output().stdout.includes('shutting down') && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));

    await expect(connect(port)).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    late.write('\r\n');
    const answer = await lateResponse;
    expect(answer.status).toBe(503);
    expect(answer.headers['retry-after']).toBe('5');
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual({
      success: false,
      message: MESSAGES.databaseUnavailable,
      error: ERROR_CODES.unavailable,
    });

    inFlight.write(body.slice(10));
    const finished = await inFlightResponse;
    expect(finished.status).toBe(401); // answered by the route, not turned away
    expect(finished.headers.connection).toBe('close');

    expect(await server.exited).toBe(0);
    expect(server.output().stdout).toContain('shutdown complete');
  }, 180_000);
});

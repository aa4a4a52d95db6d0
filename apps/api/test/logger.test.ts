import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { build } from './build-app';
import { loggerOptions } from '../src/lib/logger';

describe('structured logs', () => {
  it('redact authorization headers, cookies, passwords and tokens', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const { app } = await build({ logger: loggerOptions('info', stream) });
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { authorization: 'Bearer secret-jwt-value', cookie: 'token=secret-cookie-value' },
    });
    await app.inject({ method: 'GET', url: '/reset-password/reset-token-in-url' });
    await app.inject({ method: 'GET', url: `/my/student-page-token-${'x'.repeat(22)}` });
    await app.inject({ method: 'GET', url: `/api/student-page-receipt/receipt-token-${'y'.repeat(24)}/x` });
    await app.inject({ method: 'GET', url: '/api/inquiry?search=searched.person%40example.in&page=1' });
    app.log.info({ headers: { authorization: 'Bearer secret-jwt-value', cookie: 'sid=secret-cookie-value' } }, 'h');
    app.log.info({ body: { email: 'a@b.c', password: 'Secret-Password-1', token: 'reset-token-value' } }, 'b');
    const output = lines.join('');
    expect(output).toContain('"msg":"request completed"');
    // One line per request, with what an operator needs from it.
    expect(output).not.toContain('"msg":"incoming request"');
    const completed = lines
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(5);
    expect(completed[0]).toMatchObject({ req: { method: 'GET' }, res: { statusCode: expect.any(Number) } });
    expect(completed[0]!.responseTime).toEqual(expect.any(Number));
    expect(output).toContain('[Redacted]');
    for (const secret of [
      'secret-jwt-value',
      'secret-cookie-value',
      'Secret-Password-1',
      'reset-token-value',
      'reset-token-in-url',
      'student-page-token',
      'receipt-token',
      'searched.person',
    ])
      expect(output).not.toContain(secret);
  });
});

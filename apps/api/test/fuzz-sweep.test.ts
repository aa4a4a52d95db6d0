/**
 * Generated bad requests against every operation of the OpenAPI document, signed in and not:
 * never a 5xx, every failure in the envelope with a message, the server healthy at the end.
 * The full sweep (1,000+ per operation, the built server on PostgreSQL) is `npm run fuzz -w bench`.
 */
import { describe, expect, it } from 'vitest';
import { checkAnswer, operationsOf, requestsFor } from '../../../bench/support/fuzz-requests.mjs';
import { build, dbKind } from './build-app';
import { makeStaff, tokenFor } from './staff-fixtures';

const PER_OPERATION = Number(process.env.FUZZ_PER_OPERATION ?? 40);

describe(`generated bad requests on ${dbKind}`, () => {
  it(`${PER_OPERATION} per operation: no 5xx, always the envelope`, { timeout: 600_000 }, async () => {
    const { app, database } = await build();
    const staff = await makeStaff(database.db);
    const token = await tokenFor(app, staff.email, staff.password);
    const logoutToken = await tokenFor(app, staff.email, staff.password);
    const doc: unknown = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(40);

    const failures: string[] = [];
    let sent = 0;
    for (const [n, op] of operations.entries()) {
      // Signing out would end the sweep's own session: that operation gets a session of its own.
      const opToken = op.path === '/api/logout' ? logoutToken : token;
      for (const [i, req] of requestsFor(op, { count: PER_OPERATION, seed: 1000 + n, token: opToken }).entries()) {
        const res = await app.inject({
          method: req.method as 'GET',
          url: req.url,
          headers: req.headers,
          ...(req.body !== undefined ? { payload: req.body } : {}),
          // Spread over many addresses, so per-address limits do not answer everything with 429.
          remoteAddress: `10.${n}.${i >> 8}.${i & 255}`,
        });
        sent += 1;
        const wrong = checkAnswer(res.statusCode, res.headers['content-type'] as string | undefined, res.body);
        if (wrong)
          failures.push(
            `${req.kind} #${i} ${req.method} ${req.url.slice(0, 120)} [${req.headers['content-type'] ?? ''}]: ${wrong}`,
          );
      }
    }
    expect(sent).toBe(operations.length * PER_OPERATION);
    expect(failures.slice(0, 20)).toEqual([]);
    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${token}` } }))
        .statusCode,
    ).toBe(200);
  });
});

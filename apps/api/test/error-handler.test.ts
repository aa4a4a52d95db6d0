import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { inquirySchema } from '@registrar/contract/inquiry';
import { MESSAGES } from '@registrar/contract/messages';
import { build } from './build-app';
import { openDatabase } from '../src/db/database';
import { HttpError } from '../src/lib/http-errors';

describe('one error handler, one envelope', async () => {
  const deadDb = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
  const { app } = await build({
    async extend(app) {
      const typed = app.withTypeProvider<ZodTypeProvider>();
      typed.post('/api/test/echo', { config: { access: 'public' }, schema: { body: inquirySchema } }, async (req) => ({
        success: true,
        data: req.body,
      }));
      typed.get('/api/test/boom', { config: { access: 'public' } }, async () => {
        throw new Error('syntax error at or near "SELECT * FROM staff WHERE password"');
      });
      typed.get('/api/test/conflict', { config: { access: 'public' } }, async () => {
        throw new HttpError(409, 'CONFLICT', 'Already there');
      });
      typed.get('/api/test/db-down', { config: { access: 'public' } }, async () =>
        deadDb.db.execute('select 1' as never),
      );
      typed.get(
        '/api/test/params/:id',
        { config: { access: 'public' }, schema: { params: z.object({ id: z.uuid() }) } },
        async () => ({}),
      );
    },
  });

  it('gives 400 with the contract message per field', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', address: 'B', email: 'a@b', phoneNumber: '0123456789', areaOfInterest: [], reference: 'x' },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MESSAGES.emailNeedsDot },
        { path: 'phoneNumber', message: MESSAGES.phoneRule },
        { path: 'areaOfInterest', message: MESSAGES.areaOfInterestRequired },
      ]),
    );
  });

  it('gives 400 for a body that is not JSON, without internals', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false });
    expect(res.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('gives 500 with a generic message and no stack trace or SQL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ success: false, message: MESSAGES.somethingWentWrong, error: 'INTERNAL_ERROR' });
    expect(res.body).not.toMatch(/SELECT|stack|\.ts:/);
  });

  it('passes a service error through with its status', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/conflict' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ success: false, message: 'Already there', error: 'CONFLICT' });
  });

  it('answers 503 when the database cannot be reached', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/db-down' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({
      success: false,
      error: 'SERVICE_UNAVAILABLE',
      message: MESSAGES.databaseUnavailable,
    });
    await deadDb.close();
  });

  it('gives a 404 envelope for an unknown /api path, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({ method, url: '/api/no/such/thing' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ success: false, message: MESSAGES.routeNotFound, error: 'NOT_FOUND' });
    }
  });

  it('gives 400 for a malformed path parameter', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/params/not-a-uuid' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('id');
  });
});

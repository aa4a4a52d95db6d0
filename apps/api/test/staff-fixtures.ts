import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Role } from '@registrar/contract/permissions';
import type { Db } from '../src/db/database';
import { createStaff } from '../src/services/staff-accounts';

export const STAFF = { email: 'Head.Office@Institute.in', password: 'Correct-Horse-9', name: 'Head Office' };

let counter = 0;
/** A staff account with its own email (so throttles never collide between tests). */
export async function makeStaff(db: Db, overrides: Partial<typeof STAFF> & { role?: Role } = {}) {
  counter += 1;
  const email = overrides.email ?? `staff${counter}.${Date.now()}@institute.in`;
  const password = overrides.password ?? STAFF.password;
  await createStaff(db, { email, password, name: overrides.name ?? STAFF.name, role: overrides.role ?? 'admin' });
  return { email, password };
}

export async function login(app: FastifyInstance, email: string, password: string, ip = '10.0.0.1') {
  const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: ip });
  return res;
}

/** Signs in and returns the bearer token. */
export async function tokenFor(app: FastifyInstance, email: string, password: string): Promise<string> {
  const res = await login(app, email, password, `10.1.${counter}.${Math.floor(Math.random() * 250)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

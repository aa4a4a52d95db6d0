/** Only HS256 sessions pass, guesses are throttled (IPv6 per /64), a reset link is forgotten once sent or expired. */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { addressKey } from '../src/services/throttle';
import { JWT_SECRET, nextIp, rows, surfaceApp } from './attack-surface-app';
import { dbKind } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

describe(`attack surface of sessions and passwords on ${dbKind}`, async () => {
  const { app, db, token } = await surfaceApp();

  describe('session tokens in any algorithm but HS256 are refused', async () => {
    const [, payloadPart] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payloadPart, 'base64url').toString()) as Record<string, unknown>;
    const profile = (t: string) =>
      app.inject({ method: 'GET', url: '/api/user-profile', headers: { authorization: `Bearer ${t}` } });
    const secret = new TextEncoder().encode(JWT_SECRET);

    it('the genuine token works (so the refusals below are about the algorithm)', async () => {
      expect((await profile(token)).statusCode).toBe(200);
    });

    it('HS512 with the right secret', async () => {
      const t = await new SignJWT(claims).setProtectedHeader({ alg: 'HS512', typ: 'JWT' }).sign(secret);
      expect((await profile(t)).statusCode).toBe(401);
    });

    it.each(['RS256', 'ES256'] as const)('%s with a real key pair', async (alg) => {
      const { privateKey } = await generateKeyPair(alg);
      const t = await new SignJWT(claims).setProtectedHeader({ alg, typ: 'JWT' }).sign(privateKey);
      expect((await profile(t)).statusCode).toBe(401);
    });

    it.each(['RS256', 'ES256'] as const)(
      '%s signed by HMAC with the secret, as if the secret were the public key',
      async (alg) => {
        const signingInput = `${Buffer.from(JSON.stringify({ alg, typ: 'JWT' })).toString('base64url')}.${payloadPart}`;
        const { createHmac } = await import('node:crypto');
        const signature = createHmac('sha256', JWT_SECRET).update(signingInput).digest('base64url');
        expect((await profile(`${signingInput}.${signature}`)).statusCode).toBe(401);
      },
    );

    it('HS256 keyed with a public key (the algorithm-confusion attack)', async () => {
      const { publicKey } = await generateKeyPair('RS256', { extractable: true });
      const pem = await exportSPKI(publicKey);
      const t = await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(new TextEncoder().encode(pem));
      expect((await profile(t)).statusCode).toBe(401);
    });
  });

  describe('change-password is throttled per account like sign-in', () => {
    it('5 wrong current passwords, then 429 with Retry-After, even for the right one; other accounts unaffected', async () => {
      const victim = await makeStaff(db);
      const victimToken = await tokenFor(app, victim.email, victim.password);
      const change = (t: string, currentPassword: string) =>
        app.inject({
          method: 'POST',
          url: '/api/change-password',
          headers: bearer(t),
          payload: { currentPassword, newPassword: 'Brand-New-Pass-77', confirmPassword: 'Brand-New-Pass-77' },
          remoteAddress: nextIp(),
        });
      for (let i = 0; i < 5; i += 1) {
        const res = await change(victimToken, `Wrong-Guess-${i}a`);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(STAFF_MESSAGES.currentPasswordWrong);
      }
      const blocked = await change(victimToken, `Wrong-Guess-9a`);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
      expect((await change(victimToken, victim.password)).statusCode).toBe(429);

      // Another account is counted on its own; a right guess takes its attempt back.
      const other = await makeStaff(db);
      const otherToken = await tokenFor(app, other.email, other.password);
      for (let i = 0; i < 4; i += 1) expect((await change(otherToken, `Nope-Guess-${i}a`)).statusCode).toBe(400);
      expect((await change(otherToken, other.password)).statusCode).toBe(200);
    });
  });

  describe('per-address limits group IPv6 by /64', () => {
    it('addressKey: one key per /64, IPv4-mapped as IPv4', () => {
      expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
      expect(addressKey('2001:db8:1:2::1')).not.toBe(addressKey('2001:db8:1:3::1'));
      expect(addressKey('::ffff:192.0.2.7')).toBe(addressKey('192.0.2.7'));
      expect(addressKey('192.0.2.7')).not.toBe(addressKey('192.0.2.8'));
      expect(addressKey('not an address')).toBe('not an address');
    });

    it('forgot-password from many addresses of one /64 is counted as one address', async () => {
      const forgot = (ip: string, i: number) =>
        app.inject({
          method: 'POST',
          url: '/api/forgot-password',
          payload: { email: `nobody${i}.${ip.length}@example.in` },
          remoteAddress: ip,
        });
      // The per-address limit is 10 an hour: 10 different addresses in one /64 use it up.
      for (let i = 0; i < 10; i += 1)
        expect((await forgot(`2001:db8:77:1:${i.toString(16)}::${i + 1}`, i)).statusCode).toBe(200);
      const eleventh = await forgot('2001:db8:77:1:abcd:ef01:2345:6789', 11);
      expect(eleventh.statusCode).toBe(429);
      // Another /64 has its own count.
      expect((await forgot('2001:db8:77:2::1', 12)).statusCode).toBe(200);
      // IPv4-mapped IPv6 shares the count of its IPv4 address.
      for (let i = 0; i < 10; i += 1)
        expect((await forgot(i % 2 ? '198.51.100.9' : '::ffff:198.51.100.9', 20 + i)).statusCode).toBe(200);
      expect((await forgot('198.51.100.9', 40)).statusCode).toBe(429);
    });
  });

  describe('a reset link is readable in the database only until its mail is sent or it expires', () => {
    const outboxText = async () =>
      (await rows<{ t: string }>(db, sql`select payload::text || coalesce(last_error, '') as t from outbox`))
        .map((r) => r.t)
        .join('\n');
    const requestReset = async (email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email },
        remoteAddress: nextIp(),
      });
      expect(res.statusCode).toBe(200);
      const match = /reset-password\/([A-Za-z0-9_-]{20,})/.exec(await outboxText());
      expect(match, 'the queued mail holds the link').not.toBeNull();
      return match![1]!;
    };

    it('sent: the body is blanked, the link still works once', async () => {
      const who = await makeStaff(db);
      await app.outbox.runOnce(); // deliver anything queued before
      const resetToken = await requestReset(who.email);
      await app.outbox.runOnce();
      expect(await outboxText()).not.toContain(resetToken);
      const [row] = await rows<{ status: string; secret_until: unknown }>(
        db,
        sql`select status, secret_until from outbox order by created_at desc limit 1`,
      );
      expect(row).toMatchObject({ status: 'sent', secret_until: null });
      // Forgetting the mail does not touch the link the staff member received.
      const reset = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: resetToken, password: 'Fresh-Start-42x', confirmPassword: 'Fresh-Start-42x' },
        remoteAddress: nextIp(),
      });
      expect(reset.statusCode, reset.body).toBe(200);
    });

    it('never sent before the link expired: the body is blanked and the mail given up', async () => {
      const who = await makeStaff(db);
      await app.outbox.runOnce();
      const resetToken = await requestReset(who.email);
      // The mail forgets its body exactly when the link stops working.
      const [tie] = await rows<{ same: boolean }>(
        db,
        sql`select o.secret_until = t.expires_at as same from outbox o, password_reset_tokens t
            where o.secret_until is not null and t.token_hash = ${createHash('sha256').update(resetToken).digest('hex')}`,
      );
      expect(tie?.same).toBe(true);
      // 31 minutes pass before the worker gets to it (say, the mail server was down).
      await db.execute(
        sql`update outbox set secret_until = secret_until - interval '31 minutes' where secret_until is not null`,
      );
      await db.execute(sql`update password_reset_tokens set expires_at = expires_at - interval '31 minutes'`);
      await app.outbox.runOnce();
      expect(await outboxText()).not.toContain(resetToken);
      const [row] = await rows<{ status: string }>(db, sql`select status from outbox order by created_at desc limit 1`);
      expect(row!.status).toBe('failed');
    });
  });
});

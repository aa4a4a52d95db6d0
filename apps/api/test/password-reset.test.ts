import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { build } from './build-app';
import { startMailCatcher } from './mail-catcher';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('forgot and reset password', async () => {
  const { app, database } = await build({
    config: { smtpUrl: catcher.url, publicUrl: 'https://admissions.example.in', instituteName: 'Acme <Institute>' },
  });
  const db = database.db;
  let ipCounter = 0;
  const forgot = (email: string, extra: object = {}, ip = `10.20.0.${(ipCounter += 1)}`) =>
    app.inject({
      method: 'POST',
      url: '/api/forgot-password',
      payload: { email, ...extra },
      remoteAddress: ip,
      headers: { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com' },
    });
  const reset = (token: unknown, password = 'Fresh-Start-42', ip = `10.21.0.${(ipCounter += 1)}`) =>
    app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password, confirmPassword: password },
      remoteAddress: ip,
    });
  const linkIn = (text: string) => /https:\/\/admissions\.example\.in\/reset-password\/([A-Za-z0-9_-]+)/.exec(text);

  it('answers the same whether or not the email exists', async () => {
    const { email } = await makeStaff(db);
    const known = await forgot(email);
    const unknown = await forgot('nobody@institute.in');
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    expect(known.json().message).toBe(STAFF_MESSAGES.forgotPasswordSent);
  });

  it('takes about as long whether or not the email exists', async () => {
    const { email } = await makeStaff(db);
    const time = async (e: string) => {
      const started = performance.now();
      await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: e },
        remoteAddress: `10.30.${(ipCounter += 1) % 250}.1`,
      });
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Seven of each, alternating, compared by their fastest: other work on a busy machine only ever
    // adds time, so the fastest of several is each path's own cost.
    for (let i = 0; i < 7; i += 1) {
      // Each account may ask 3 times an hour; use fresh accounts for the known side.
      known.push(await time(i === 0 ? email : (await makeStaff(db)).email));
      unknown.push(await time(`ghost${i}@institute.in`));
    }
    const fastest = (xs: number[]) => Math.min(...xs);
    // Both paths run one transaction with the same lookup; the difference is a couple of inserts.
    expect(Math.abs(fastest(known) - fastest(unknown))).toBeLessThan(Math.max(25, fastest(unknown)));
  });

  it('mails a single-use link built from PUBLIC_URL, never from the Host header; reset revokes every session', async () => {
    const { email, password } = await makeStaff(db);
    const session = await tokenFor(app, email, password);
    await forgot(email);
    await app.outbox.runOnce();
    const mail = await catcher.latestTo(email, /^Reset your/);
    expect(mail.subject).toBe('Reset your Acme <Institute> password');
    expect(mail.text).not.toContain('evil.example.com');
    expect(String(mail.html)).toContain('Acme &lt;Institute&gt;'); // escaped in HTML
    const token = linkIn(mail.text!)![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32); // 256 bits

    // Stored hashed: the raw token is nowhere in the database.
    const stored = await db.execute(sql`select token_hash from password_reset_tokens`);
    expect(JSON.stringify(stored)).not.toContain(token);

    const ok = await reset(token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().message).toBe(MESSAGES.passwordResetDone);
    expect((await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(session) })).statusCode).toBe(
      401,
    );
    expect((await login(app, email, password, '10.40.0.1')).statusCode).toBe(401);
    expect((await login(app, email, 'Fresh-Start-42', '10.40.0.2')).statusCode).toBe(200);

    const again = await reset(token, 'Another-Start-43');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAFF_MESSAGES.resetTokenInvalid);

    // A confirmation mail follows the reset.
    await app.outbox.runOnce();
    const confirmation = await catcher.latestTo(email, /password was changed/);
    expect(confirmation.subject).toBe('Your Acme <Institute> password was changed');
    // The moment reads as the console shows it ('25 Nov 2026, 8:20 pm'), not as a GMT header date.
    expect(confirmation.text).toMatch(/reset on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [ap]m India time/);
  });

  it('expires a link after 30 minutes', async () => {
    const { email } = await makeStaff(db);
    await forgot(email);
    await app.outbox.runOnce();
    const token = linkIn((await catcher.latestTo(email, /^Reset your/)).text!)![1]!;
    await db.execute(
      sql`update password_reset_tokens set expires_at = now() - interval '1 second' where used_at is null`,
    );
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(STAFF_MESSAGES.resetTokenInvalid);
  });

  it.each([[{}], [[]], [null], [42], [true]])('refuses a token that is not a string (%j) with 400', async (token) => {
    const res = await reset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, error: 'VALIDATION_ERROR' });
  });

  it('refuses an unknown token, a weak and a common password', async () => {
    expect((await reset('x'.repeat(43))).json().message).toBe(STAFF_MESSAGES.resetTokenInvalid);
    const weak = await reset('x'.repeat(43), 'short');
    expect(weak.json().errors[0]).toEqual({ path: 'password', message: MESSAGES.passwordRule });
    expect((await reset('x'.repeat(43), 'Password123')).json().message).toBe(STAFF_MESSAGES.passwordTooCommon);
  });
});

describe('throttling', async () => {
  const { app, database } = await build();
  const db = database.db;

  it('locks an account after 5 failed sign-ins, whatever the case, spacing or extra fields', async () => {
    const { email, password } = await makeStaff(db);
    const variants = [email, email.toUpperCase(), `  ${email} `, email, email];
    for (const [i, e] of variants.entries()) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: e, password: 'Wrong-Password-1', [`noise${i}`]: i },
        remoteAddress: `10.50.0.${i + 1}`,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password },
      remoteAddress: '10.50.1.1',
    });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked.json()).toMatchObject({ success: false, error: 'RATE_LIMITED' });
  });

  it('limits one address trying many accounts', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: `spray${i}@institute.in`, password: 'Wrong-Password-1' },
        remoteAddress: '10.60.0.1',
      });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('limits forgot-password per account and per address', async () => {
    const { email } = await makeStaff(db);
    const codes = [];
    for (let i = 0; i < 4; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/forgot-password',
        payload: { email: i % 2 ? email.toUpperCase() : email, extra: i },
        remoteAddress: `10.70.0.${i + 1}`,
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 429]);
  });

  it('limits reset attempts per address', async () => {
    const codes = [];
    for (let i = 0; i < 11; i += 1) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/reset-password',
        payload: { token: `guess-${i}`, password: 'Fresh-Start-42', confirmPassword: 'Fresh-Start-42' },
        remoteAddress: '10.80.0.1',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

import { describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { sql } from 'drizzle-orm';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { build } from './build-app';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';
import { hashPassword, isCommonPassword, verifyPassword } from '../src/services/passwords';

describe('sign-in and sessions', async () => {
  const { app, database } = await build();
  const db = database.db;

  it('signs in with the success envelope and a cookie for downloads', async () => {
    const { email, password } = await makeStaff(db);
    const res = await login(app, email.toUpperCase(), password);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, message: STAFF_MESSAGES.signedIn, data: { user: { email } } });
    expect(body.token.split('.')).toHaveLength(3);
    expect(body.data.user).not.toHaveProperty('passwordHash');
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/registrar_session=/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Strict/);
  });

  it('gives one 401 message for an unknown email and a wrong password', async () => {
    const { email } = await makeStaff(db);
    const wrong = await login(app, email, 'Wrong-Password-1', '10.9.0.1');
    const unknown = await login(app, 'nobody@institute.in', 'Wrong-Password-1', '10.9.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('Invalid email or password');
  });

  it('validates the login body with the spec messages', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email: 'a@b', password: '' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: MESSAGES.emailNeedsDot },
        { path: 'password', message: MESSAGES.loginPasswordRequired },
      ]),
    );
  });

  it('protects staff routes: no token, junk, tampered, alg none, other key → 401', async () => {
    const { email, password } = await makeStaff(db);
    const token = await tokenFor(app, email, password);
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, sub: '00000000-0000-0000-0000-000000000000' })).toString(
      'base64url',
    );
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-123'));
    const hs512 = `${Buffer.from(JSON.stringify({ alg: 'HS512', typ: 'JWT' })).toString('base64url')}.${payload}.${signature}`;
    for (const authorization of [
      undefined,
      'Bearer junk',
      `Bearer ${header}.${forged}.${signature}`,
      `Bearer ${none}`,
      `Bearer ${otherKey}`,
      `Bearer ${hs512}`,
      `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
    ]) {
      const res = await app.inject({
        method: 'GET',
        url: '/api/user-profile',
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, authorization).toBe(401);
      expect(res.json()).toMatchObject({ success: false, error: 'UNAUTHORIZED' });
    }
    const res = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.email).toBe(email);
  });

  it('refuses a state-changing request carried by the cookie alone', async () => {
    const { email, password } = await makeStaff(db);
    const res = await login(app, email, password, '10.8.0.1');
    const cookie = String(res.headers['set-cookie']).split(';')[0]!;
    const put = await app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: { cookie },
      payload: { name: 'X' },
    });
    expect(put.statusCode).toBe(401);
    const get = await app.inject({ method: 'GET', url: '/api/user-profile', headers: { cookie } });
    expect(get.statusCode).toBe(401); // profile is not a download: bearer only
  });

  it('logout revokes the session', async () => {
    const { email, password } = await makeStaff(db);
    const token = await tokenFor(app, email, password);
    const out = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/registrar_session=;/);
    const after = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) });
    expect(after.statusCode).toBe(401);
  });

  it('ends a session idle for more than 2 hours, and any session after 12 hours', async () => {
    const { email, password } = await makeStaff(db);
    const idle = await tokenFor(app, email, password);
    const old = await tokenFor(app, email, password);
    const sid = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()).sid as string;
    await db.execute(
      sql`update staff_sessions set last_seen_at = now() - interval '2 hours 1 minute' where id = ${sid(idle)}`,
    );
    await db.execute(sql`update staff_sessions set expires_at = now() - interval '1 second' where id = ${sid(old)}`);
    for (const token of [idle, old]) {
      const res = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) });
      expect(res.statusCode).toBe(401);
    }
    const fresh = await tokenFor(app, email, password);
    await db.execute(
      sql`update staff_sessions set last_seen_at = now() - interval '1 hour 59 minutes' where id = ${sid(fresh)}`,
    );
    expect((await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(fresh) })).statusCode).toBe(
      200,
    );
  });

  it('a password change keeps this session and revokes the others', async () => {
    const { email, password } = await makeStaff(db);
    const mine = await tokenFor(app, email, password);
    const other = await tokenFor(app, email, password);
    const res = await app.inject({
      method: 'POST',
      url: '/api/change-password',
      headers: bearer(mine),
      payload: { currentPassword: password, newPassword: 'Brand-New-Pass-7', confirmPassword: 'Brand-New-Pass-7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(mine) })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(other) })).statusCode).toBe(
      401,
    );
    expect((await login(app, email, password, '10.7.0.1')).statusCode).toBe(401);
    expect((await login(app, email, 'Brand-New-Pass-7', '10.7.0.2')).statusCode).toBe(200);
  });

  it('refuses a wrong current password, a common password and the spec rule', async () => {
    const { email, password } = await makeStaff(db);
    const token = await tokenFor(app, email, password);
    const attempt = (payload: object) =>
      app.inject({ method: 'POST', url: '/api/change-password', headers: bearer(token), payload });
    const wrong = await attempt({
      currentPassword: 'nope',
      newPassword: 'Brand-New-Pass-7',
      confirmPassword: 'Brand-New-Pass-7',
    });
    expect(wrong.json().message).toBe(STAFF_MESSAGES.currentPasswordWrong);
    const common = await attempt({ currentPassword: password, newPassword: 'Password1', confirmPassword: 'Password1' });
    expect(common.statusCode).toBe(400);
    expect(common.json().message).toBe(STAFF_MESSAGES.passwordTooCommon);
    const weak = await attempt({
      currentPassword: password,
      newPassword: 'alllowercase',
      confirmPassword: 'alllowercase',
    });
    expect(weak.json().errors[0]).toEqual({ path: 'newPassword', message: MESSAGES.passwordRule });
  });

  it('updates the profile (name, phone, theme) and validates it', async () => {
    const { email, password } = await makeStaff(db);
    const token = await tokenFor(app, email, password);
    const themeSettings = {
      toolbarAlignValue: 'above',
      footerAlignValue: 'below',
      toolbarDisplayValue: 'show',
      footerDisplayValue: 'hide',
      sidebarTransParentValue: 'off',
      activeLinkStyle: 'style3',
      sidebarMiniValue: 'on',
      layout: 'horizontal',
      topbarTheme: 'dark',
      sidebarTheme: 'gredient2',
      footerTheme: 'light',
      layoutTheme: 'theme4',
      sidebarBackgroundImage: 'image2',
    };
    const res = await app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: bearer(token),
      payload: { name: 'Priya Nair', phone: '9123456780', themeSettings },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user).toMatchObject({ name: 'Priya Nair', phone: '9123456780', themeSettings });
    const again = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(token) });
    expect(again.json().data.user.themeSettings).toEqual(themeSettings);
    const bad = await app.inject({
      method: 'PUT',
      url: '/api/user-profile',
      headers: bearer(token),
      payload: { name: '', phone: '0123' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual(
      expect.arrayContaining([
        { path: 'name', message: STAFF_MESSAGES.profileNameRequired },
        { path: 'phone', message: MESSAGES.phoneRule },
      ]),
    );
  });
});

describe('passwords', () => {
  it('hash with argon2id at OWASP parameters', async () => {
    const hash = await hashPassword('Correct-Horse-9');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Correct-Horse-9')).toBe(true);
  });
  it('accept long passwords and never truncate them', async () => {
    const long = `Aa${'x'.repeat(100)}`;
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long)).toBe(true);
    expect(await verifyPassword(hash, long.slice(0, 72))).toBe(false);
    expect(await verifyPassword(hash, `${long}y`)).toBe(false);
  });
  it('know the 10,000 most common passwords, whatever their case', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('Password1')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
    expect(isCommonPassword('Correct-Horse-9')).toBe(false);
  });
});

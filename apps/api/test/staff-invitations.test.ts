/**
 * Invitations read as invitations: "Set up your account" at the institute in English and Hindi,
 * a link that logs the person in, Invited on the staff list until then, Resend and Revoke.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { STAFF_ADMIN_MESSAGES } from '@registrar/contract/staff-admin';
import { build } from './build-app';
import { startMailCatcher } from './mail-catcher';
import { bearer, login, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

describe('staff invitations', async () => {
  const { app, database } = await build({
    config: { smtpUrl: catcher.url, publicUrl: 'https://admissions.example.in', instituteName: 'Sunrise Academy' },
  });
  const admin = await makeStaff(database.db, { role: 'admin' });
  const asAdmin = bearer(await tokenFor(app, admin.email, admin.password));
  let ip = 0;
  const nextIp = () => `10.61.0.${(ip += 1)}`;

  const invite = async (name: string, email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: asAdmin,
      payload: { name, email, role: 'counsellor' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data._id as string;
  };
  /** The newest invitation's link token to an address (the mail's subject starts in English). */
  const invitationLink = async (email: string) => {
    await app.outbox.runOnce();
    const mail = await catcher.latestTo(email, /^Set up your account at Sunrise Academy/);
    return { mail, token: /https:\/\/admissions\.example\.in\/set-up-account\/([A-Za-z0-9_-]+)/.exec(mail.text!)![1]! };
  };
  const setUp = (token: string, password = 'Front-Desk-2026') =>
    app.inject({
      method: 'POST',
      url: '/api/set-up-account',
      payload: { token, password, confirmPassword: password },
      remoteAddress: nextIp(),
    });
  const statusOf = async (email: string) => {
    const res = await app.inject({ method: 'GET', url: `/api/staff?search=${email}`, headers: asAdmin });
    return res.json().data.items[0] as { status: string; active: boolean; lastSignInAt: string | null };
  };
  const invitation = (id: string, method: 'POST' | 'DELETE') =>
    app.inject({ method, url: `/api/staff/${id}/invitation`, headers: asAdmin });

  it('mails "Set up your account" at the institute in English and Hindi; the link logs the person in', async () => {
    await invite('Asha Verma', 'asha@institute.in');
    expect(await statusOf('asha@institute.in')).toMatchObject({ status: 'invited', lastSignInAt: null });
    const { mail, token } = await invitationLink('asha@institute.in');
    expect(mail.subject).toBe('Set up your account at Sunrise Academy · Sunrise Academy में अपना खाता सेट करें');
    expect(mail.text).toContain('You have a staff account at Sunrise Academy as Counsellor.');
    expect(mail.text).toContain('Sunrise Academy में काउंसलर के रूप में आपका स्टाफ़ खाता बना है।');
    expect(mail.html).toContain('Set up your account · अपना खाता सेट करें');

    const res = await setUp(token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      message: STAFF_MESSAGES.accountSetUp,
      data: { user: { email: 'asha@institute.in', role: 'counsellor' } },
    });
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/i);
    const profile = await app.inject({ method: 'GET', url: '/api/user-profile', headers: bearer(res.json().token) });
    expect(profile.statusCode).toBe(200);
    // The first sign-in ends the Invited state; the link was single use.
    expect(await statusOf('asha@institute.in')).toMatchObject({ status: 'active', active: true });
    expect((await statusOf('asha@institute.in')).lastSignInAt).not.toBeNull();
    const again = await setUp(token, 'Another-Pass-2026');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(STAFF_MESSAGES.invitationInvalid);
    expect((await login(app, 'asha@institute.in', 'Front-Desk-2026', nextIp())).statusCode).toBe(200);
    // Once logged in there is no invitation left to resend or revoke.
    const id = (await app.inject({ method: 'GET', url: '/api/staff?search=asha', headers: asAdmin })).json().data
      .items[0]._id as string;
    expect((await invitation(id, 'POST')).statusCode).toBe(409);
    expect((await invitation(id, 'DELETE')).json().message).toBe(STAFF_ADMIN_MESSAGES.notInvited);
  });

  it('resend mails a new link and the old one stops working', async () => {
    const id = await invite('Bharat Das', 'bharat@institute.in');
    const first = await invitationLink('bharat@institute.in');
    const res = await invitation(id, 'POST');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: STAFF_ADMIN_MESSAGES.invitationResent, data: { status: 'invited' } });
    const second = await invitationLink('bharat@institute.in');
    expect(second.token).not.toBe(first.token);
    expect((await setUp(first.token)).statusCode).toBe(400);
    expect((await setUp(second.token)).statusCode).toBe(200);
  });

  it('revoke makes the link fail and disables the account; enabling it again lets an admin resend', async () => {
    const id = await invite('Chitra Nair', 'chitra@institute.in');
    const { token } = await invitationLink('chitra@institute.in');
    const res = await invitation(id, 'DELETE');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: STAFF_ADMIN_MESSAGES.invitationRevoked,
      data: { status: 'disabled', active: false },
    });
    const used = await setUp(token);
    expect(used.statusCode).toBe(400);
    expect(used.json().message).toBe(STAFF_MESSAGES.invitationInvalid);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/reset-password',
      payload: { token, password: 'Front-Desk-2026', confirmPassword: 'Front-Desk-2026' },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode).toBe(400);
    expect((await invitation(id, 'POST')).statusCode).toBe(409);

    const enabled = await app.inject({
      method: 'PUT',
      url: `/api/staff/${id}`,
      headers: asAdmin,
      payload: { active: true },
    });
    expect(enabled.json().data.status).toBe('invited');
    expect((await invitation(id, 'POST')).statusCode).toBe(200);
    expect((await setUp((await invitationLink('chitra@institute.in')).token)).statusCode).toBe(200);
  });

  it('refuses a bad token (400), an unknown account (404) and non-admins (403)', async () => {
    expect((await setUp('not-a-real-token')).json().message).toBe(STAFF_MESSAGES.invitationInvalid);
    const unknown = await app.inject({
      method: 'POST',
      url: '/api/staff/00000000-0000-4000-8000-000000000000/invitation',
      headers: asAdmin,
    });
    expect(unknown.statusCode).toBe(404);
    const counsellor = await makeStaff(database.db, { role: 'counsellor' });
    const headers = bearer(await tokenFor(app, counsellor.email, counsellor.password));
    const id = await invite('Dev Malhotra', 'dev@institute.in');
    expect((await app.inject({ method: 'DELETE', url: `/api/staff/${id}/invitation`, headers })).statusCode).toBe(403);
  });
});

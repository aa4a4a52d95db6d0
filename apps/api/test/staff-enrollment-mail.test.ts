/**
 * How new enrolments reach staff is each one's choice (a digest at most every 15 minutes, one mail
 * each, or none), and mail to students carries Reply-To the institute's mailbox only when it is set.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { attackSetup } from './attack-fixtures';
import { build } from './build-app';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const to = (address: string) => (m: MailCatcher['messages'][number]) =>
  (m.to as { value: { address?: string }[] }).value.some((v) => v.address?.toLowerCase() === address.toLowerCase());
const replyTo = (m: MailCatcher['messages'][number]) => m.replyTo?.value.map((v) => v.address) ?? [];

/** Rejects the enrolment (which mails the student) and delivers the outbox. */
async function rejectAndDeliver(
  app: FastifyInstance,
  auth: Record<string, string>,
  id: string,
  deliverAll: () => Promise<void>,
) {
  const res = await app.inject({
    method: 'PUT',
    url: `/api/student-enrollment-status/${id}`,
    headers: auth,
    payload: { status: 'rejected', reason: REJECTION_REASONS[0] },
  });
  expect(res.statusCode, res.body).toBe(200);
  await deliverAll();
}

describe('new enrolments reach each staff member as they choose', async () => {
  const { app, database, config } = await build({ config: { smtpUrl: catcher.url, instituteEmail: 'office@acme.in' } });
  const { admin, auth, enrol, staffMember, deliverAll } = await attackSetup(app, database.db, config);
  const oneByOne = await staffMember('counsellor', 'One By One');
  const quiet = await staffMember('accountant', 'Quiet Accountant');
  const choose = (headers: Record<string, string>, name: string, enrollmentMail: string) =>
    app.inject({ method: 'PUT', url: '/api/user-profile', headers, payload: { name, enrollmentMail } });
  const mailsTo = (address: string, subject: RegExp) =>
    catcher.messages.filter(to(address)).filter((m) => subject.test(m.subject ?? ''));

  it('starts on the digest, keeps a choice on the profile, and refuses an unknown one', async () => {
    const before = await app.inject({ method: 'GET', url: '/api/user-profile', headers: oneByOne.auth });
    expect(before.json().data.user.enrollmentMail).toBe('digest');
    const res = await choose(oneByOne.auth, 'One By One', 'each');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.user.enrollmentMail).toBe('each');
    expect((await choose(quiet.auth, 'Quiet Accountant', 'none')).statusCode).toBe(200);
    const after = await app.inject({ method: 'GET', url: '/api/user-profile', headers: oneByOne.auth });
    expect(after.json().data.user.enrollmentMail).toBe('each');

    const bad = await choose(auth, 'Head Office', 'hourly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual([{ path: 'enrollmentMail', message: STAFF_MESSAGES.enrollmentMailInvalid }]);
  });

  it('mails one by one at once, the digest once for the whole burst, and nothing to who chose none', async () => {
    const students = ['Asha Verma', 'Ravi Kumar', 'Meera Iyer'].map((name, i) => ({
      name,
      email: `burst${i}@example.in`,
      phoneNumber: `98765000${10 + i}`,
    }));
    const numbers = [];
    for (const s of students) numbers.push((await enrol(s)).number);
    await deliverAll();
    expect(mailsTo(oneByOne.email, /^New enrolment ENR-/).map((m) => m.subject)).toEqual(
      numbers.map((n, i) => `New enrolment ${n}: ${students[i]!.name} in Full Stack`),
    );
    expect(mailsTo(admin.email, /enrolment/)).toHaveLength(0);

    const now = Date.now();
    expect(await app.enrollmentDigest.runOnce(new Date(now))).toBe(3);
    await deliverAll();
    const digest = mailsTo(admin.email, /enrolment/);
    expect(digest.map((m) => m.subject)).toEqual(['3 new enrolments']);
    for (const [i, s] of students.entries()) {
      expect(digest[0]!.text).toContain(`${numbers[i]}: ${s.name} (${s.email}) enrolled in Full Stack`);
    }
    expect(digest[0]!.text).toContain('/student-enrollments/queue');
    expect(mailsTo(oneByOne.email, /new enrolments/)).toHaveLength(0);

    const late = await enrol({ name: 'Kiran Rao', email: 'late@example.in', phoneNumber: '9876500020' });
    expect(await app.enrollmentDigest.runOnce(new Date(now + 14 * 60_000))).toBe(0);
    expect(await app.enrollmentDigest.runOnce(new Date(now + 15 * 60_000))).toBe(1);
    await deliverAll();
    expect(mailsTo(admin.email, /enrolment/).map((m) => m.subject)).toEqual([
      '3 new enrolments',
      `New enrolment ${late.number}: Kiran Rao in Full Stack`,
    ]);
    expect(catcher.messages.filter(to(quiet.email))).toHaveLength(0);
  });

  it('gives student mail Reply-To the institute and invites a reply, but not staff mail', async () => {
    const { id } = await enrol({ name: 'Tara Shah', email: 'tara@example.in', phoneNumber: '9876500030' });
    await rejectAndDeliver(app, auth, id, deliverAll);
    const rejection = await catcher.latestTo('tara@example.in', /About your enrolment/);
    expect(replyTo(rejection)).toEqual(['office@acme.in']);
    expect(rejection.text).toContain('If you have questions, reply to this mail or call us.');
    expect(replyTo(await catcher.latestTo('tara@example.in', /Your enrolment ENR-/))).toEqual(['office@acme.in']);
    expect(replyTo(await catcher.latestTo(oneByOne.email, /New enrolment/))).toEqual([]);
  });
});

describe('without INSTITUTE_EMAIL', async () => {
  const { app, database, config } = await build({ config: { smtpUrl: catcher.url } });
  const { auth, enrol, deliverAll } = await attackSetup(app, database.db, config);

  it('student mail has no Reply-To and does not ask for a reply', async () => {
    const { id } = await enrol({ name: 'Nisha Pal', email: 'nisha@example.in', phoneNumber: '9876500040' });
    await rejectAndDeliver(app, auth, id, deliverAll);
    const rejection = await catcher.latestTo('nisha@example.in', /About your enrolment/);
    expect(replyTo(rejection)).toEqual([]);
    expect(rejection.text).toContain('If you have questions, call us.');
    expect(rejection.text).not.toMatch(/reply/i);
  });
});

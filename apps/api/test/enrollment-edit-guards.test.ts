/**
 * Two edits of an enrolment with consequences beyond the form: what re-plans the fees needs the
 * right to record fees, and a corrected email takes the student's page away from the old address.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { ACCESS_MESSAGES, PERMISSION_DESCRIPTIONS, can } from '@registrar/contract/permissions';
import { attackSetup, nextIp } from './attack-fixtures';
import { build } from './build-app';
import { multipart } from './fixtures/files';

const { app, database, config } = await build();
const db = database.db;
const { auth, rows, courseOf, enrol, staffMember, deliverAll, outboxDir } = await attackSetup(app, db, config);
const counsellor = await staffMember('counsellor', 'Counsellor');
const accountant = await staffMember('accountant', 'Accountant');
const cheap = await courseOf('Cheap Course', 1000, [1000]);

const edit = (id: string, fields: Record<string, string>, headers: Record<string, string>) => {
  const body = multipart(Object.entries(fields).map(([name, value]) => ({ name, value })));
  return app.inject({
    method: 'PUT',
    url: `/api/student-enrollment/${id}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};
const detail = async (id: string) =>
  (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;

describe('changes that re-plan the fees', () => {
  it('are refused to a counsellor (403, nothing changed) and allowed to one that also records fees', async () => {
    const { id } = await enrol({ name: 'Kiran Das', email: 'kiran.d@example.com', phoneNumber: '9877700001' });
    const before = await detail(id);
    expect(before.totalFee).toBe(10000);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const changes: Record<string, string>[] = [
      { courseId: cheap._id },
      { paymentMethod: 'full_payment' },
      { startDate: tomorrow },
    ];
    for (const change of changes) {
      const res = await edit(id, { ...change, name: 'Kiran Das' }, counsellor.auth);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
      expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
    }
    const after = await detail(id);
    expect(after).toMatchObject({ totalFee: 10000, courseId: before.courseId, paymentMethod: 'installment' });
    expect(after.installments).toEqual(before.installments);
    expect(after.history).toEqual(before.history);

    // Other edits stay the counsellor's, the unchanged course and method sent along with them included.
    const named = await edit(
      id,
      { name: 'Kiran Dass', courseId: before.courseId, paymentMethod: 'installment' },
      counsellor.auth,
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.name).toBe('Kiran Dass');

    // An accountant records fees but does not edit enrolments; an admin does both.
    expect((await edit(id, { courseId: cheap._id }, accountant.auth)).statusCode).toBe(403);
    const replanned = await edit(id, { courseId: cheap._id }, auth);
    expect(replanned.statusCode, replanned.body).toBe(200);
    expect(replanned.json().data.totalFee).toBe(1000);
  });

  it('are described so in the permission table and its generated documentation', () => {
    expect(can('counsellor', 'fees.record')).toBe(false);
    expect(PERMISSION_DESCRIPTIONS['fees.record']).toMatch(/course, payment method or joining date/);
    const doc = fs.readFileSync(path.join(import.meta.dirname, '../../../docs/permissions.md'), 'utf8');
    expect(doc).toContain(PERMISSION_DESCRIPTIONS['fees.record']);
  });
});

describe('a corrected email', () => {
  /** The link in the latest mail sent to `to` (mail is written as `.eml` files here). */
  const latestToken = async (to: string) => {
    await deliverAll();
    const [row] = await rows<{ id: string }>(
      sql`select id from outbox where lower(payload->>'to') = ${to} and status = 'sent' order by sent_at desc limit 1`,
    );
    const mail = await simpleParser(fs.readFileSync(path.join(outboxDir, `${row!.id}.eml`)));
    return /\/my\/([A-Za-z0-9_-]{43})\b/.exec(mail.text ?? '')![1]!;
  };
  const page = (token: string) => app.inject({ method: 'GET', url: `/api/student-page/${token}` });

  it('revokes the links mailed to the old address and sends a new one to the corrected address', async () => {
    const wrong = 'lata.typo@example.com';
    const right = 'lata.m@example.com';
    const { id } = await enrol({ name: 'Lata Mehra', email: wrong, phoneNumber: '9877700002' });
    const first = await latestToken(wrong);
    expect((await page(first)).statusCode).toBe(200);

    const res = await edit(id, { email: right }, counsellor.auth);
    expect(res.statusCode, res.body).toBe(200);
    expect((await page(first)).statusCode).toBe(404);
    const corrected = await latestToken(right);
    expect((await page(corrected)).statusCode).toBe(200);

    // A fresh link the student asks for leaves the one they hold working until it expires.
    const asked = await app.inject({
      method: 'POST',
      url: '/api/student-link-request',
      payload: { email: right },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode).toBe(200);
    const fresh = await latestToken(right);
    expect(fresh).not.toBe(corrected);
    expect((await page(fresh)).statusCode).toBe(200);
    expect((await page(corrected)).statusCode).toBe(200);
  });
});

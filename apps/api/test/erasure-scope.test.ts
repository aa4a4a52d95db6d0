/**
 * Erasure takes what is the person's and nothing else: their own mail (by recipient, whole),
 * their records (by whole values, never a substring), their inquiries however they came in. It
 * refuses staff, says which enrolments went without saying whose, and rewrites what it touched.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PRIVACY_MESSAGES } from '@registrar/contract/privacy';
import { attackSetup } from './attack-fixtures';
import { build } from './build-app';

const { app, database, config } = await build();
const db = database.db;
const { auth, rows, courseOf, enrol, inquire, staffMember, deliverAll, mailFiles, erase } = await attackSetup(
  app,
  db,
  config,
);

interface MailRow {
  id: string;
  to: string;
  payload: string;
}
const outboxRows = () => rows<MailRow>(sql`select id, payload->>'to' as "to", payload::text as payload from outbox`);
const recipientOf = (eml: string) =>
  eml
    .match(/^To: (.*)$/m)?.[1]
    ?.trim()
    .toLowerCase() ?? '';

describe('erasure takes only what is the person’s', () => {
  it('keeps every other student’s mail and every staff mail, queued or sent, even under the "name: the" attack', async () => {
    const victim = { name: 'Ali', email: 'ali.k@example.com', phoneNumber: '9811100001' };
    const other = { name: 'Bina Rao', email: 'bina.rao@example.com', phoneNumber: '9811100002' };
    await enrol(victim);
    await enrol(other);
    await deliverAll();
    // Anyone can tie the victim's email to the word "the" through the public inquiry form.
    await inquire({ name: 'the', email: victim.email, phoneNumber: '9811100003' });
    // Queued, not yet sent: a staff invitation and another student's confirmation.
    const invited = await app.inject({
      method: 'POST',
      url: '/api/staff',
      headers: auth,
      payload: { name: 'New Counsellor', email: 'new.counsellor@institute.in', role: 'counsellor' },
    });
    expect(invited.statusCode, invited.body).toBe(201);
    await enrol({ name: 'Chetan', email: 'chetan@example.com', phoneNumber: '9811100004' });

    const before = await outboxRows();
    const filesBefore = mailFiles();
    const theirs = (to: string) => to.toLowerCase() === victim.email;
    expect(before.map((m) => m.to)).toEqual(
      expect.arrayContaining([victim.email, other.email, 'chetan@example.com', 'new.counsellor@institute.in']),
    );
    expect([...filesBefore.values()].map(recipientOf)).toEqual(expect.arrayContaining([victim.email, other.email]));

    const res = await erase(victim.email);
    expect(res.statusCode, res.body).toBe(201);

    const after = new Map((await outboxRows()).map((m) => [m.id, m]));
    const filesAfter = mailFiles();
    for (const m of before) {
      if (theirs(m.to)) {
        expect(after.has(m.id), `mail to ${m.to}`).toBe(false);
        continue;
      }
      // Every mail to someone else survives; one not about the victim is exactly as it was.
      expect(after.has(m.id), `mail to ${m.to}`).toBe(true);
      if (!m.payload.toLowerCase().includes(victim.email)) expect(after.get(m.id)!.payload).toBe(m.payload);
      expect(after.get(m.id)!.payload.toLowerCase()).not.toContain(victim.email);
    }
    for (const [name, eml] of filesBefore) {
      if (theirs(recipientOf(eml))) {
        expect(filesAfter.has(name), name).toBe(false);
        continue;
      }
      expect(filesAfter.has(name), `file to ${recipientOf(eml)}`).toBe(true);
      if (!eml.toLowerCase().includes(victim.email)) expect(filesAfter.get(name)).toBe(eml);
      expect(filesAfter.get(name)!.toLowerCase()).not.toContain(victim.email);
    }
    // The other student is whole.
    const [kept] = await rows<{ name: string }>(sql`select name from enrollments where email = ${other.email}`);
    expect(kept).toEqual({ name: other.name });
  });

  it('finds the person’s inquiries by email, phone and linked enrolment; a search then finds nothing', async () => {
    const person = { name: 'Devika Menon', email: 'devika.home@example.com', phoneNumber: '9822200001' };
    const work = 'devika.menon@workplace.example';
    await inquire({ ...person, email: work });
    // The enrolment (personal email, same phone) links that first inquiry.
    await enrol(person);
    await inquire({ ...person, email: work });
    const search = async (what: 'inquiry' | 'student-enrollment', needle: string) =>
      (
        await app.inject({
          method: 'GET',
          url: `/api/${what}?search=${encodeURIComponent(needle)}&page=1&limit=10`,
          headers: auth,
        })
      ).json().data.total as number;
    expect(await search('inquiry', work)).toBe(2);

    const res = await erase(person.email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.counts).toMatchObject({ inquiries: 2, enrollmentsDeleted: 1 });
    for (const needle of [person.name, person.email, work, person.phoneNumber]) {
      expect(await search('inquiry', needle), needle).toBe(0);
      expect(await search('student-enrollment', needle), needle).toBe(0);
    }
  });

  it('refuses a staff email (409) and keeps the staff member in the audit trail', async () => {
    const counsellor = await staffMember('counsellor', 'Farah Counsellor');
    const audited = async () =>
      (
        await rows<{ n: number }>(
          sql`select count(*)::int as n from audit_log where lower(actor_email) = ${counsellor.email.toLowerCase()}`,
        )
      )[0]!.n;
    await expect.poll(audited).toBeGreaterThan(0);
    const entries = await audited();

    const res = await erase(counsellor.email.toUpperCase());
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ success: false, message: PRIVACY_MESSAGES.staffEmail });
    expect(await audited()).toBe(entries);
    expect((await rows(sql`select id from staff where email = ${counsellor.email}`)).length).toBe(1);
  });

  it('names the erased enrolment numbers in its record and its audit entry, never the person', async () => {
    const person = { name: 'Gauri Shetty', email: 'gauri.s@example.com', phoneNumber: '9833300001' };
    const first = await enrol(person);
    const second = await enrol(person, { courseId: (await courseOf('Data Science', 1000, [1000]))._id });
    const res = await erase(person.email);
    expect(res.statusCode, res.body).toBe(201);
    const numbers = [first.number, second.number].sort();
    expect(res.json().data.enrollmentNumbers).toEqual(numbers);

    const [record] = await rows<{ id: string; enrollment_numbers: string[] }>(
      sql`select id, enrollment_numbers from erasures where id = ${res.json().data._id}`,
    );
    expect(record!.enrollment_numbers).toEqual(numbers);
    const entry = async () =>
      (
        await rows<{ changes: unknown }>(
          sql`select changes from audit_log where entity = 'privacy' and entity_id = ${record!.id}`,
        )
      )[0];
    await expect.poll(entry).toEqual({ changes: { enrollmentNumbers: { from: null, to: numbers.join(', ') } } });
    const said = JSON.stringify([record, await entry()]).toLowerCase();
    for (const identifier of Object.values(person)) expect(said).not.toContain(identifier.toLowerCase());
  });

  it('rewrites the tables it wrote, so no old row version stays in their files', async () => {
    const person = { name: 'Harsh Vora', email: 'harsh.v@example.com', phoneNumber: '9844400001' };
    await inquire(person);
    await enrol(person);
    await deliverAll();
    const fileOf = async (table: string) =>
      (await rows<{ f: string }>(sql`select pg_relation_filenode(${table}::regclass)::text as f`))[0]!.f;
    const tables = ['enrollments', 'inquiries', 'outbox', 'enrollment_documents'];
    const before = await Promise.all(tables.map(fileOf));
    const untouched = await fileOf('courses');
    expect((await erase(person.email)).statusCode).toBe(201);
    const after = await Promise.all(tables.map(fileOf));
    tables.forEach((t, i) => expect(after[i], t).not.toBe(before[i]));
    expect(await fileOf('courses')).toBe(untouched);
  });
});

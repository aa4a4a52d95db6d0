/**
 * Staff mail about new records follows the role table: only active staff whose role may read the
 * record hear of it, and a role that may not see contact details gets the mail without them.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { attackSetup } from './attack-fixtures';
import { build } from './build-app';

const { app, database, config } = await build();
const db = database.db;
const { admin, rows, enrol, inquire, staffMember } = await attackSetup(app, db, config);

const counsellor = await staffMember('counsellor', 'Active Counsellor');
const disabled = await staffMember('counsellor', 'Disabled Counsellor');
await db.execute(sql`update staff set active = false where email = ${disabled.email}`);
const viewer = await staffMember('viewer', 'Viewer');
const accountant = await staffMember('accountant', 'Accountant');

/** The mails queued to each address whose subject matches, as text. */
async function mailsTo(subject: RegExp) {
  const all = await rows<{ to: string; subject: string; text: string }>(
    sql`select lower(payload->>'to') as "to", payload->>'subject' as subject, payload->>'text' as text from outbox`,
  );
  const by = new Map<string, string[]>();
  for (const m of all.filter((r) => subject.test(r.subject))) by.set(m.to, [...(by.get(m.to) ?? []), m.text]);
  return by;
}
const address = (s: { email: string }) => s.email.toLowerCase();

describe('staff notices', () => {
  it('tell a new enrolment to active staff who may read enrolments, with contact details only to those who may see them', async () => {
    const student = { name: 'Indira Pawar', email: 'indira.p@example.com', phoneNumber: '9866600001' };
    const { number } = await enrol(student);
    expect(await app.enrollmentDigest.runOnce()).toBe(1);
    const mails = await mailsTo(new RegExp(`^New enrolment ${number}`));
    expect([...mails.keys()].sort()).toEqual([admin, counsellor, viewer, accountant].map(address).sort());
    expect(mails.has(address(disabled))).toBe(false);
    for (const who of [admin, counsellor, accountant]) expect(mails.get(address(who))!.join()).toContain(student.email);
    const forViewer = mails.get(address(viewer))!.join();
    expect(forViewer).toContain(`${student.name} enrolled in Full Stack`);
    expect(forViewer).not.toContain(student.email);
  });

  it('send the inquiry digest only to active staff who may read inquiries, without contact details for a role that may not see them', async () => {
    const prospect = { name: 'Jaya Kulkarni', email: 'jaya.k@example.com', phoneNumber: '9866600002' };
    await inquire(prospect);
    expect(await app.inquiryDigest.runOnce(new Date(Date.now() + 120_000))).toBe(1);
    const mails = await mailsTo(/^New inquiry from Jaya Kulkarni/);
    expect([...mails.keys()].sort()).toEqual([admin, counsellor, viewer].map(address).sort());
    for (const who of [admin, counsellor]) {
      expect(mails.get(address(who))!.join()).toContain(prospect.email);
      expect(mails.get(address(who))!.join()).toContain(prospect.phoneNumber);
    }
    const forViewer = mails.get(address(viewer))!.join();
    expect(forViewer).toContain(`${prospect.name} asked about`);
    expect(forViewer).not.toContain(prospect.email);
    expect(forViewer).not.toContain(prospect.phoneNumber);
  });
});

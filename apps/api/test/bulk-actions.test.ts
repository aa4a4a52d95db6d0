/**
 * Actions on many selected rows: approve or reject enrolments as one at a time would (mail,
 * history, audit), announce to them, give inquiries an owner. Each answers what it did and why
 * each other row was skipped; unknown ids are skips, over 200 ids a 400, and a role without the
 * single action's permission is refused.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { apiUrl } from '@registrar/contract/api-paths';
import { BULK_MAX, BULK_MESSAGES } from '@registrar/contract/bulk-actions';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { ACCESS_MESSAGES, type Role } from '@registrar/contract/permissions';
import { staff as staffTable } from '../src/db/schema';
import { startMailCatcher } from './mail-catcher';
import { studentSetup } from './student-fixtures';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const rowsOf = async <T>(db: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> }, q: ReturnType<typeof sql>) =>
  ((await db.execute(q)) as { rows: T[] }).rows;

describe('bulk actions on selected rows', async () => {
  const { app, db, auth, deliver, enrol, staffView } = await studentSetup({
    config: { smtpUrl: catcher.url, instituteName: 'Acme Institute', intakeLimitPerIp: 1000 },
    staffName: 'Admissions',
    course: { price: 20000, emiPrice: [10000, 10000] },
  });
  const as = async (role: Role, name = `A ${role}`) => {
    const account = await makeStaff(db, { role, name });
    const [row] = await db.select({ id: staffTable.id }).from(staffTable).where(eq(staffTable.email, account.email));
    return { id: row!.id, auth: bearer(await tokenFor(app, account.email, account.password)) };
  };
  const viewer = await as('viewer');
  const accountant = await as('accountant');
  const counsellor = await as('counsellor', 'Priya Counsellor');
  const post = (name: Parameters<typeof apiUrl>[0], payload: object, headers = auth) =>
    app.inject({ method: 'POST', url: apiUrl(name), headers, payload });
  const student = async (n: string, language = 'en') =>
    staffView(await enrol({ name: `Student ${n}`, email: `bulk.${n}@example.in`, language })) as Promise<{
      _id: string;
      enrollmentNumber: string;
      status: string;
    }>;

  it('approves and rejects many as one at a time: each student mailed, history and audit per enrolment, the rest skipped with the reason', async () => {
    const [a, b, c] = [await student('a', 'hi'), await student('b'), await student('c')];
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/api/student-enrollment-status/${c._id}`,
          headers: auth,
          payload: { status: 'rejected', reason: 'Enrolled twice' },
        })
      ).statusCode,
    ).toBe(200);

    const res = await post('bulkEnrollmentStatus', {
      enrollmentIds: [a._id, b._id, c._id, UNKNOWN, a._id],
      status: 'approved',
      note: 'Classes start Monday',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      changed: 2,
      skipped: [
        { id: c._id, reason: `${ENROLLMENT_MESSAGES.transitionNotAllowed}: Rejected → Approved` },
        { id: UNKNOWN, reason: ENROLLMENT_MESSAGES.notFound },
      ],
    });
    expect((await staffView(a.enrollmentNumber)).status).toBe('approved');
    expect((await staffView(b.enrollmentNumber)).status).toBe('approved');

    await deliver();
    const hindi = await catcher.latestTo('bulk.a@example.in', /स्वीकृत/);
    expect(hindi.text).toContain('Acme Institute की ओर से एक नोट: Classes start Monday');
    const english = await catcher.latestTo('bulk.b@example.in', /approved/i);
    expect(english.text).toMatch(/\/my\/[A-Za-z0-9_-]{20,}/);

    const history = await rowsOf<{ enrollment_id: string; to_status: string; note: string }>(
      db,
      sql`select enrollment_id, to_status, note from enrollment_events where kind = 'status_changed' and enrollment_id in (${a._id}::uuid, ${b._id}::uuid)`,
    );
    expect(history.map((h) => [h.to_status, h.note])).toEqual([
      ['approved', 'Told the student: Classes start Monday'],
      ['approved', 'Told the student: Classes start Monday'],
    ]);
    const audit = await rowsOf<{ entity_id: string; action: string; changes: unknown }>(
      db,
      sql`select entity_id, action, changes from audit_log where entity = 'enrollment' and action = 'status_change' and entity_id in (${a._id}, ${b._id}, ${c._id}, ${UNKNOWN})`,
    );
    // c's single rejection above, then one entry for each bulk approval; none for the skipped ones.
    expect(audit.map((r) => r.entity_id).sort()).toEqual([a._id, b._id, c._id].sort());
    expect(audit.find((r) => r.entity_id === a._id)!.changes).toEqual({ status: { from: 'pending', to: 'approved' } });
  });

  it('announces to the selected enrolments, skipping cancelled, rejected and unknown ones', async () => {
    const [d, e] = [await student('d'), await student('e')];
    await post('bulkEnrollmentStatus', { enrollmentIds: [e._id], status: 'rejected' });
    const res = await post('selectedAnnouncement', {
      enrollmentIds: [d._id, e._id, UNKNOWN],
      title: 'Holiday on Friday',
      message: 'The institute is closed on Friday.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      sent: 1,
      skipped: [
        { id: e._id, reason: BULK_MESSAGES.announcementClosed },
        { id: UNKNOWN, reason: ENROLLMENT_MESSAGES.notFound },
      ],
    });
    await deliver();
    expect((await catcher.latestTo('bulk.d@example.in', /Holiday on Friday/)).text).toContain(
      'The institute is closed on Friday.',
    );
    const shown = (await staffView(d.enrollmentNumber)) as { announcements: { title: string; bulk: boolean }[] };
    expect(shown.announcements.map((x) => x.title)).toEqual(['Holiday on Friday']);
  });

  it('gives many inquiries to one counsellor; already theirs and unknown ones are skipped; a non-owner is a 400', async () => {
    for (const n of ['p', 'q']) {
      const sent = await app.inject({
        method: 'POST',
        url: '/api/inquiry',
        remoteAddress: `10.88.0.${n.charCodeAt(0) % 250}`,
        payload: {
          name: `Inquirer ${n}`,
          address: '12 MG Road, Pune',
          email: `inq.${n}@example.in`,
          phoneNumber: n === 'p' ? '9876500001' : '9876500002',
          areaOfInterest: ['Data Science'],
          reference: 'website',
        },
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    const items = (
      await app.inject({ method: 'GET', url: `${apiUrl('inquiries')}?search=Inquirer`, headers: auth })
    ).json().data.items as { _id: string; name: string }[];
    const ids = items.map((i) => i._id);
    expect(ids).toHaveLength(2);

    const res = await post('bulkInquiryOwner', { inquiryIds: [...ids, UNKNOWN], ownerId: counsellor.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ assigned: 2, skipped: [{ id: UNKNOWN, reason: INQUIRY_MESSAGES.notFound }] });
    for (const id of ids)
      expect(
        (await app.inject({ method: 'GET', url: `/api/inquiry/${id}`, headers: auth })).json().data.owner.name,
      ).toBe('Priya Counsellor');
    const again = await post('bulkInquiryOwner', { inquiryIds: [ids[0]], ownerId: counsellor.id });
    expect(again.json().data).toEqual({ assigned: 0, skipped: [{ id: ids[0], reason: BULK_MESSAGES.alreadyOwner }] });

    const toViewer = await post('bulkInquiryOwner', { inquiryIds: ids, ownerId: viewer.id });
    expect(toViewer.statusCode).toBe(400);
    expect(toViewer.json().message).toBe(FOLLOW_UP_MESSAGES.ownerNotAllowed);
  });

  it('answers 400 for no ids, more than 200, or an id that is not one, and never acts on part of such a request', async () => {
    const many = Array.from({ length: BULK_MAX + 1 }, () => crypto.randomUUID());
    const cases: [Parameters<typeof apiUrl>[0], object, string][] = [
      ['bulkEnrollmentStatus', { enrollmentIds: many, status: 'approved' }, BULK_MESSAGES.enrollmentIdsRequired],
      ['bulkEnrollmentStatus', { enrollmentIds: [], status: 'approved' }, BULK_MESSAGES.enrollmentIdsRequired],
      ['bulkEnrollmentStatus', { enrollmentIds: [UNKNOWN], status: 'completed' }, BULK_MESSAGES.decisionRequired],
      ['bulkEnrollmentStatus', { enrollmentIds: ['42'], status: 'approved' }, ENROLLMENT_MESSAGES.notFound],
      ['selectedAnnouncement', { enrollmentIds: many, title: 'T', message: 'M' }, BULK_MESSAGES.enrollmentIdsRequired],
      ['bulkInquiryOwner', { inquiryIds: many, ownerId: null }, BULK_MESSAGES.inquiryIdsRequired],
      ['bulkPaymentAlert', { enrollmentIds: many }, BULK_MESSAGES.enrollmentIdsRequired],
    ];
    for (const [name, payload, message] of cases) {
      const res = await post(name, payload);
      expect(res.statusCode, `${name} ${res.body}`).toBe(400);
      expect(JSON.stringify(res.json()), name).toContain(message);
    }
    // Exactly 200 unknown ids: every one a skip, no failure.
    const max = many.slice(0, BULK_MAX);
    const skipped = await post('bulkEnrollmentStatus', { enrollmentIds: max, status: 'rejected' });
    expect(skipped.statusCode).toBe(200);
    expect(skipped.json().data.changed).toBe(0);
    expect(skipped.json().data.skipped).toHaveLength(BULK_MAX);
  });

  it('refuses each bulk action to a role without the single action, the viewer first', async () => {
    const f = await student('f');
    const refusals: [{ auth: { authorization: string } }, Parameters<typeof apiUrl>[0], object][] = [
      [viewer, 'bulkEnrollmentStatus', { enrollmentIds: [f._id], status: 'approved' }],
      [viewer, 'selectedAnnouncement', { enrollmentIds: [f._id], title: 'T', message: 'M' }],
      [viewer, 'bulkInquiryOwner', { inquiryIds: [UNKNOWN], ownerId: viewer.id }],
      [viewer, 'bulkPaymentAlert', { enrollmentIds: [f._id] }],
      [accountant, 'bulkEnrollmentStatus', { enrollmentIds: [f._id], status: 'approved' }],
      [accountant, 'selectedAnnouncement', { enrollmentIds: [f._id], title: 'T', message: 'M' }],
      [counsellor, 'bulkInquiryOwner', { inquiryIds: [UNKNOWN], ownerId: counsellor.id }],
      [counsellor, 'bulkPaymentAlert', { enrollmentIds: [f._id] }],
    ];
    for (const [who, name, payload] of refusals) {
      const res = await post(name, payload, who.auth);
      expect(res.statusCode, name).toBe(403);
      expect(res.json().message).toBe(ACCESS_MESSAGES.forbidden);
    }
    expect((await staffView(f.enrollmentNumber)).status).toBe('pending');
    // The counsellor may approve (as one at a time) and the accountant may remind.
    expect(
      (await post('bulkEnrollmentStatus', { enrollmentIds: [f._id], status: 'approved' }, counsellor.auth)).statusCode,
    ).toBe(200);
    expect((await post('bulkPaymentAlert', { enrollmentIds: [f._id] }, accountant.auth)).statusCode).toBe(200);
  });
});

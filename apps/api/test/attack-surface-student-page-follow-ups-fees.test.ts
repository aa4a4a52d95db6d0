/**
 * The student's page and its links, receipts and data requests, follow-ups and assignment, and the
 * money routes that take an Idempotency-Key, attacked as an outsider would. No
 * session or the wrong role is refused before anything is read; a broken token, body or id is a
 * clear 4xx carrying the contract's message and writes nothing; the same Idempotency-Key sent at
 * once records one row; and no edit through these routes touches a payment, refund or receipt.
 */
import { createHash, randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES } from '@registrar/contract/announcement';
import { COURSE_MESSAGES } from '@registrar/contract/course';
import { apiUrl } from '@registrar/contract/api-paths';
import { localIsoDate } from '@registrar/contract/enrollment';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES, IDEMPOTENCY_HEADER } from '@registrar/contract/fees';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES, ROLES, can, type Role, type RouteAccess } from '@registrar/contract/permissions';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import type { Db } from '../src/db/database';
import { build, dbKind } from './build-app';
import { JPEG, PDF, PNG, file, multipart } from './fixtures/files';
import { startMailCatcher } from './mail-catcher';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

const catcher = await startMailCatcher();
afterAll(() => catcher.close());

const rowsOf = async <T>(db: Db, query: SQL) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
const tokenIn = (text: string) => /\/my\/([A-Za-z0-9_-]{43})\b/.exec(text)?.[1];
let ipCounter = 0;
const nextIp = () => `10.171.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const inFuture = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Every message the contract defines: a refusal must say one of these (maybe followed by ": detail"). */
const CONTRACT_MESSAGES = [
  MESSAGES,
  ACCESS_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
  COURSE_MESSAGES,
  FEE_MESSAGES,
  FOLLOW_UP_MESSAGES,
  INQUIRY_MESSAGES,
  STUDENT_PAGE_MESSAGES,
  ENROLLMENT_MESSAGES,
].flatMap((m) => Object.values(m) as string[]);
const isContractMessage = (message: unknown) =>
  typeof message === 'string' &&
  CONTRACT_MESSAGES.some((m) => message === m || message.startsWith(`${m}: `) || message.startsWith(`${m} (`));

/** The tables a write through these routes could touch. */
const TABLES = [
  'courses',
  'inquiries',
  'inquiry_contacts',
  'inquiry_events',
  'student_requests',
  'student_links',
  'outbox',
  'payments',
  'refunds',
  'concessions',
  'idempotency_keys',
  'enrollment_events',
] as const;

describe(`attack surface of the student's page, follow-ups and fees on ${dbKind}`, async () => {
  const { app, database } = await build({ config: { smtpUrl: catcher.url, intakeLimitPerIp: 10_000 } });
  const db = database.db;
  const counts = async () => {
    const out: Record<string, number> = {};
    for (const t of TABLES)
      out[t] = (await rowsOf<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${t}`)))[0]!.n;
    return out;
  };
  /** The money rows as they must stay: never deleted, never rewritten. */
  const ledger = async () => ({
    payments: await rowsOf(
      db,
      sql`select id, enrollment_id, installment_number, amount_paise::text as amount, mode, paid_on::text as paid_on,
            receipt_number, reference, voided_at, void_reason from payments order by receipt_number`,
    ),
    refunds: await rowsOf(
      db,
      sql`select id, payment_id, refund_number, amount_paise::text as amount, mode, refunded_on::text as refunded_on
            from refunds order by refund_number`,
    ),
    concessions: await rowsOf(db, sql`select id, amount_paise::text as amount, reason from concessions order by id`),
  });

  const staffOf = async (role: Role) => {
    const account = await makeStaff(db, { role, name: `Attack ${role}` });
    const [row] = await rowsOf<{ id: string }>(db, sql`select id from staff where email = ${account.email}`);
    return { id: row!.id, auth: bearer(await tokenFor(app, account.email, account.password)) };
  };
  const roles = {} as Record<Role, { id: string; auth: { authorization: string } }>;
  for (const role of ROLES) roles[role] = await staffOf(role);
  const admin = roles.admin.auth;

  const course = (
    await app.inject({
      method: 'POST',
      url: apiUrl('courses'),
      headers: admin,
      payload: { name: 'Attack Course', price: 30000, emiPrice: [10000, 20000] },
    })
  ).json().data as { _id: string; name: string };
  const today = localIsoDate();
  const deliver = async () => {
    while ((await app.outbox.runOnce()) > 0);
  };

  /** Enrols through the public form; answers the staff detail and the link from the confirmation mail. */
  const enrol = async (name: string, email: string) => {
    const body = multipart([
      ...Object.entries({
        name,
        currentAddress: 'A',
        permanentAddress: 'B',
        phoneNumber: `9${String(310000000 + ipCounter).slice(-9)}`,
        email,
        courseId: course._id,
        currentlyWorking: 'other',
        currentlyWorkingPlace: 'Home',
        paymentMethod: 'installment',
      }).map(([n, value]) => ({ name: n, value })),
      file('profilePicture', PNG, 'p.png', 'image/png'),
      file('aadharFront', JPEG),
      file('aadharBack', PDF, 'b.pdf', 'application/pdf'),
    ]);
    const res = await app.inject({ method: 'POST', url: apiUrl('enrollments'), ...body, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    await deliver();
    const token = tokenIn((await catcher.latestTo(email, /Your enrolment/)).text ?? '');
    expect(token).toBeDefined();
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from enrollments where enrollment_number = ${res.json().data.enrollmentNumber}`,
    );
    const detail = (await app.inject({ method: 'GET', url: apiUrl('enrollment', row!.id), headers: admin })).json()
      .data as { _id: string; installments: { _id: string }[] };
    return { id: detail._id, installments: detail.installments.map((i) => i._id), token: token! };
  };
  const pay = async (enrollmentId: string, installmentId: string, amount: number, key?: string) =>
    app.inject({
      method: 'PUT',
      url: apiUrl('payment', enrollmentId, installmentId),
      headers: key ? { ...admin, [IDEMPOTENCY_HEADER]: key } : admin,
      payload: { amount, paymentMode: 'cash', paidOn: today, reference: 'CASH-1' },
    });
  const lastPayment = (res: { json: () => { data: { payments: { _id: string; receiptNumber: string }[] } } }) =>
    res.json().data.payments.at(-1)!;

  const asha = await enrol('Asha Attack', 'asha.attack@example.in');
  const ravi = await enrol('Ravi Attack', 'ravi.attack@example.in');
  const ashaPaid = await pay(asha.id, asha.installments[0]!, 4000);
  expect(ashaPaid.statusCode, ashaPaid.body).toBe(200);
  const ashaPayment = lastPayment(ashaPaid);
  const ravisPaid = await pay(ravi.id, ravi.installments[0]!, 1000);
  const ravisPayment = lastPayment(ravisPaid);
  const refunded = await app.inject({
    method: 'POST',
    url: apiUrl('refund', asha.id),
    headers: admin,
    payload: {
      paymentId: ashaPayment._id,
      amount: 500,
      reason: 'Overpaid',
      refundedOn: today,
      paymentMode: 'cash',
      effect: 'owed-again',
    },
  });
  expect(refunded.statusCode, refunded.body).toBe(200);

  const inquiry = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: apiUrl('inquiries'),
      payload: {
        name: 'Lead Attack',
        address: '1 Lane',
        email,
        phoneNumber: '9811112222',
        areaOfInterest: [course.name],
        reference: 'website',
      },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsOf<{ id: string }>(
      db,
      sql`select id from inquiries where email = ${email} order by created_at desc limit 1`,
    );
    return row!.id;
  };
  const leadId = await inquiry('lead.attack@example.in');

  // A request of each kind from Asha's page, for the staff routes to act on.
  for (const kind of ['export', 'erasure'])
    expect(
      (await app.inject({ method: 'POST', url: apiUrl('studentPageRequest', asha.token), payload: { kind } }))
        .statusCode,
    ).toBe(201);
  const [erasureRequest] = await rowsOf<{ id: string }>(
    db,
    sql`select id from student_requests where enrollment_id = ${asha.id} and kind = 'erasure'`,
  );

  describe('staff routes: no session, or a role the matrix leaves out, is refused before anything is read', () => {
    const contact = { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(24) };
    const staffRoutes: { method: 'GET' | 'POST' | 'PUT'; pattern: string; url: string; payload?: object }[] = [
      { method: 'POST', pattern: '/api/inquiry-contact/:id', url: apiUrl('inquiryContact', leadId), payload: contact },
      {
        method: 'PUT',
        pattern: '/api/inquiry-follow-up/:id',
        url: apiUrl('inquiryFollowUp', leadId),
        payload: { ownerId: null },
      },
      { method: 'GET', pattern: '/api/follow-ups', url: apiUrl('followUps') },
      {
        method: 'GET',
        pattern: '/api/student-enrollment-receipt/:paymentId',
        url: apiUrl('receipt', ashaPayment._id),
      },
      { method: 'POST', pattern: '/api/student-enrollment-link/:id', url: apiUrl('studentLink', asha.id) },
      { method: 'GET', pattern: '/api/student-requests', url: apiUrl('studentRequests') },
      {
        method: 'PUT',
        pattern: '/api/student-request/:id',
        url: apiUrl('studentRequest', erasureRequest!.id),
        payload: { state: 'done' },
      },
      { method: 'GET', pattern: '/api/notifications', url: apiUrl('notifications') },
      { method: 'GET', pattern: '/api/audit', url: apiUrl('audit') },
      { method: 'GET', pattern: '/api/student-enrollment-fee-download/:id', url: apiUrl('feeStatement', asha.id) },
      {
        method: 'PUT',
        pattern: '/api/student-enrollment-payment/:id/:id2',
        url: apiUrl('payment', asha.id, asha.installments[1]!),
        payload: { amount: 100, paymentMode: 'cash', paidOn: today },
      },
      {
        method: 'POST',
        pattern: '/api/student-enrollment-refund/:id',
        url: apiUrl('refund', asha.id),
        payload: {
          paymentId: ashaPayment._id,
          amount: 1,
          reason: 'x',
          refundedOn: today,
          paymentMode: 'cash',
          effect: 'owed-again',
        },
      },
      {
        method: 'POST',
        pattern: '/api/student-enrollment-concession/:id',
        url: apiUrl('concession', asha.id),
        payload: { amount: 1, reason: 'x' },
      },
      {
        method: 'PUT',
        pattern: '/api/student-enrollment-installment/:id/:id2',
        url: apiUrl('installment', asha.id, asha.installments[1]!),
        payload: { amount: 19000, reason: 'x' },
      },
      {
        method: 'PUT',
        pattern: '/api/student-enrollment-payment-alert/:id',
        url: apiUrl('paymentAlert', asha.id),
        payload: { force: true },
      },
    ];
    const accessOf = (method: string, pattern: string): RouteAccess => {
      const found = app.routeAccess.find((r) => r.method === method && r.url === pattern);
      expect(found, `${method} ${pattern} is registered`).toBeDefined();
      return found!.access;
    };

    it('no session, a forged session or a signed-out one: 401 on every route, nothing written', async () => {
      const gone = await makeStaff(db, { role: 'admin' });
      const goneToken = await tokenFor(app, gone.email, gone.password);
      expect((await app.inject({ method: 'POST', url: apiUrl('logout'), headers: bearer(goneToken) })).statusCode).toBe(
        200,
      );
      const before = await counts();
      for (const r of staffRoutes)
        for (const headers of [
          {},
          bearer('not.a.jwt'),
          bearer(`${roles.admin.auth.authorization.slice(7, -4)}AAAA`),
          bearer(goneToken),
          { cookie: 'registrar_session=forged' },
        ]) {
          const res = await app.inject({
            method: r.method,
            url: r.url,
            headers,
            ...(r.payload ? { payload: r.payload } : {}),
          });
          expect(res.statusCode, `${r.method} ${r.url} ${JSON.stringify(headers)}: ${res.body}`).toBe(401);
          expect(res.json()).toMatchObject({ success: false, message: MESSAGES.unauthorized });
        }
      expect(await counts()).toEqual(before);
    });

    it('viewer, counsellor and accountant: 403 wherever the matrix leaves them out, nothing written', async () => {
      const before = await counts();
      let refused = 0;
      for (const r of staffRoutes) {
        const access = accessOf(r.method, r.pattern);
        for (const role of ['viewer', 'counsellor', 'accountant'] as const) {
          if (access === 'signedIn' || access === 'public' || can(role, access)) continue;
          const res = await app.inject({
            method: r.method,
            url: r.url,
            headers: roles[role].auth,
            ...(r.payload ? { payload: r.payload } : {}),
          });
          expect(res.statusCode, `${role} ${r.method} ${r.url}: ${res.body}`).toBe(403);
          expect(res.json()).toMatchObject({ success: false, message: ACCESS_MESSAGES.forbidden });
          refused += 1;
        }
      }
      // The viewer is refused every write and every new screen; the others where the table says.
      expect(refused).toBeGreaterThanOrEqual(25);
      expect(await counts()).toEqual(before);
    });

    it('a counsellor may neither give an inquiry to a colleague nor read a colleague’s follow-ups', async () => {
      const other = await staffOf('counsellor');
      const before = await counts();
      const give = await app.inject({
        method: 'PUT',
        url: apiUrl('inquiryFollowUp', leadId),
        headers: roles.counsellor.auth,
        payload: { ownerId: other.id },
      });
      expect(give.statusCode, give.body).toBe(403);
      expect(give.json().message).toBe(FOLLOW_UP_MESSAGES.assignNotAllowed);
      const theirs = await app.inject({
        method: 'GET',
        url: `${apiUrl('followUps')}?ownerId=${other.id}`,
        headers: roles.counsellor.auth,
      });
      expect(theirs.statusCode, theirs.body).toBe(403);
      expect(theirs.json().message).toBe(FOLLOW_UP_MESSAGES.othersFollowUps);
      expect(await counts()).toEqual(before);
    });
  });

  describe("the student's token: wrong, expired, revoked or malformed is a 404 or a 400, never a 500", () => {
    const tokenRoutes = (token: string) => [
      { method: 'GET' as const, url: apiUrl('studentPage', token) },
      { method: 'GET' as const, url: apiUrl('studentPageStatement', token) },
      { method: 'GET' as const, url: apiUrl('studentPageReceipt', token, ashaPayment._id) },
      { method: 'GET' as const, url: apiUrl('studentPageInvoice', token, ashaPayment._id) },
      { method: 'POST' as const, url: apiUrl('studentPageRequest', token), payload: { kind: 'export' } },
    ];
    const expectRefused = async (token: string, status: 400 | 404) => {
      const before = await counts();
      for (const r of tokenRoutes(token)) {
        const res = await app.inject({ ...r, remoteAddress: nextIp() });
        expect(res.statusCode, `${r.method} ${r.url}: ${res.body}`).toBe(status);
        expect(res.json()).toMatchObject({ success: false, message: STUDENT_PAGE_MESSAGES.linkNotFound });
      }
      const after = await counts();
      // Reading a page notes the link's last use; nothing else may change.
      expect(after).toEqual(before);
    };

    it('malformed: too short, too long, bad characters, encoded slashes and NULs', async () => {
      for (const bad of [
        'x',
        asha.token.slice(0, 42),
        `${asha.token}A`,
        `${asha.token.slice(0, 42)}.`,
        `${asha.token.slice(0, 41)}=`,
        'A'.repeat(42) + '\u00e9',
        `${asha.token.slice(0, 40)}%00`,
        'null',
      ])
        await expectRefused(bad, 400);
      // Characters the URL cannot carry as they are: still the envelope, never a page.
      for (const raw of [`${asha.token.slice(0, 40)}%2F..`, `${asha.token.slice(0, 40)}%ZZ`, '%00'.repeat(43)]) {
        const res = await app.inject({ method: 'GET', url: `/api/student-page/${raw}` });
        expect(res.statusCode, `${raw}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${raw}: ${res.body}`).toBeLessThan(500);
        expect(res.json().success).toBe(false);
      }
    });

    it('shaped like a token but unknown, or a token with one character changed: 404', async () => {
      await expectRefused('A'.repeat(43), 404);
      const flipped = `${asha.token.slice(0, 42)}${asha.token.endsWith('A') ? 'B' : 'A'}`;
      await expectRefused(flipped, 404);
      // The hash itself is no token either.
      await expectRefused(sha256(asha.token).slice(0, 43), 404);
    });

    it('expired, revoked, or of an erased enrolment: 404', async () => {
      const expired = await enrol('Eshan Expired', 'eshan.attack@example.in');
      await db.execute(
        sql`update student_links set expires_at = now() - interval '1 second' where token_hash = ${sha256(expired.token)}`,
      );
      await expectRefused(expired.token, 404);

      const revoked = await enrol('Rekha Revoked', 'rekha.attack@example.in');
      const sent = await app.inject({ method: 'POST', url: apiUrl('studentLink', revoked.id), headers: admin });
      expect(sent.statusCode, sent.body).toBe(200);
      await expectRefused(revoked.token, 404);

      const erased = await enrol('Irfan Erased', 'irfan.attack@example.in');
      const gone = await app.inject({
        method: 'POST',
        url: apiUrl('erasure'),
        headers: admin,
        payload: { email: 'irfan.attack@example.in', reason: 'The student asked' },
      });
      expect(gone.statusCode, gone.body).toBe(201);
      await expectRefused(erased.token, 404);
    });
  });

  describe("another student's ids with a valid token: 404, and nothing of theirs", () => {
    it("a receipt: another student's payment, a refund's id, an enrolment's id", async () => {
      const refundId = (refunded.json().data.refunds as { _id: string }[])[0]!._id;
      for (const other of [ravisPayment._id, refundId, ravi.id, asha.id, randomUUID()]) {
        const res = await app.inject({ method: 'GET', url: apiUrl('studentPageReceipt', asha.token, other) });
        expect(res.statusCode, `${other}: ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, message: STUDENT_PAGE_MESSAGES.receiptNotFound });
        expect(res.body).not.toContain(ravisPayment.receiptNumber);
      }
      for (const notAnId of ['1', 'abc', '00000000-0000-0000-0000-00000000000g', `${ravisPayment._id}x`]) {
        const res = await app.inject({ method: 'GET', url: apiUrl('studentPageReceipt', asha.token, notAnId) });
        expect(res.statusCode, `${notAnId}: ${res.body}`).toBe(400);
        expect(res.json().message).toBe(STUDENT_PAGE_MESSAGES.receiptNotFound);
      }
    });

    it("a data request naming another student's enrolment is refused and records nothing for either", async () => {
      const before = await counts();
      const [ashas] = await rowsOf<{ n: string }>(
        db,
        sql`select enrollment_number as n from enrollments where id = ${asha.id}`,
      );
      for (const payload of [
        { kind: 'export', enrollmentId: asha.id },
        { kind: 'export', enrollmentNumber: ashas!.n },
        { kind: 'erasure', token: asha.token },
      ]) {
        const res = await app.inject({ method: 'POST', url: apiUrl('studentPageRequest', ravi.token), payload });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(`${ENROLLMENT_MESSAGES.unexpectedField}: ${Object.keys(payload)[1]}`);
      }
      expect(await counts()).toEqual(before);
      expect(
        await rowsOf(db, sql`select id from student_requests where enrollment_id = ${ravi.id}`),
        "a request naming Asha's enrolment is not recorded as Ravi's either",
      ).toEqual([]);
    });
  });

  describe('broken bodies: a clear 4xx with the contract’s message, nothing written', () => {
    const FIFTY_MB = Buffer.alloc(50 * 1024 * 1024, 0x20);
    const bodyRoutes = () => [
      {
        name: 'link request',
        method: 'POST' as const,
        url: apiUrl('studentLinkRequest'),
        headers: {},
        valid: { email: 'asha.attack@example.in' },
        wrongTypes: [{ email: 42 }, { email: ['asha.attack@example.in'] }, { email: { $ne: null } }, { email: null }],
      },
      {
        name: 'data request',
        method: 'POST' as const,
        url: apiUrl('studentPageRequest', ravi.token),
        headers: {},
        valid: { kind: 'export' },
        wrongTypes: [{ kind: 1 }, { kind: ['export'] }, { kind: 'EXPORT' }, { kind: null }, {}],
      },
      {
        name: 'contact',
        method: 'POST' as const,
        url: apiUrl('inquiryContact', leadId),
        headers: admin,
        valid: { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(24) },
        wrongTypes: [
          { channel: 'pigeon', outcome: 'interested', nextFollowUpAt: inFuture(24) },
          { channel: 'call', outcome: true, nextFollowUpAt: inFuture(24) },
          { channel: 'call', outcome: 'interested', nextFollowUpAt: 'tomorrow' },
          { channel: 'call', outcome: 'interested', nextFollowUpAt: 1767225600000 },
          { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(24), note: 42 },
          { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(24), note: 'n'.repeat(1001) },
          { channel: 'call', outcome: 'interested', nextFollowUpAt: inFuture(-48) },
          { channel: 'call', outcome: 'interested' },
        ],
      },
      {
        name: 'follow-up',
        method: 'PUT' as const,
        url: apiUrl('inquiryFollowUp', leadId),
        headers: admin,
        valid: { nextFollowUpAt: inFuture(48) },
        wrongTypes: [
          { ownerId: 'me' },
          { ownerId: 7 },
          { ownerId: randomUUID() },
          { ownerId: roles.viewer.id },
          { nextFollowUpAt: '2026-13-45T99:00:00Z' },
          { nextFollowUpAt: false },
          {},
        ],
      },
      {
        name: 'request handled',
        method: 'PUT' as const,
        url: apiUrl('studentRequest', erasureRequest!.id),
        headers: admin,
        valid: { state: 'done' },
        wrongTypes: [{ state: 'open' }, { state: 1 }, { state: null }, {}],
      },
      {
        name: 'payment',
        method: 'PUT' as const,
        url: apiUrl('payment', ravi.id, ravi.installments[1]!),
        headers: admin,
        valid: { amount: 100, paymentMode: 'cash', paidOn: today },
        wrongTypes: [
          { amount: '100', paymentMode: 'cash', paidOn: today },
          { amount: -5, paymentMode: 'cash', paidOn: today },
          { amount: 1e308, paymentMode: 'cash', paidOn: today },
          { amount: 100, paymentMode: 'barter', paidOn: today },
          { amount: 100, paymentMode: 'cash', paidOn: '31/12/2026' },
          // Positive, but less than half a paisa: it would be a receipt for ₹0.
          { amount: 1e-9, paymentMode: 'cash', paidOn: today },
          { amount: 0.004, paymentMode: 'cash', paidOn: today },
        ],
      },
      {
        name: 'refund',
        method: 'POST' as const,
        url: apiUrl('refund', ravi.id),
        headers: admin,
        valid: {
          paymentId: ravisPayment._id,
          amount: 1,
          reason: 'x',
          refundedOn: today,
          paymentMode: 'cash',
          effect: 'owed-again',
        },
        wrongTypes: [
          { paymentId: 'p1', amount: 1, reason: 'x', refundedOn: today, paymentMode: 'cash', effect: 'owed-again' },
          {
            paymentId: ravisPayment._id,
            amount: 0,
            reason: 'x',
            refundedOn: today,
            paymentMode: 'cash',
            effect: 'owed-again',
          },
          {
            paymentId: ravisPayment._id,
            amount: 1,
            reason: '',
            refundedOn: today,
            paymentMode: 'cash',
            effect: 'owed-again',
          },
          {
            paymentId: ravisPayment._id,
            amount: 1e-9,
            reason: 'x',
            refundedOn: today,
            paymentMode: 'cash',
            effect: 'owed-again',
          },
        ],
      },
      {
        name: 'concession',
        method: 'POST' as const,
        url: apiUrl('concession', ravi.id),
        headers: admin,
        valid: { amount: 1, reason: 'x' },
        wrongTypes: [
          { amount: 0.001, reason: 'x' },
          { amount: 1, reason: 5 },
          { amount: 1e-9, reason: 'x' },
        ],
      },
      {
        name: 'course',
        method: 'POST' as const,
        url: apiUrl('courses'),
        headers: admin,
        valid: { name: 'Penny Course', price: 1000, emiPrice: [1000] },
        wrongTypes: [
          { name: 'Penny Course', price: 1e-9, emiPrice: [1e-9] },
          { name: 'Penny Course', price: 1000, emiPrice: [1000, 1e-9] },
        ],
      },
    ];

    it('null, an array, a string, a number, nothing at all, and each field of a wrong type', async () => {
      for (const r of bodyRoutes()) {
        const before = await counts();
        const bodies: { label: string; payload: string }[] = [
          { label: 'null', payload: 'null' },
          { label: 'array', payload: JSON.stringify([r.valid]) },
          { label: 'string', payload: JSON.stringify(JSON.stringify(r.valid)) },
          { label: 'number', payload: '42' },
          { label: 'true', payload: 'true' },
          ...r.wrongTypes.map((w) => ({ label: JSON.stringify(w).slice(0, 80), payload: JSON.stringify(w) })),
        ];
        for (const b of bodies) {
          const res = await app.inject({
            method: r.method,
            url: r.url,
            headers: { ...r.headers, 'content-type': 'application/json' },
            payload: b.payload,
            remoteAddress: nextIp(),
          });
          const what = `${r.name} with ${b.label}: ${res.body}`;
          expect([400, 403, 404, 409, 422], what).toContain(res.statusCode);
          expect(res.json().success, what).toBe(false);
          expect(isContractMessage(res.json().message), what).toBe(true);
        }
        expect(await counts(), r.name).toEqual(before);
      }
    });

    it('unknown fields are refused by name, not silently dropped', async () => {
      for (const r of bodyRoutes().filter((x) => !['payment', 'refund', 'concession', 'course'].includes(x.name))) {
        const before = await counts();
        // Written out as JSON text: an object literal's __proto__ would never reach the body.
        for (const [name, value] of [
          ['isAdmin', 'true'],
          ['enrollmentId', JSON.stringify(asha.id)],
          ['__proto__', '{"polluted":1}'],
        ]) {
          const res = await app.inject({
            method: r.method,
            url: r.url,
            headers: { ...r.headers, 'content-type': 'application/json' },
            payload: JSON.stringify(r.valid).replace(/^\{/, `{"${name}":${value},`),
            remoteAddress: nextIp(),
          });
          const what = `${r.name} with ${name}: ${res.body}`;
          expect(res.statusCode, what).toBe(400);
          // A prototype key is refused by the JSON parser itself, before any schema sees it.
          if (name === '__proto__') expect(res.json().message, what).toBe(MESSAGES.requestMalformed);
          else expect(res.json().message, what).toBe(`${ENROLLMENT_MESSAGES.unexpectedField}: ${name}`);
        }
        expect(await counts(), r.name).toEqual(before);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      }
    });

    it('money routes never take a receipt number, a recorder or another enrolment from the body', async () => {
      const res = await app.inject({
        method: 'PUT',
        url: apiUrl('payment', ravi.id, ravi.installments[1]!),
        headers: admin,
        payload: {
          amount: 10,
          paymentMode: 'cash',
          paidOn: today,
          receiptNumber: ashaPayment.receiptNumber,
          recordedBy: roles.viewer.id,
          enrollmentId: asha.id,
          voided: true,
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      const [row] = await rowsOf<{ receipt_number: string; recorded_by: string; enrollment_id: string; v: unknown }>(
        db,
        sql`select receipt_number, recorded_by, enrollment_id, voided_at as v from payments
              where enrollment_id = ${ravi.id} order by created_at desc limit 1`,
      );
      expect(row).toMatchObject({ recorded_by: roles.admin.id, enrollment_id: ravi.id, v: null });
      expect(row!.receipt_number).not.toBe(ashaPayment.receiptNumber);
    });

    it('a wrong content type, broken JSON, and a 50 MB body', async () => {
      for (const r of bodyRoutes()) {
        const before = await counts();
        for (const [type, payload, status] of [
          // Fastify reads text/plain itself: the schema then sees a string, not an object.
          ['text/plain', JSON.stringify(r.valid), 400],
          ['application/xml', '<kind>export</kind>', 415],
          ['application/x-www-form-urlencoded', 'kind=export', 415],
          ['multipart/form-data; boundary=x', JSON.stringify(r.valid), 415],
          ['application/json', '{"kind":', 400],
          ['application/json', "{'kind':'export'}", 400],
          ['application/json', '', 400],
          ['application/json', FIFTY_MB, 413],
        ] as const) {
          const res = await app.inject({
            method: r.method,
            url: r.url,
            headers: { ...r.headers, 'content-type': type },
            payload,
            remoteAddress: nextIp(),
          });
          const what = `${r.name} as ${type} (${payload.length} bytes): ${res.body.slice(0, 200)}`;
          // Multipart over a body that is not multipart may be refused as unreadable instead.
          if (type.startsWith('multipart')) expect([400, 406, 415], what).toContain(res.statusCode);
          else expect(res.statusCode, what).toBe(status);
          expect(res.json().success, what).toBe(false);
          expect(isContractMessage(res.json().message), what).toBe(true);
          if (res.statusCode === 415) expect(res.json().message, what).toBe(MESSAGES.contentTypeNotAccepted);
          if (status === 413) expect(res.json().message, what).toBe(MESSAGES.payloadTooLarge);
          if (payload === '{"kind":') expect(res.json().message, what).toBe(MESSAGES.requestMalformed);
        }
        expect(await counts(), r.name).toEqual(before);
      }
    }, 120_000);

    it('ids that are not ids, in every path: 400 with the route’s own not-found message, nothing written', async () => {
      const before = await counts();
      for (const bad of ['1', 'abc', 'null', '../../etc', `${leadId}x`, '%20', '%2e%2e', '%00']) {
        for (const [method, url, message, payload] of [
          ['POST', `/api/inquiry-contact/${bad}`, INQUIRY_MESSAGES.notFound, { channel: 'call', outcome: 'no_answer' }],
          ['PUT', `/api/inquiry-follow-up/${bad}`, INQUIRY_MESSAGES.notFound, { ownerId: null }],
          ['GET', `/api/student-enrollment-receipt/${bad}`, STUDENT_PAGE_MESSAGES.receiptNotFound, undefined],
          ['POST', `/api/student-enrollment-link/${bad}`, ENROLLMENT_MESSAGES.notFound, undefined],
          ['PUT', `/api/student-request/${bad}`, STUDENT_PAGE_MESSAGES.requestNotFound, { state: 'done' }],
          ['GET', `/api/follow-ups?ownerId=${bad}`, FOLLOW_UP_MESSAGES.ownerNotFound, undefined],
          // The money and announcement routes, whose paths moved to the contract.
          [
            'PUT',
            `/api/student-enrollment-payment/${bad}/${asha.installments[1]}`,
            ENROLLMENT_MESSAGES.notFound,
            { amount: 1, paymentMode: 'cash', paidOn: today },
          ],
          [
            'PUT',
            `/api/student-enrollment-payment/${asha.id}/${bad}`,
            FEE_MESSAGES.installmentNotFound,
            { amount: 1, paymentMode: 'cash', paidOn: today },
          ],
          ['POST', `/api/student-enrollment-refund/${bad}`, ENROLLMENT_MESSAGES.notFound, { amount: 1 }],
          ['POST', `/api/student-enrollment-concession/${bad}`, ENROLLMENT_MESSAGES.notFound, { amount: 1 }],
          [
            'PUT',
            `/api/student-enrollment-installment/${asha.id}/${bad}`,
            FEE_MESSAGES.installmentNotFound,
            { amount: 1, reason: 'x' },
          ],
          ['PUT', `/api/student-enrollment-payment-alert/${bad}`, ENROLLMENT_MESSAGES.notFound, {}],
          ['GET', `/api/student-enrollment-fee-download/${bad}`, ENROLLMENT_MESSAGES.notFound, undefined],
          ['PUT', `/api/student-enrollment-annocument/${bad}`, ENROLLMENT_MESSAGES.notFound, { title: 't' }],
          ['DELETE', `/api/student-enrollment-annocument/${asha.id}/${bad}`, ANNOUNCEMENT_MESSAGES.notFound, undefined],
        ] as const) {
          const res = await app.inject({
            method,
            url,
            headers: admin,
            ...(payload ? { payload } : {}),
          });
          const what = `${method} ${url}: ${res.body}`;
          if (bad === '../../etc' || bad === '%2e%2e') {
            // The router may resolve the dots away from the route: any 4xx envelope.
            expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, what).toBeLessThan(500);
            continue;
          }
          expect(res.statusCode, what).toBe(400);
          expect(isContractMessage(res.json().message), what).toBe(true);
          expect(res.json().message, what).toBe(message);
        }
      }
      // Ids shaped right that name nothing: 404 with the same messages.
      for (const [method, url, message, payload] of [
        [
          'POST',
          apiUrl('inquiryContact', randomUUID()),
          INQUIRY_MESSAGES.notFound,
          { channel: 'call', outcome: 'no_answer', nextFollowUpAt: inFuture(2) },
        ],
        ['PUT', apiUrl('inquiryFollowUp', randomUUID()), INQUIRY_MESSAGES.notFound, { ownerId: null }],
        ['GET', apiUrl('receipt', randomUUID()), STUDENT_PAGE_MESSAGES.receiptNotFound, undefined],
        ['POST', apiUrl('studentLink', randomUUID()), ENROLLMENT_MESSAGES.notFound, undefined],
        ['PUT', apiUrl('studentRequest', randomUUID()), STUDENT_PAGE_MESSAGES.requestNotFound, { state: 'done' }],
        ['GET', `${apiUrl('followUps')}?ownerId=${randomUUID()}`, FOLLOW_UP_MESSAGES.ownerNotFound, undefined],
      ] as const) {
        const res = await app.inject({ method, url, headers: admin, ...(payload ? { payload } : {}) });
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
        expect(res.json().message).toBe(message);
      }
      expect(await counts()).toEqual(before);
    });
  });

  describe('the same Idempotency-Key twice at once records one row; a retry gets the first answer', () => {
    const burst = <T>(n: number, f: () => Promise<T>) => Promise.all(Array.from({ length: n }, f));
    const countWhere = async (q: SQL) => (await rowsOf<{ n: number }>(db, q))[0]!.n;

    it('a contact logged twice at once with one key is one contact; a later retry answers the same', async () => {
      const lead = await inquiry('lead.idem@example.in');
      const body = { channel: 'whatsapp', outcome: 'call_back', note: 'Call after six', nextFollowUpAt: inFuture(30) };
      const send = (key: string, payload: object = body) =>
        app.inject({
          method: 'POST',
          url: apiUrl('inquiryContact', lead),
          headers: { ...roles.counsellor.auth, [IDEMPOTENCY_HEADER]: key },
          payload,
        });
      const answers = await burst(6, () => send('contact-key-1'));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(201));
      const contacts = sql`select count(*)::int as n from inquiry_contacts where inquiry_id = ${lead}`;
      expect(await countWhere(contacts)).toBe(1);
      const first = answers[0]!.json();
      for (const a of answers) expect(a.json().data.contacts).toEqual(first.data.contacts);

      const retry = await send('contact-key-1');
      expect(retry.statusCode).toBe(201);
      expect(retry.json().message).toBe(first.message);
      expect(retry.json().data.contacts).toEqual(first.data.contacts);
      expect(await countWhere(contacts)).toBe(1);

      const reused = await send('contact-key-1', { ...body, note: 'Another call' });
      expect(reused.statusCode, reused.body).toBe(422);
      expect(reused.json()).toMatchObject({ success: false, message: FEE_MESSAGES.idempotencyKeyReused });
      // A new key is a new contact; no key at all is as before.
      expect((await send('contact-key-2')).statusCode).toBe(201);
      expect(await countWhere(contacts)).toBe(2);
      const bad = await send(' spaced key ');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(FEE_MESSAGES.idempotencyKeyInvalid);
      expect(await countWhere(contacts)).toBe(2);
    });

    it('a data request sent six times at once is one open request', async () => {
      const student = await enrol('Dev Double', 'dev.attack@example.in');
      const answers = await burst(6, () =>
        app.inject({ method: 'POST', url: apiUrl('studentPageRequest', student.token), payload: { kind: 'export' } }),
      );
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses, answers.map((a) => a.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
      for (const a of answers.filter((x) => x.statusCode === 409))
        expect(a.json().message).toBe(STUDENT_PAGE_MESSAGES.requestAlreadyOpen);
      expect(
        await countWhere(
          sql`select count(*)::int as n from student_requests where enrollment_id = ${student.id} and state = 'open'`,
        ),
      ).toBe(1);
    });

    it('payments, refunds and concessions: one row per key under a burst, the first answer on retry', async () => {
      const student = await enrol('Mona Money', 'mona.attack@example.in');
      const paid = sql`select count(*)::int as n from payments where enrollment_id = ${student.id}`;
      const answers = await burst(6, () => pay(student.id, student.installments[0]!, 700, 'pay-key-1'));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((r) => r.json().message)).size).toBe(1);
      expect(await countWhere(paid)).toBe(1);
      const retry = await pay(student.id, student.installments[0]!, 700, 'pay-key-1');
      expect(retry.json().message).toBe(answers[0]!.json().message);
      expect(await countWhere(paid)).toBe(1);
      // The same key for another installment is another request: refused, not answered as the first.
      expect((await pay(student.id, student.installments[1]!, 700, 'pay-key-1')).statusCode).toBe(422);

      const paymentId = lastPayment(answers[0]!)._id;
      const refund = () =>
        app.inject({
          method: 'POST',
          url: apiUrl('refund', student.id),
          headers: { ...admin, [IDEMPOTENCY_HEADER]: 'refund-key-1' },
          payload: {
            paymentId,
            amount: 100,
            reason: 'Twice',
            refundedOn: today,
            paymentMode: 'cash',
            effect: 'owed-again',
          },
        });
      const refunds = await burst(6, refund);
      expect(refunds.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(refunds.map((r) => r.json().message)).size).toBe(1);
      expect(await countWhere(sql`select count(*)::int as n from refunds where enrollment_id = ${student.id}`)).toBe(1);

      const concession = () =>
        app.inject({
          method: 'POST',
          url: apiUrl('concession', student.id),
          headers: { ...admin, [IDEMPOTENCY_HEADER]: 'concession-key-1' },
          payload: { amount: 50, reason: 'Sibling' },
        });
      expect((await burst(6, concession)).map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(
        await countWhere(sql`select count(*)::int as n from concessions where enrollment_id = ${student.id}`),
      ).toBe(1);
    });
  });

  describe('a record with payments: these routes never delete or rewrite a payment, refund or receipt number', () => {
    it('links, requests, handling, statements, receipts, follow-ups, reminders and schedule edits leave the ledger as it was', async () => {
      const before = await ledger();
      expect(before.payments.length).toBeGreaterThan(0);
      expect(before.refunds.length).toBeGreaterThan(0);
      const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; headers?: object; payload?: object }[] = [
        { method: 'POST', url: apiUrl('studentLink', asha.id), headers: admin },
        { method: 'GET', url: apiUrl('studentRequests'), headers: admin },
        {
          method: 'PUT',
          url: apiUrl('studentRequest', erasureRequest!.id),
          headers: admin,
          payload: { state: 'done' },
        },
        { method: 'GET', url: apiUrl('receipt', ashaPayment._id), headers: admin },
        { method: 'GET', url: apiUrl('feeStatement', asha.id), headers: admin },
        { method: 'PUT', url: apiUrl('paymentAlert', asha.id), headers: admin, payload: { force: true } },
        {
          method: 'PUT',
          url: apiUrl('installment', asha.id, asha.installments[1]!),
          headers: admin,
          payload: { dueDate: new Date(Date.now() + 90 * 86_400_000).toISOString().slice(0, 10), reason: 'Moved' },
        },
        { method: 'PUT', url: apiUrl('enrollmentStatus', asha.id), headers: admin, payload: { status: 'approved' } },
        { method: 'GET', url: apiUrl('notifications'), headers: roles.counsellor.auth },
        { method: 'GET', url: apiUrl('audit'), headers: admin },
      ];
      for (const c of calls) {
        const res = await app.inject({
          method: c.method,
          url: c.url,
          headers: c.headers as Record<string, string>,
          ...(c.payload ? { payload: c.payload } : {}),
        });
        expect(res.statusCode, `${c.method} ${c.url}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      }
      // The student's own routes, with the link the new mail carries.
      await deliver();
      const fresh = tokenIn((await catcher.latestTo('asha.attack@example.in', /Your page/)).text ?? '')!;
      for (const url of [
        apiUrl('studentPage', fresh),
        apiUrl('studentPageStatement', fresh),
        apiUrl('studentPageReceipt', fresh, ashaPayment._id),
      ])
        expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      // A handled erasure request erases nothing: the page, its payments and receipt numbers remain.
      const page = (await app.inject({ method: 'GET', url: apiUrl('studentPage', fresh) })).json().data;
      expect(page.payments.map((p: { receiptNumber: string }) => p.receiptNumber)).toContain(ashaPayment.receiptNumber);
      expect(await ledger()).toEqual(before);
    });
  });
});

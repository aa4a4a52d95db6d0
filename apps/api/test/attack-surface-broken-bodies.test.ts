/** A broken body on the page, follow-up or money routes: a 4xx with the contract's message, and nothing written. */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ANNOUNCEMENT_MESSAGES } from '@registrar/contract/announcement';
import { apiUrl } from '@registrar/contract/api-paths';
import { ENROLLMENT_MESSAGES } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { INQUIRY_MESSAGES } from '@registrar/contract/inquiry-admin';
import { MESSAGES } from '@registrar/contract/messages';
import { STUDENT_PAGE_MESSAGES } from '@registrar/contract/student-page';
import { dbKind } from './build-app';
import { inFuture, isContractMessage, nextIp, rowsOf, studentAttackWorld } from './student-attack-world';

describe(`attack surface of the request bodies on ${dbKind}`, async () => {
  const { app, db, counts, roles, admin, today, asha, ravi, ashaPayment, ravisPayment, leadId, erasureRequest } =
    await studentAttackWorld();

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
});

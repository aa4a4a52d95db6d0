/** Staff routes of follow-ups, requests and fees: no session is a 401, a role the matrix leaves out a 403. */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { FOLLOW_UP_MESSAGES } from '@registrar/contract/follow-ups';
import { MESSAGES } from '@registrar/contract/messages';
import { ACCESS_MESSAGES, can, type RouteAccess } from '@registrar/contract/permissions';
import { dbKind } from './build-app';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';
import { inFuture, studentAttackWorld } from './student-attack-world';

describe(`attack surface of the staff routes on ${dbKind}`, async () => {
  const { app, db, counts, staffOf, roles, today, asha, ashaPayment, leadId, erasureRequest } =
    await studentAttackWorld();

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
});

/** No route about links, requests, receipts or schedules deletes or rewrites a payment, refund or receipt number. */
import { describe, expect, it } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import { dbKind } from './build-app';
import { studentAttackWorld, tokenIn } from './student-attack-world';

describe(`attack surface of the fee ledger on ${dbKind}`, async () => {
  const { catcher, app, ledger, roles, admin, deliver, asha, ashaPayment, erasureRequest } = await studentAttackWorld();

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

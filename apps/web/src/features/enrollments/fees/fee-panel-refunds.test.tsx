import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import {
  FEE_MESSAGES,
  IDEMPOTENCY_HEADER,
  REFUND_EFFECT_CONSEQUENCES,
  REFUND_EFFECT_LABELS,
  REFUND_REQUEST_STATE_LABELS,
  type RefundRequest,
} from '@registrar/contract/fees';
import type { StudentMessage } from '@registrar/contract/student-messages';
import { json } from '../../../shared/test/screen-harness';
import { today } from './fee-format';
import { dialog, setUpFeePanel, setup, type } from './fee-panel-test-harness';
import { ID, detail, payment } from './test-fixtures';

setUpFeePanel();

describe('fee panel', () => {
  it('refund: starts at what is left, shows every problem at once, and a retry sends the same idempotency key', async () => {
    let refunds = 0;
    const refunded = payment({ _id: '0195f6a4-6d1e-7a3b-9c2d-00000000000a', refunded: 1000 });
    const { writes } = setup(detail({ payments: [refunded] }), (r) => {
      if (r.method !== 'POST' || !r.url.pathname.startsWith('/api/student-enrollment-refund/')) return undefined;
      refunds += 1;
      return refunds === 1
        ? json(503, { success: false, message: 'The database is busy; try again', error: 'UNAVAILABLE' })
        : json(200, { success: true, message: 'Refund recorded: RFND-2026-000001', data: detail() });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Refund receipt RCPT-2026-000007' }));
    const d = within(dialog('Refund receipt RCPT-2026-000007'));
    const amount = d.getByRole('spinbutton', { name: /^Amount/ }) as HTMLInputElement;
    expect(amount.value).toBe('3000.5');
    expect(document.activeElement).toBe(amount);
    expect(screen.getByRole('dialog').getAttribute('aria-describedby')).toBeTruthy();
    expect(
      d.getByText(/₹4,000.50 paid on .*, ₹1,000 already refunded\. Up to ₹3,000.50 can be refunded\./),
    ).toBeTruthy();
    expect((d.getByRole('combobox', { name: /^Refund mode/ }) as HTMLSelectElement).value).toBe('cash');

    type(amount, '3000.51');
    type(d.getByLabelText(/^Refunded on/), '2999-01-01');
    fireEvent.click(d.getByRole('button', { name: 'Record refund' }));
    expect(await d.findByText(`${FEE_MESSAGES.refundTooMuch} (₹3,000.50)`)).toBeTruthy();
    expect(d.getByText(FEE_MESSAGES.refundedOnInFuture)).toBeTruthy();
    expect(d.getByText(FEE_MESSAGES.reasonRequired)).toBeTruthy();
    // No silent default: the dialog asks what the refund does, each consequence written out.
    expect(d.getByText(FEE_MESSAGES.refundEffectRequired)).toBeTruthy();
    expect(d.getByText(REFUND_EFFECT_CONSEQUENCES['lower-fee'])).toBeTruthy();
    type(amount, '0.001');
    expect(d.queryByText(`${FEE_MESSAGES.refundTooMuch} (₹3,000.50)`)).toBeNull();
    fireEvent.click(d.getByRole('button', { name: 'Record refund' }));
    expect(await d.findByText(FEE_MESSAGES.amountInvalid)).toBeTruthy();
    expect(writes()).toHaveLength(0);

    type(amount, '500');
    type(d.getByLabelText(/^Refunded on/), today());
    type(d.getByRole('textbox', { name: /^Reason/ }), ' Left in week 2 ');
    fireEvent.click(d.getByRole('radio', { name: (n) => n.startsWith(REFUND_EFFECT_LABELS['lower-fee']) }));
    fireEvent.click(d.getByRole('button', { name: 'Record refund' }));
    expect((await d.findByRole('alert')).textContent).toBe('The database is busy; try again');
    fireEvent.click(d.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, retry] = writes();
    expect(first!.url.pathname).toBe(`/api/student-enrollment-refund/${ID}`);
    expect(first!.body).toEqual({
      paymentId: refunded._id,
      amount: 500,
      reason: 'Left in week 2',
      refundedOn: today(),
      paymentMode: 'cash',
      effect: 'lower-fee',
    });
    expect(first!.headers[IDEMPOTENCY_HEADER]).toMatch(/^[0-9a-f]{32}$/);
    expect(retry!.headers[IDEMPOTENCY_HEADER]).toBe(first!.headers[IDEMPOTENCY_HEADER]);

    // A new opening is a new refund: a new key.
    fireEvent.click(screen.getByRole('button', { name: 'Refund receipt RCPT-2026-000007' }));
    const again = within(dialog('Refund receipt RCPT-2026-000007'));
    type(again.getByRole('textbox', { name: /^Reason/ }), 'Second month');
    fireEvent.click(again.getByRole('radio', { name: (n) => n.startsWith(REFUND_EFFECT_LABELS.credit) }));
    fireEvent.click(again.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(writes()).toHaveLength(3));
    expect(writes()[2]!.headers[IDEMPOTENCY_HEADER]).not.toBe(first!.headers[IDEMPOTENCY_HEADER]);
  });

  it('refund of an online payment: asks the gateway (no date or mode to choose), and shows each request with its state', async () => {
    const online = payment({
      _id: '0195f6a4-6d1e-7a3b-9c2d-00000000000b',
      source: 'gateway',
      gatewayPaymentId: 'pay_Q1',
      paymentMode: 'upi',
    });
    const request = (over: Partial<RefundRequest>): RefundRequest => ({
      _id: 'r1',
      paymentId: online._id,
      receiptNumber: online.receiptNumber,
      amount: 500,
      reason: 'Left in week 2',
      effect: 'owed-again',
      state: 'pending',
      gatewayRefundId: 'rfnd_P1',
      refundNumber: null,
      note: null,
      requestedBy: { _id: 's1', name: 'Accounts' },
      requestedAt: '2026-03-05T10:00:00.000Z',
      history: [],
      ...over,
    });
    const { writes } = setup(
      detail({
        payments: [online],
        refundRequests: [
          request({ _id: 'r2', state: 'failed', gatewayRefundId: 'rfnd_F1', amount: 700 }),
          request({ _id: 'r1' }),
        ],
      }),
      (r) =>
        r.method === 'POST'
          ? json(202, {
              success: true,
              message: `${FEE_MESSAGES.refundRequested}: Pending at the gateway`,
              data: detail(),
            })
          : undefined,
    );
    const list = screen.getByRole('list', { name: 'Refunds at the gateway, newest first' });
    const [failed, pending] = within(list).getAllByRole('listitem');
    expect(within(failed!).getByText(REFUND_REQUEST_STATE_LABELS.failed)).toBeTruthy();
    expect(within(failed!).getByRole('alert').textContent).toContain('nothing was refunded');
    expect(within(pending!).getByText(REFUND_REQUEST_STATE_LABELS.pending)).toBeTruthy();
    expect(within(pending!).queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Refund receipt RCPT-2026-000007' }));
    const d = within(dialog('Refund receipt RCPT-2026-000007'));
    expect(d.getByText(/the payment gateway is asked to send the money back/)).toBeTruthy();
    expect(d.queryByLabelText(/^Refunded on/)).toBeNull();
    expect(d.queryByRole('combobox', { name: /^Refund mode/ })).toBeNull();
    type(d.getByRole('spinbutton', { name: /^Amount/ }), '500');
    type(d.getByRole('textbox', { name: /^Reason/ }), 'Left in week 2');
    fireEvent.click(d.getByRole('radio', { name: (n) => n.startsWith(REFUND_EFFECT_LABELS['owed-again']) }));
    fireEvent.click(d.getByRole('button', { name: 'Ask the gateway to refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes()[0]!.body).toMatchObject({
      paymentId: online._id,
      amount: 500,
      paymentMode: 'upi',
      refundedOn: today(),
    });
  });

  it("concession: no more than is owed, and the server's field error lands on its field", async () => {
    setup(detail(), (r) =>
      r.method === 'POST'
        ? json(400, {
            success: false,
            message: FEE_MESSAGES.concessionTooMuch,
            error: 'VALIDATION_ERROR',
            errors: [{ path: 'amount', message: FEE_MESSAGES.concessionTooMuch }],
          })
        : undefined,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Give concession' }));
    const d = within(dialog('Give a concession'));
    expect(d.getByText(/Lowers what is owed \(₹25,999.50 now\)/)).toBeTruthy();
    const amount = d.getByRole('spinbutton', { name: /^Amount/ });
    fireEvent.click(d.getByRole('button', { name: 'Give concession' }));
    expect(await d.findByText(FEE_MESSAGES.amountInvalid)).toBeTruthy();
    expect(d.getByText(FEE_MESSAGES.reasonRequired)).toBeTruthy();
    type(amount, '25999.51');
    type(d.getByRole('textbox', { name: /^Reason/ }), 'Merit scholarship');
    fireEvent.click(d.getByRole('button', { name: 'Give concession' }));
    expect(await d.findByText(FEE_MESSAGES.concessionTooMuch)).toBeTruthy();

    type(amount, '25999.5');
    fireEvent.click(d.getByRole('button', { name: 'Give concession' }));
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(d.getByText(FEE_MESSAGES.concessionTooMuch)).toBeTruthy();
    expect(d.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Give a concession' })).toBeTruthy();
  });

  it('payment reminder: a second one today is offered as "Send again today", which sends it', async () => {
    let calls = 0;
    const { writes } = setup(detail(), (r) => {
      if (r.method !== 'PUT' || !r.url.pathname.includes('payment-alert')) return undefined;
      calls += 1;
      return calls === 1
        ? json(409, { success: false, message: FEE_MESSAGES.alertAlreadySent, error: 'CONFLICT' })
        : json(200, { success: true, message: FEE_MESSAGES.alertSent, data: null });
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send payment reminder' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'A reminder was already sent today' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Send again today' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(writes().map((w) => w.body)).toEqual([{}, { force: true }]);
  });

  it('a cancelled enrolment shows the money that arrived after it as a credit to refund', async () => {
    setup(detail({ status: 'cancelled', creditToRefund: 3000 }));
    const term = await screen.findByText('Credit to refund');
    expect(term.parentElement?.textContent).toContain('₹3,000');
  });

  it('lists what the student was told, newest first, with where each message stands', async () => {
    const at = '2026-11-20T06:30:00.000Z';
    const message = (over: Partial<StudentMessage>): StudentMessage => ({
      _id: 'm1',
      kind: 'refund_recorded',
      eventKey: 'refund:r1',
      channel: 'mail',
      state: 'sent',
      deliveries: [],
      summary: 'RFND-2026-000001 · ₹1,000.00',
      attempts: 1,
      lastError: null,
      createdAt: at,
      sentAt: at,
      ...over,
    });
    setup(detail(), undefined, [
      message({}),
      message({
        _id: 'm2',
        kind: 'claim_rejected',
        eventKey: 'claim-rejected:c1',
        state: 'failed',
        summary: 'UTR 713026885941 · ₹3,000.00 · No such credit on 26 Nov',
        attempts: 5,
        lastError: 'mailbox unavailable',
        sentAt: null,
      }),
    ]);
    const list = await screen.findByRole('list', { name: 'Messages to the student, newest first' });
    const [refund, rejected] = within(list).getAllByRole('listitem');
    expect(refund!.textContent).toContain('Sent');
    expect(refund!.textContent).toContain('Refund recorded');
    expect(refund!.textContent).toContain('RFND-2026-000001 · ₹1,000.00');
    expect(rejected!.textContent).toContain('Failed');
    expect(rejected!.textContent).toContain('Reported payment not confirmed');
    expect(rejected!.textContent).toContain('No such credit on 26 Nov');
    expect(rejected!.textContent).toContain('Not delivered after 5 attempts: mailbox unavailable');
  });
});

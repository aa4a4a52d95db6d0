/**
 * "Pay ₹X online" for each installment still owing, and "Pay all overdue" for two or more overdue,
 * when the institute has a payment gateway. Razorpay's Checkout opens over the page; the simulator
 * has a page of its own and comes back with `?order=`. Either way the page then asks until the
 * payment is recorded or has failed, without a reload.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatRupees } from '@registrar/contract/language';
import type { PaymentReturn, StartedPayment } from '@registrar/contract/online-payments';
import { STUDENT_API, STUDENT_PAY_PARAM, type StudentPage } from '@registrar/contract/student-page';
import { activeLanguage } from '../../shared/i18n/i18n';
import { useT } from '../../shared/i18n/translate';
import { paymentStatus, returnFromCheckout, startPayment } from './api/student-page-api';

const CHECKOUT_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';
const POLL_MS = 3000;
const POLL_TRIES = 100;

type RazorpayCheckout = new (options: object) => { open: () => void };

/** Loads Razorpay's Checkout script once; the page's policy allows its origin when Razorpay is on. */
function loadCheckout(): Promise<RazorpayCheckout> {
  const existing = (window as unknown as { Razorpay?: RazorpayCheckout }).Razorpay;
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = CHECKOUT_SCRIPT;
    script.onload = () => resolve((window as unknown as { Razorpay: RazorpayCheckout }).Razorpay);
    script.onerror = () => reject(new Error('checkout'));
    document.head.append(script);
  });
}

/** An installment's number, or ALL_OVERDUE for every overdue installment in one payment. */
const ALL_OVERDUE = 0;
const cents = (amount: number) => Math.round(amount * 100) / 100;

type State =
  | { kind: 'idle' }
  | { kind: 'opening'; number: number }
  | { kind: 'pending'; orderId: string }
  | { kind: 'received'; receiptNumber: string }
  | { kind: 'declined'; number: number }
  | { kind: 'failed'; text: string };

export function OnlinePay({
  token,
  page,
  failed,
  onPaid,
}: {
  token: string;
  page: StudentPage;
  failed: (err: unknown) => string;
  onPaid: () => void;
}) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const returnedOrder = params.get('order');
  const [state, setState] = useState<State>(
    returnedOrder ? { kind: 'pending', orderId: returnedOrder } : { kind: 'idle' },
  );
  const wanted = Number(params.get(STUDENT_PAY_PARAM)) || undefined;
  const wantedButton = useRef<HTMLButtonElement>(null);
  const owing = page.installments.filter((i) => i.status !== 'paid' && i.amount > i.paidAmount);
  const overdue = owing.filter((i) => i.status === 'overdue');
  const overdueTotal = cents(overdue.reduce((sum, i) => sum + i.amount - i.paidAmount, 0));
  const rupees = (amount: number) => formatRupees(amount, activeLanguage());

  useEffect(() => {
    if (wanted) wantedButton.current?.focus();
  }, [wanted]);

  // The latest callback, without restarting the asking each time the page renders.
  const paid = useRef(onPaid);
  paid.current = onPaid;
  const pendingOrder = state.kind === 'pending' ? state.orderId : undefined;
  useEffect(() => {
    if (!pendingOrder) return;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const ask = async () => {
      tries += 1;
      try {
        const answer = await paymentStatus(token, pendingOrder);
        if (stopped) return;
        if (answer.state === 'received' && answer.receiptNumber) {
          setState({ kind: 'received', receiptNumber: answer.receiptNumber });
          setParams({}, { replace: true });
          paid.current();
          return;
        }
        if (answer.state === 'failed') {
          setState({ kind: 'declined', number: answer.installmentNumber });
          setParams({}, { replace: true });
          return;
        }
      } catch {
        // A failed ask is asked again; the webhook or the reconciler records the money meanwhile.
      }
      if (!stopped && tries < POLL_TRIES) timer = setTimeout(() => void ask(), POLL_MS);
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [pendingOrder, token, setParams]);

  const checkout = async (order: StartedPayment) => {
    if (order.checkoutUrl) {
      window.location.assign(order.checkoutUrl);
      return;
    }
    const Razorpay = await loadCheckout();
    new Razorpay({
      key: order.keyId,
      amount: order.amount,
      currency: order.currency,
      order_id: order.orderId,
      name: page.institute.name,
      handler: (response: PaymentReturn) => {
        setState({ kind: 'pending', orderId: order.orderId });
        void returnFromCheckout(token, response).catch(() => undefined);
      },
      modal: { ondismiss: () => setState({ kind: 'idle' }) },
    }).open();
  };

  const pay = async (number: number) => {
    setState({ kind: 'opening', number });
    try {
      await checkout(
        await startPayment(token, number === ALL_OVERDUE ? { allOverdue: true } : { installmentNumber: number }),
      );
    } catch (err) {
      setState({ kind: 'failed', text: failed(err) });
    }
  };

  if (!page.onlinePayment || (owing.length === 0 && state.kind !== 'received' && state.kind !== 'pending')) return null;
  const receipt =
    state.kind === 'received' ? page.payments.find((p) => p.receiptNumber === state.receiptNumber) : undefined;
  return (
    <section className="sp-card" aria-labelledby="sp-pay">
      <h2 id="sp-pay">{t('my.pay.title')}</h2>
      {page.onlinePayment === 'simulator' && (
        <p className="sp-notice" role="note">
          Simulator: no real money moves.
        </p>
      )}
      <div aria-live="polite">
        {state.kind === 'pending' && <p className="sp-notice">{t('my.pay.pending')}</p>}
        {state.kind === 'received' && (
          <p className="sp-notice sp-success" role="status">
            {t('my.pay.received', { number: state.receiptNumber })}
            {receipt && (
              <>
                {' '}
                <a className="sp-link" href={STUDENT_API.receipt(token, receipt._id, activeLanguage())} download>
                  {t('my.receipt.download', { number: receipt.receiptNumber })}
                </a>
              </>
            )}
          </p>
        )}
        {state.kind === 'opening' && <p className="sp-muted">{t('my.pay.opening')}</p>}
      </div>
      {state.kind === 'declined' && (
        <div className="sp-error" role="alert">
          <p>{t('my.pay.failed')}</p>
          {(state.number === ALL_OVERDUE ? overdue.length > 0 : owing.some((i) => i.number === state.number)) && (
            <button type="button" className="sp-button" onClick={() => void pay(state.number)}>
              {t('my.pay.retry')}
            </button>
          )}
        </div>
      )}
      {state.kind === 'failed' && (
        <p className="sp-error" role="alert">
          {state.text}
        </p>
      )}
      {overdue.length > 1 && (
        <button
          type="button"
          className="sp-button sp-pay-all"
          disabled={state.kind === 'opening'}
          onClick={() => void pay(ALL_OVERDUE)}
        >
          {t('my.pay.allOverdue', { amount: rupees(overdueTotal) })}
        </button>
      )}
      {owing.length > 0 && (
        <>
          <p className="sp-muted">{t('my.pay.lead')}</p>
          <ul className="sp-list">
            {owing.map((i) => (
              <li key={i.number} className="sp-item sp-row">
                <span>{t('my.pay.forInstallment', { number: i.number })}</span>
                <button
                  type="button"
                  ref={i.number === wanted ? wantedButton : undefined}
                  className="sp-button"
                  disabled={state.kind === 'opening'}
                  onClick={() => void pay(i.number)}
                >
                  {t('my.pay.button', { amount: rupees(cents(i.amount - i.paidAmount)) })}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/**
 * What the online-payment tests start from: the app with Razorpay pointed at our own
 * Razorpay-compatible server, a signed-in accountant, a course in installments, and enrolments
 * each with a working link to the student's page.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, expect } from 'vitest';
import { apiUrl } from '@registrar/contract/api-paths';
import type { PaymentConfig } from '../src/config';
import { StudentPageService } from '../src/services/student-page-service';
import { build } from './build-app';
import { createCourse, submitEnrolment } from './fixtures/enrolments';
import { KEY_ID, KEY_SECRET, WEBHOOK_SECRET, startRazorpayServer } from './razorpay-server';
import { bearer, makeStaff, tokenFor } from './staff-fixtures';

let seq = 0;
export const PREVIOUS_WEBHOOK_SECRET = 'the-webhook-secret-before-the-change';
/** A gateway event's latest appended outcome, as `outcome`, for a query over gateway_events as e. */
export const LATEST_OUTCOME = sql.raw(
  '(select o.outcome from gateway_event_outcomes o where o.event_id = e.id order by o.attempt desc limit 1) as outcome',
);

export async function gatewaySetup(payments: Partial<PaymentConfig> = {}) {
  const razorpay = await startRazorpayServer();
  afterAll(() => razorpay.close());
  const built = await build({
    config: {
      payments: {
        gateway: 'razorpay',
        keyId: KEY_ID,
        keySecret: KEY_SECRET,
        webhookSecrets: [WEBHOOK_SECRET, PREVIOUS_WEBHOOK_SECRET],
        apiUrl: razorpay.url,
        reconcileMs: 600_000,
        ...payments,
      },
    },
  });
  const { app, database } = built;
  const staff = await makeStaff(database.db, { name: 'Accounts' });
  const auth = bearer(await tokenFor(app, staff.email, staff.password));
  const course = await createCourse(app, auth, { name: 'Full Stack', price: 9000, emiPrice: [3000, 3000, 3000] });
  const links = new StudentPageService(
    database.db,
    built.config,
    () => Promise.reject(new Error('unused')),
    () => {},
  );

  /** An enrolment through the public form, and a token for its student's page. */
  const enrol = async () => {
    seq += 1;
    const { enrollmentNumber } = await submitEnrolment(
      app,
      {
        name: 'Online Payer',
        phoneNumber: `9${String(300000000 + seq).slice(-9)}`,
        email: `payer${seq}@example.in`,
        courseId: course._id,
      },
      `10.160.${Math.floor(seq / 200)}.${seq % 200}`,
    );
    const list = await app.inject({
      method: 'GET',
      url: `/api/student-enrollment?search=${enrollmentNumber}`,
      headers: auth,
    });
    const id = list.json().data.items[0]._id as string;
    const { token } = await links.mintLink(id);
    const detail = async () =>
      (await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth })).json().data;
    return { id, enrollmentNumber, token, detail };
  };

  return { ...built, razorpay, auth, enrol, ...studentCalls(app) };
}

/** The calls a student's page and the gateway make. */
export function studentCalls(app: FastifyInstance) {
  return {
    start: (token: string, payload?: object) =>
      app.inject({ method: 'POST', url: apiUrl('studentPagePayment', token), payload: payload ?? {} }),
    returnFrom: (token: string, payload: object) =>
      app.inject({ method: 'POST', url: apiUrl('studentPagePaymentReturn', token), payload }),
    status: (token: string, orderId: string) =>
      app.inject({ method: 'GET', url: apiUrl('studentPagePaymentStatus', token, orderId) }),
    deliver: (hook: { body: string; headers: Record<string, string> }) =>
      app.inject({ method: 'POST', url: apiUrl('paymentWebhook'), headers: hook.headers, payload: hook.body }),
  };
}

/** The built-in simulator as the gateway, its reconciler out of the way. */
export const SIMULATOR_PAYMENTS = {
  gateway: 'simulator' as const,
  keyId: 'rzp_test_simulator',
  keySecret: 'simulator-key-secret',
  webhookSecrets: ['simulator-webhook-secret'],
  apiUrl: 'https://api.razorpay.com',
  reconcileMs: 600_000,
};

/** Presses Pay on the simulator's checkout page of an order, as the student would. */
export async function pressPay(app: FastifyInstance, checkoutUrl: string): Promise<void> {
  const url = new URL(checkoutUrl, 'http://x');
  const pressed = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ outcome: 'pay', back: url.searchParams.get('back')! }).toString(),
  });
  expect(pressed.statusCode).toBe(303);
}

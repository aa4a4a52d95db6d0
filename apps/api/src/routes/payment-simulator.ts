/**
 * The simulator's checkout page: Pay or Fail, each sending the signed webhook the gateway would,
 * then back to the student's page. It says "simulator" everywhere, so nobody mistakes it for money.
 */
import type { FastifyPluginAsync } from 'fastify';
import { apiPaths, apiUrl } from '@registrar/contract/api-paths';
import { formatRupeesExact } from '@registrar/contract/language';
import { notFound } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { escapeHtml } from '../services/mail/mail-message';
import { SimulatorGateway } from '../services/gateway/simulator';
import { ONLINE_PAYMENT_MESSAGES as M } from '@registrar/contract/online-payments';

/** Only back to a student's page on this site. */
const BACK = /^\/my\/[A-Za-z0-9_-]{43}(\?order=[A-Za-z0-9_]{1,64})?$/;
const ORDER = /^[A-Za-z0-9_]{1,64}$/;

const page = (orderId: string, amount: string, back: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Payment simulator — no real money</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
.banner{background:#fff3cd;border:2px solid #8a6d00;padding:.75rem;border-radius:6px}
button{font-size:1.1rem;padding:.75rem 1.5rem;margin:.5rem .5rem 0 0;border-radius:6px;border:2px solid #1a1a1a;cursor:pointer}
.pay{background:#0b5d1e;color:#fff}.fail{background:#fff;color:#8b0000}</style></head>
<body><main><p class="banner" role="note"><strong>Simulator.</strong> This is the payment simulator: no real money moves.</p>
<h1>Payment simulator</h1><p>Order <code>${escapeHtml(orderId)}</code></p><p>Amount: <strong>${escapeHtml(amount)}</strong></p>
<form method="post" action="${escapeHtml(apiUrl('paymentSimulator', orderId))}">
<input type="hidden" name="back" value="${escapeHtml(back)}">
<button class="pay" name="outcome" value="pay" type="submit">Pay</button>
<button class="fail" name="outcome" value="fail" type="submit">Fail</button></form></main></body></html>`;

const simulatorRoutes: FastifyPluginAsync = async (app) => {
  // Registered whatever the gateway, so the API is the same list; without the simulator it is a 404.
  const gateway = app.onlinePayments.service?.gateway;
  const simulator = gateway instanceof SimulatorGateway ? gateway : undefined;
  const order = (orderId: string) => {
    const found = simulator && ORDER.test(orderId) ? simulator.order(orderId) : undefined;
    if (!simulator || !found) throw notFound(M.orderNotFound);
    return { simulator, found };
  };
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get<{ Params: { orderId: string }; Querystring: { back?: string } }>(
    apiPaths.paymentSimulator,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { found } = order(request.params.orderId);
      const back = BACK.test(request.query.back ?? '') ? request.query.back! : '/';
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(page(found.id, `${formatRupeesExact(toRupees(found.amountPaise))} (simulator)`, back));
    },
  );

  app.post<{ Params: { orderId: string }; Body: { outcome?: string; back?: string } }>(
    apiPaths.paymentSimulator,
    { config: { access: 'public' }, schema: { hide: true } },
    async (request, reply) => {
      const { simulator: sim, found } = order(request.params.orderId);
      const outcome = request.body?.outcome === 'fail' ? 'fail' : 'pay';
      await sim.press(found.id, outcome);
      const back = request.body?.back;
      return reply.redirect(back && BACK.test(back) ? back : '/', 303);
    },
  );
};

export default simulatorRoutes;

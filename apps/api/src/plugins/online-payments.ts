/**
 * Online payments (the gateway's door into the ledger): its service's background work, and the reconciler that asks the gateway
 * about open orders every PAYMENT_RECONCILE_SECONDS (one instance per period, claimed in job_runs).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { apiPaths } from '@registrar/contract/api-paths';
import { safeErrorFacts } from '../lib/logger';
import type { OnlinePaymentService } from '../services/gateway/online-payment-service';
import { SimulatorGateway } from '../services/gateway/simulator';

declare module 'fastify' {
  interface FastifyInstance {
    onlinePayments: {
      /** Undefined when PAYMENT_GATEWAY is none. */
      service: OnlinePaymentService | undefined;
      /** Handles a stored webhook event after its answer has gone; tracked so tests can wait. */
      later: (work: () => Promise<unknown>) => void;
      /** Resolves when every event handed to `later` has been handled. */
      settle: () => Promise<void>;
      /** One reconciler run, if this instance wins the period; false otherwise. */
      reconcileOnce: () => Promise<boolean>;
    };
  }
}

export default fp<{ autoStart: boolean }>(async function onlinePayments(app: FastifyInstance, { autoStart }) {
  const service = app.onlinePaymentService;
  const gateway = service?.gateway;
  const inFlight = new Set<Promise<unknown>>();
  const later = (work: () => Promise<unknown>) => {
    const done: Promise<unknown> = new Promise((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'gateway event left for the reconciler'))
      .finally(() => inFlight.delete(done));
    inFlight.add(done);
  };
  const settle = async () => {
    while (inFlight.size) await Promise.all(inFlight);
  };
  const everyMs = app.config.payments?.reconcileMs ?? 0;
  const reconcileOnce = async () => (service ? service.intake.reconcile(everyMs) : false);
  app.decorate('onlinePayments', { service, later, settle, reconcileOnce });

  // The simulator's Pay and Fail reach our own webhook route, signed, like the gateway's would.
  if (gateway instanceof SimulatorGateway)
    gateway.deliver = async (body, headers) => {
      const res = await app.inject({ method: 'POST', url: apiPaths.paymentWebhook, headers, payload: body });
      if (res.statusCode !== 200) app.log.warn({ status: res.statusCode }, 'simulator webhook refused');
    };

  app.addHook('onClose', settle);
  if (!service || !autoStart) return;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    reconcileOnce()
      .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'payment reconciliation postponed'))
      .finally(() => {
        timer = setTimeout(tick, everyMs);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 10_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
});

/**
 * The daily payment reminders: every instance runs the job hourly; the database lets
 * each reminder through once (payment_reminders' unique key), so instances never double up.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safeErrorFacts } from '../lib/logger';

declare module 'fastify' {
  interface FastifyInstance {
    reminders: { runOnce: (today?: string) => Promise<number> };
  }
}

const HOUR_MS = 60 * 60 * 1000;

export default fp<{ autoStart: boolean }>(async function reminders(app: FastifyInstance, { autoStart }) {
  const fees = app.feeService;
  const runOnce = (today?: string) => fees.runReminders(today);
  app.decorate('reminders', { runOnce });
  if (!autoStart) return;
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    runOnce()
      .then((sent) => sent && app.log.info({ sent }, 'payment reminders queued'))
      .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'payment reminders postponed'))
      .finally(() => {
        timer = setTimeout(tick, HOUR_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 5000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
});

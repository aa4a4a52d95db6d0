/**
 * The retention rules (documents of closed enrolments, old sent mail): every instance checks
 * hourly, and the database lets one run through per day (see `claimRun`).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RetentionResult } from '../services/retention';

declare module 'fastify' {
  interface FastifyInstance {
    retention: {
      /** The daily run if it is due (undefined if another run was under a day ago). */
      runDaily: (now?: Date) => Promise<RetentionResult | undefined>;
    };
  }
}

const HOUR_MS = 60 * 60 * 1000;

export default fp<{ autoStart: boolean }>(async function retention(app: FastifyInstance, { autoStart }) {
  const service = app.retentionService;
  app.decorate('retention', { runDaily: (now?: Date) => service.runDaily(now) });
  if (!autoStart) return;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  const tick = () => {
    running = service
      .runDaily()
      .then((result) => result && app.log.info(result, 'retention rules applied'))
      .catch((err: Error) => app.log.warn({ err: err.message }, 'retention rules postponed'))
      .finally(() => {
        running = undefined;
        timer = setTimeout(tick, HOUR_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, 10_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(timer);
    await running;
  });
});

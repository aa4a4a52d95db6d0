/**
 * The staff's digest of new inquiries: every instance looks every few seconds; the database lets
 * one digest through per minute (see services/inquiry-digest.ts), whichever instance sends it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { safeErrorFacts } from '../lib/logger';

/** How soon after the minute is up a waiting inquiry is mailed. */
const LOOK_EVERY_MS = 10_000;

export default fp<{ autoStart: boolean }>(async function inquiryDigest(app: FastifyInstance, { autoStart }) {
  if (!autoStart) return;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    app.inquiryDigest
      .runOnce()
      .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'inquiry digest postponed'))
      .finally(() => {
        if (stopped) return;
        timer = setTimeout(tick, LOOK_EVERY_MS);
        timer.unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(tick, LOOK_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(timer);
  });
});

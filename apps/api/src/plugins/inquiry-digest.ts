/**
 * The staff's digests of new inquiries and new enrolments: every instance looks every few seconds;
 * the database lets one digest of each through per turn (see repositories/digest-turn-repository.ts), whichever
 * instance sends it.
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
    Promise.all([
      app.inquiryDigest
        .runOnce()
        .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'inquiry digest postponed')),
      app.enrollmentDigest
        .runOnce()
        .catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'enrolment digest postponed')),
    ]).finally(() => {
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

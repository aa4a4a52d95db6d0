/**
 * The staff's digests of new inquiries and new enrolments: every instance looks every few seconds;
 * the database lets one digest of each through per turn (see services/digest-turn.ts), whichever
 * instance sends it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { InquiryDigest } from '../services/inquiry-digest';
import { EnrollmentDigest } from '../services/enrollment-digest';
import { safeErrorFacts } from '../lib/logger';

declare module 'fastify' {
  interface FastifyInstance {
    inquiryDigest: { runOnce: (now?: Date) => Promise<number> };
    enrollmentDigest: { runOnce: (now?: Date) => Promise<number> };
  }
}

/** How soon after the turn is up a waiting record is mailed. */
const LOOK_EVERY_MS = 10_000;

export default fp<{ autoStart: boolean }>(async function inquiryDigest(app: FastifyInstance, { autoStart }) {
  const kick = () => app.outbox.kick();
  const digest = new InquiryDigest(app.database.db, app.config, kick);
  const enrollments = new EnrollmentDigest(app.database.db, app.config, kick);
  app.decorate('inquiryDigest', { runOnce: (now?: Date) => digest.runOnce(now) });
  app.decorate('enrollmentDigest', { runOnce: (now?: Date) => enrollments.runOnce(now) });
  if (!autoStart) return;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    Promise.all([
      digest.runOnce().catch((err: unknown) => app.log.warn({ err: safeErrorFacts(err) }, 'inquiry digest postponed')),
      enrollments
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

/**
 * The mail outbox worker (built in plugins/services.ts), started with the app and stopped (after
 * its pass) when it closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OutboxWorkerOptions } from '../services/mail/outbox-worker';

export interface OutboxPluginOptions {
  /** false: tests drive `app.outbox.runOnce()` themselves. */
  autoStart?: boolean;
  worker?: OutboxWorkerOptions;
}

export default fp<OutboxPluginOptions>(async function outbox(app: FastifyInstance, options) {
  if (options.autoStart !== false) app.addHook('onReady', async () => app.outbox.start());
  app.addHook('onClose', async () => app.outbox.stop());
});

/** The mail outbox worker, started with the app and stopped (after its pass) when it closes. */
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailTransport } from '../services/mail/mail-transport';
import { OutboxWorker, type OutboxWorkerOptions } from '../services/mail/outbox-worker';
import type { MailMessage } from '../services/mail/mail-message';
import { STUDENT_MESSAGE_OUTBOX, studentMessageRenderer } from '../services/student-messages';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

export interface OutboxPluginOptions {
  /** false: tests drive `app.outbox.runOnce()` themselves. */
  autoStart?: boolean;
  worker?: OutboxWorkerOptions;
}

export default fp<OutboxPluginOptions>(async function outbox(app: FastifyInstance, options) {
  const transport = createMailTransport({
    smtpUrl: app.config.smtpUrl,
    from: app.config.mailFrom,
    outboxDir: path.join(app.config.dataDir, 'outbox'),
  });
  // The services are built after this plugin (they queue mail through it), and first sent to once the app is ready.
  const fillLink = (mail: MailMessage) => app.studentPageService.fillLink(mail);
  const renderStudentMessage = studentMessageRenderer(app.database.db, app.config);
  const worker = new OutboxWorker(
    app.database.db,
    transport,
    app.log,
    { leaseMs: app.config.outboxLeaseMs, ...options.worker },
    {
      // Links to a student's page are minted as the mail goes out: the outbox never holds one.
      mail: (payload) => fillLink(payload as MailMessage),
      [STUDENT_MESSAGE_OUTBOX]: async (payload) => {
        const mail = await renderStudentMessage(payload);
        return mail && fillLink(mail);
      },
      announcement: async (payload) => {
        const mail = await app.announcementService.render(payload);
        return mail && fillLink(mail);
      },
    },
  );
  app.decorate('outbox', worker);
  if (options.autoStart !== false) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => worker.stop());
});

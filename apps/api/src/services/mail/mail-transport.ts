/**
 * Delivers one rendered mail: through SMTP_URL (nodemailer), or, without it, as an `.eml` file in
 * DATA_DIR/outbox so `npm start` needs no mail server. The Message-ID derives from the outbox row,
 * so a retried delivery carries the same id and receivers can drop a duplicate.
 */
import fs from 'node:fs';
import path from 'node:path';
import type Nodemailer from 'nodemailer';
import { lazyPackage } from '../../lib/lazy-package';
import type { MailMessage } from './mail-message';

const nodemailer = lazyPackage<typeof Nodemailer>('nodemailer');

/** Made on the first mail, not at start: nodemailer is loaded only when there is mail to send. */
function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

export interface MailTransport {
  send(id: string, message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}): MailTransport {
  const domain = options.from.match(/@([^>\s]+)/)?.[1] ?? 'registrar.local';
  const envelope = (id: string, message: MailMessage) => ({
    from: options.from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${id}@${domain}>`,
    ...(message.replyTo ? { replyTo: message.replyTo } : {}),
  });

  if (options.smtpUrl) {
    // Pooled: one connection carries many messages (a bulk announcement is thousands of them).
    const smtpUrl = options.smtpUrl;
    let opened = false;
    const transporter = onFirstUse(() => {
      opened = true;
      return nodemailer().createTransport({ url: smtpUrl, pool: true, maxConnections: 2, maxMessages: 500 } as never);
    });
    return {
      async send(id, message) {
        await transporter().sendMail(envelope(id, message));
      },
      close: () => {
        if (opened) transporter().close();
      },
    };
  }

  let opened = false;
  const transporter = onFirstUse(() => {
    opened = true;
    return nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  });
  return {
    async send(id, message) {
      const info = await transporter().sendMail(envelope(id, message));
      fs.mkdirSync(options.outboxDir, { recursive: true });
      // Named by the outbox row alone: a retry after a failure past this point (the database
      // dropping before the row is marked sent) replaces the file instead of adding a second copy.
      const file = path.join(options.outboxDir, `${id}.eml`);
      // Written whole then renamed: a reader never sees half a message.
      const temp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(temp, info.message as Buffer);
      fs.renameSync(temp, file);
    },
    close: () => {
      if (opened) transporter().close();
    },
  };
}

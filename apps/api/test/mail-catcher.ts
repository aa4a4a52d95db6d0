/** A real SMTP peer (`smtp-server`) on 127.0.0.1 that keeps what it receives, for mail tests. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

/**
 * Points where a test can step in, to put a sender's crash exactly where it matters. A hook that
 * answers 'refuse' makes the peer turn the message away with 421 (it is not kept).
 */
export interface MailCatcherHooks {
  /** A message's DATA is starting; `kept` messages so far. */
  beforeData?: (kept: number) => Promise<'accept' | 'refuse'> | 'accept' | 'refuse';
  /** The message is kept, and its sender has not yet been told (the 250 reply is not yet sent). */
  afterKeep?: (mail: ParsedMail, kept: number) => Promise<void> | void;
}

export interface MailCatcher {
  url: string;
  /** Every message accepted, in order, repeats included (what the SMTP peer counted). */
  messages: ParsedMail[];
  /** What a mailbox shows: one message per Message-ID, as receivers that drop duplicates keep. */
  mailbox(): ParsedMail[];
  hooks: MailCatcherHooks;
  /** Refuse the next `n` messages with a temporary failure. */
  failNext(n: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** The newest mail to `address` whose subject matches, waiting for it to arrive. */
  latestTo(address: string, subject: RegExp, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: ParsedMail[] = [];
  let failures = 0;
  const hooks: MailCatcherHooks = {};
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    async onData(stream, _session, callback) {
      if ((await hooks.beforeData?.(messages.length)) === 'refuse') {
        stream.resume();
        stream.on('end', () => callback(Object.assign(new Error('Service not available'), { responseCode: 421 })));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        const mail = await simpleParser(Buffer.concat(chunks));
        messages.push(mail);
        await hooks.afterKeep?.(mail, messages.length);
        callback();
      });
    },
  });
  // A sender killed mid-conversation resets its connection; a real peer shrugs that off too.
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET') throw err;
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    mailbox: () => [...new Map(messages.map((m) => [m.messageId ?? Symbol(), m])).values()],
    hooks,
    failNext: (n) => (failures = n),
    async waitFor(count, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${messages.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
      return messages;
    },
    async latestTo(address, subject, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages
          .filter((m) =>
            (m.to as { value: { address?: string }[] } | undefined)?.value.some((v) => v.address === address),
          )
          .filter((m) => subject.test(m.subject ?? ''))
          .at(-1);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${address} matching ${subject}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

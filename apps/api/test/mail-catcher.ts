/** A real SMTP peer (`smtp-server`) on 127.0.0.1 that keeps what it receives, for mail tests. */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface MailCatcher {
  url: string;
  messages: ParsedMail[];
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
  const server = new SMTPServer({
    authOptional: true,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        if (failures > 0) {
          failures -= 1;
          const err = Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 });
          return callback(err);
        }
        messages.push(await simpleParser(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
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

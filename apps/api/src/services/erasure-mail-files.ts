/**
 * The `.eml` files an erasure touches (mail written to disk when no SMTP server is set). A file
 * addressed to the person goes; a file to someone else (a staff notice about a new enrolment)
 * stays, rewritten without the person's email, phone and name when it carries their email or
 * phone. Everything else is left exactly as it was.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import type Nodemailer from 'nodemailer';
import { lazyPackage } from '../lib/lazy-package';
import { isAbout, scrubMail, type ErasedPerson } from './erasure-match';

const nodemailer = lazyPackage<typeof Nodemailer>('nodemailer');
const mailparser = lazyPackage<typeof import('mailparser')>('mailparser');

const addressesOf = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) =>
    a.value.flatMap((v) => (v.address ? [v.address.trim().toLowerCase()] : [])),
  );

export async function eraseMailFiles(
  outboxDir: string,
  person: ErasedPerson,
): Promise<{ removed: number; scrubbed: number }> {
  const counts = { removed: 0, scrubbed: 0 };
  if (!fs.existsSync(outboxDir)) return counts;
  const own = new Set(person.emails.map((e) => e.trim().toLowerCase()));
  const composer = nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  for (const name of await fsp.readdir(outboxDir)) {
    if (!name.endsWith('.eml')) continue;
    const file = path.join(outboxDir, name);
    const raw = await fsp.readFile(file).catch(() => undefined);
    if (!raw) continue;
    // Bodies are quoted-printable or base64: read the decoded mail, not the raw bytes.
    const mail = await mailparser().simpleParser(raw);
    const to = addressesOf(mail.to);
    if (to.some((a) => own.has(a))) {
      await fsp.rm(file, { force: true });
      counts.removed += 1;
      continue;
    }
    const html = typeof mail.html === 'string' ? mail.html : undefined;
    const body = { subject: mail.subject ?? '', text: mail.text ?? '', html };
    if (!isAbout([body.subject, body.text, body.html ?? ''].join('\n'), person)) continue;
    const scrubbed = scrubMail(body, person);
    const info = await composer.sendMail({
      from: mail.from?.text,
      to: Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(', ') : mail.to?.text,
      subject: scrubbed.subject,
      text: scrubbed.text,
      ...(scrubbed.html === undefined ? {} : { html: scrubbed.html }),
      ...(mail.messageId ? { messageId: mail.messageId } : {}),
      ...(mail.date ? { date: mail.date } : {}),
    });
    // Written whole then renamed, as the transport writes them: a reader never sees half a message.
    const temp = `${file}.${process.pid}.erasing`;
    await fsp.writeFile(temp, info.message as Buffer);
    await fsp.rename(temp, file);
    counts.scrubbed += 1;
  }
  composer.close();
  return counts;
}

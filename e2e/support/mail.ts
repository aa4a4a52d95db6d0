/**
 * Reads the mail the e2e server wrote: without SMTP_URL the API writes each message as one `.eml`
 * file in `${E2E_DATA_DIR}/outbox/` (written whole, then renamed). Enough MIME to read what the
 * API sends: multipart trees, quoted-printable and base64 bodies, RFC 2047 encoded headers.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface Mail {
  file: string;
  headers: Record<string, string>;
  subject: string;
  to: string;
  /** Every text part (plain and HTML), decoded, joined. */
  text: string;
}

export function outboxDir(): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dataDir, 'outbox');
}

/** Quoted-printable (RFC 2045 §6.7): soft line breaks go, `=XX` becomes the byte XX; UTF-8 result. */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words in a header (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`). */
function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end === -1 ? normalised : normalised.slice(0, end);
  const body = end === -1 ? '' : normalised.slice(end + 2);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function textParts(raw: string): string[] {
  const { headers, body } = splitEntity(raw);
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .flatMap((part) => textParts(part.replace(/^\n/, '')));
  }
  if (!/^text\//i.test(type)) return [];
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return [decodeQuotedPrintable(body)];
  if (encoding === 'base64') return [Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')];
  return [body];
}

export function parseMail(file: string): Mail {
  const raw = fs.readFileSync(file, 'utf8');
  const { headers } = splitEntity(raw);
  const decoded = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, decodeHeader(v)]));
  return {
    file,
    headers: decoded,
    subject: decoded.subject ?? '',
    to: decoded.to ?? '',
    text: textParts(raw).join('\n'),
  };
}

/** The outbox's messages, newest first (file names start with the delivery time). */
export function listMail(): Mail[] {
  const dir = outboxDir();
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => ({ name, mtime: fs.statSync(path.join(dir, name)).mtimeMs }))
    .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name))
    .map(({ name }) => parseMail(path.join(dir, name)));
}

/** The newest message in the outbox, or undefined. */
export function newestMail(): Mail | undefined {
  return listMail()[0];
}

/**
 * Waits for the newest message to `to` (and, if given, with a matching subject) written after
 * `since` (ms since the epoch): the API's outbox worker delivers a moment after the request.
 */
export async function waitForMail(options: {
  to: string;
  subject?: RegExp;
  since?: number;
  timeoutMs?: number;
}): Promise<Mail> {
  const { to, subject, since = 0, timeoutMs = 15_000 } = options;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = listMail().find(
      (mail) =>
        fs.statSync(mail.file).mtimeMs >= since - 1000 &&
        mail.to.toLowerCase().includes(to.toLowerCase()) &&
        (!subject || subject.test(mail.subject)),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(
        `no mail to ${to}${subject ? ` matching ${subject}` : ''} in ${outboxDir()} after ${timeoutMs} ms`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The reset or invitation link in a mail: `${publicUrl}/reset-password/<token>` or `/set-up-account/<token>` (base64url). */
export function resetLinkIn(mail: Mail, publicUrl?: string): string {
  const match = /(https?:\/\/[^\s"'<>]+?)\/(?:reset-password|set-up-account)\/([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no reset link in ${mail.file}:\n${mail.text}`);
  const [link, origin] = match;
  if (publicUrl !== undefined && origin !== publicUrl.replace(/\/$/, '')) {
    throw new Error(`the reset link ${link} is not built from PUBLIC_URL ${publicUrl}`);
  }
  return link;
}

/** The reset link of the newest password-reset mail to `to`. */
export async function waitForResetLink(to: string, options: { since?: number; publicUrl?: string } = {}) {
  const mail = await waitForMail({ to, subject: /reset/i, since: options.since });
  return resetLinkIn(mail, options.publicUrl);
}

/** A mail as the outbox stores it: self-contained, rendered when the action happens. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes, when the mail invites one. */
  replyTo?: string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** The institute's frame around every mail; `paragraphs` are plain text, escaped here. */
export function brandedMail(options: {
  to: string;
  subject: string;
  instituteName: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
  /** The language the mail is written in (a student's own; staff mails are English). */
  language?: string;
  replyTo?: string;
}): MailMessage {
  const { to, subject, instituteName, greeting, paragraphs, action, footer, language = 'en', replyTo } = options;
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    footer ?? '',
    `— ${instituteName}`,
  ].join('\n');
  const html = `<!doctype html><html lang="${escapeHtml(language)}"><body style="margin:0;background:#f5f4fa;font-family:system-ui,Segoe UI,Roboto,sans-serif;color:#1d1b26">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:24px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;background:#fff;border-radius:8px">
<tr><td style="background:#241D3B;color:#fff;padding:16px 24px;font-size:18px;font-weight:600;border-radius:8px 8px 0 0">${escapeHtml(instituteName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${action ? `<p><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#6200ea;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none">${escapeHtml(action.label)}</a></p><p style="font-size:13px;color:#55536a">${escapeHtml(action.url)}</p>` : ''}
${footer ? `<p style="font-size:13px;color:#55536a">${escapeHtml(footer)}</p>` : ''}
</td></tr></table></td></tr></table></body></html>`;
  return { to, subject, text, html, ...(replyTo ? { replyTo } : {}) };
}

/**
 * `MESSAGE_CHANNEL=simulator`: stands in for the WhatsApp Cloud API and the SMS provider, in their
 * formats. It checks the template name and its parameter count as Meta does, answers with an id,
 * then reports sent, delivered (twice, as Meta may) and read through the app's own signed webhook.
 * A number ending in 0000 fails on both, so the fallback to the next channel can be shown.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { WHATSAPP_TEMPLATES } from '@registrar/contract/message-channels';
import type { MessageConfig } from '../../config-messages';

/** Posts a body to one of the app's own webhook paths (app.inject: no network). */
export type PostToSelf = (path: string, body: string, headers: Record<string, string>) => Promise<unknown>;

const UNDELIVERABLE = /0000$/;
type Answer = { status: number; body: unknown };
const graphError = (status: number, code: number, message: string): Answer => ({
  status,
  body: { error: { message, type: 'OAuthException', code, error_data: { details: message }, fbtrace_id: 'simulator' } },
});

export class MessageSimulator {
  private readonly pending = new Set<Promise<unknown>>();
  /** What was sent, newest last, for demos and tests to read. */
  readonly log: { channel: 'whatsapp' | 'sms'; to: string; id: string; body: unknown }[] = [];

  constructor(
    private readonly config: MessageConfig,
    private readonly post: PostToSelf,
    private readonly webhookPaths: { whatsapp: string; sms: string },
    private readonly delayMs = 50,
  ) {}

  whatsappSend(authorization: string | undefined, body: unknown): Answer {
    const wa = this.config.whatsapp;
    if (!wa || authorization !== `Bearer ${wa.token}`) return graphError(401, 190, 'Invalid OAuth access token.');
    const b = body as { to?: unknown; template?: { name?: unknown; components?: { parameters?: unknown[] }[] } };
    const template = Object.values(WHATSAPP_TEMPLATES).find((t) => t.name === b?.template?.name);
    if (typeof b?.to !== 'string') return graphError(400, 100, 'Invalid parameter: to');
    if (!template) return graphError(404, 132001, 'Template name does not exist in the translation');
    if ((b.template?.components?.[0]?.parameters?.length ?? 0) !== template.params.length)
      return graphError(400, 132000, 'Number of parameters does not match the expected number of params');
    const id = `wamid.SIM${randomBytes(12).toString('hex')}`;
    this.log.push({ channel: 'whatsapp', to: b.to, id, body });
    const statuses = UNDELIVERABLE.test(b.to)
      ? [{ status: 'failed', errors: [{ code: 131026, title: 'Message undeliverable' }] }]
      : [{ status: 'sent' }, { status: 'delivered' }, { status: 'delivered' }, { status: 'read' }];
    this.later(async () => {
      for (const s of statuses)
        await this.whatsappWebhook({ id, recipient_id: b.to, timestamp: `${Math.floor(Date.now() / 1000)}`, ...s });
    });
    return {
      status: 200,
      body: { messaging_product: 'whatsapp', contacts: [{ input: b.to, wa_id: b.to }], messages: [{ id }] },
    };
  }

  smsSend(body: Record<string, string>): Answer {
    const sms = this.config.sms;
    if (!sms) return { status: 401, body: { RestException: { Status: 401, Message: 'Not authorised', Code: 1010 } } };
    if (body.DltEntityId !== sms.entityId || !Object.values(sms.templateIds).includes(body.DltTemplateId ?? ''))
      return {
        status: 400,
        body: { RestException: { Status: 400, Message: 'DLT template not matched', Code: 30003 } },
      };
    const sid = `sim${randomBytes(12).toString('hex')}`;
    this.log.push({ channel: 'sms', to: body.To ?? '', id: sid, body });
    const failed = UNDELIVERABLE.test(body.To ?? '');
    this.later(async () => {
      const report = new URLSearchParams({
        SmsSid: sid,
        To: body.To ?? '',
        Status: failed ? 'failed' : 'delivered',
        DetailedStatus: failed ? 'UNKNOWN_SUBSCRIBER' : 'DELIVERED_TO_HANDSET',
        DetailedStatusCode: failed ? '30008' : '20005',
      });
      await this.post(`${this.webhookPaths.sms}/${sms.reportToken}`, report.toString(), {
        'content-type': 'application/x-www-form-urlencoded',
      });
    });
    return { status: 200, body: { SMSMessage: { Sid: sid, Status: 'queued', To: body.To } } };
  }

  /** A status webhook as Meta signs it. */
  async whatsappWebhook(status: Record<string, unknown>): Promise<unknown> {
    const wa = this.config.whatsapp!;
    const raw = JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: 'simulator',
          changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', statuses: [status] } }],
        },
      ],
    });
    const signature = `sha256=${createHmac('sha256', wa.appSecret).update(raw).digest('hex')}`;
    return this.post(this.webhookPaths.whatsapp, raw, {
      'content-type': 'application/json',
      'x-hub-signature-256': signature,
    });
  }

  private later(work: () => Promise<void>) {
    const run = new Promise((resolve) => setTimeout(resolve, this.delayMs)).then(work).catch(() => undefined);
    const tracked = run.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Waits for every report the simulator still owes. */
  async settle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}

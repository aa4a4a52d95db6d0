/**
 * The WhatsApp Business Cloud API: approved templates sent to `/{phone-number-id}/messages`, and
 * the status webhook's `X-Hub-Signature-256`, an HMAC of the raw body with the app secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  WHATSAPP_RATE_ERRORS,
  WHATSAPP_TEMPLATE_ERRORS,
  WHATSAPP_TEMPLATES,
  type TemplateOccasion,
} from '@registrar/contract/message-channels';
import type { WhatsAppConfig } from '../../config-messages';
import { indianMobile, jsonOf, type Fetch, type SendOutcome } from './provider-answer';

/** Meta's codes for a token or account it will not serve: no message goes out until fixed. */
const ACCOUNT_ERRORS = [0, 3, 10, 190, 200, 131031];

export class WhatsAppCloud {
  constructor(
    readonly config: WhatsAppConfig,
    private readonly fetchFn: Fetch = fetch,
  ) {}

  templateOf(occasion: TemplateOccasion) {
    return WHATSAPP_TEMPLATES[occasion];
  }

  async send(
    phone: string,
    occasion: TemplateOccasion,
    language: string,
    values: Record<string, string>,
  ): Promise<SendOutcome> {
    const template = this.templateOf(occasion);
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: indianMobile(phone),
      type: 'template',
      template: {
        name: template.name,
        language: { code: language === 'hi' ? 'hi' : 'en' },
        components: [
          { type: 'body', parameters: template.params.map((p) => ({ type: 'text', text: values[p] ?? '' })) },
        ],
      },
    };
    let res: Response;
    try {
      res = await this.fetchFn(`${this.config.apiUrl}/${this.config.phoneNumberId}/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${this.config.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      return { ok: false, next: 'retry', code: 'network', error: (err as Error).message };
    }
    const answer = await jsonOf(res);
    const id = (answer.messages as { id?: unknown }[] | undefined)?.[0]?.id;
    if (res.ok && typeof id === 'string') return { ok: true, providerId: id };
    const error = (answer.error ?? {}) as { code?: unknown; message?: unknown; error_data?: { details?: unknown } };
    const code = Number(error.code ?? res.status);
    const words = [error.message, error.error_data?.details].filter((w) => typeof w === 'string').join(': ');
    return { ok: false, code: String(code), error: words || `HTTP ${res.status}`, next: whatNext(code, res.status) };
  }

  /** Whether the signature header is the app secret's HMAC of exactly these bytes. */
  verify(raw: Buffer, header: string | undefined): boolean {
    const match = /^sha256=([0-9a-f]{64})$/.exec(header ?? '');
    if (!match) return false;
    const expected = createHmac('sha256', this.config.appSecret).update(raw).digest();
    return timingSafeEqual(expected, Buffer.from(match[1]!, 'hex'));
  }
}

function whatNext(code: number, status: number): 'retry' | 'blocked' | 'refused' {
  if ((WHATSAPP_TEMPLATE_ERRORS as readonly number[]).includes(code)) return 'blocked';
  if (status === 401 || status === 403 || ACCOUNT_ERRORS.includes(code)) return 'blocked';
  if ((WHATSAPP_RATE_ERRORS as readonly number[]).includes(code) || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

/** What a `failed` status's error means for the message: a template problem, or try the next channel. */
export const statusErrorBlocks = (code: number) => (WHATSAPP_TEMPLATE_ERRORS as readonly number[]).includes(code);

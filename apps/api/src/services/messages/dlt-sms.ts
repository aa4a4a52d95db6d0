/**
 * SMS through a DLT-registered provider speaking Exotel's `Sms/send` API: the registered header,
 * entity and template ids with the exact registered text, and a delivery report to `StatusCallback`.
 */
import { SMS_TEMPLATES, type TemplateOccasion } from '@registrar/contract/message-channels';
import type { SmsConfig } from '../../config-messages';
import { indianMobile, jsonOf, type Fetch, type SendOutcome } from './provider-answer';

/** DLT allows about 30 characters a variable; a longer value would not match the template. */
const VARIABLE_MAX = 30;

/** The registered text with each `{#var#}` filled in order. */
export function smsText(occasion: TemplateOccasion, values: Record<string, string>): string {
  const { text, params } = SMS_TEMPLATES[occasion];
  let i = 0;
  return text.replace(/\{#var#\}/g, () => {
    const value = values[params[i++]!] ?? '';
    // A link is whitelisted whole, so it is never cut.
    return params[i - 1] === 'link' ? value : value.slice(0, VARIABLE_MAX);
  });
}

export class DltSms {
  constructor(
    readonly config: SmsConfig,
    /** Where the provider posts delivery reports. */
    private readonly reportUrl: string,
    private readonly fetchFn: Fetch = fetch,
  ) {}

  /** Only occasions with a registered template id go by SMS. */
  carries(occasion: TemplateOccasion): boolean {
    return Boolean(this.config.templateIds[occasion]);
  }

  async send(
    phone: string,
    occasion: TemplateOccasion,
    values: Record<string, string>,
    reference: string,
  ): Promise<SendOutcome> {
    const form = new URLSearchParams({
      From: this.config.senderId,
      To: `+${indianMobile(phone)}`,
      Body: smsText(occasion, values),
      DltEntityId: this.config.entityId,
      DltTemplateId: this.config.templateIds[occasion] ?? '',
      SmsType: 'transactional',
      StatusCallback: this.reportUrl,
      CustomField: reference,
    });
    const auth = Buffer.from(`${this.config.apiKey}:${this.config.apiToken}`).toString('base64');
    let res: Response;
    try {
      res = await this.fetchFn(`${this.config.apiUrl}/Sms/send.json`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (err) {
      return { ok: false, next: 'retry', code: 'network', error: (err as Error).message };
    }
    const answer = await jsonOf(res);
    const sid = (answer.SMSMessage as { Sid?: unknown } | undefined)?.Sid;
    if (res.ok && typeof sid === 'string') return { ok: true, providerId: sid };
    const problem = (answer.RestException ?? {}) as { Code?: unknown; Message?: unknown };
    const code = String(problem.Code ?? res.status);
    const error = typeof problem.Message === 'string' ? problem.Message : `HTTP ${res.status}`;
    if (res.status === 429 || res.status >= 500) return { ok: false, next: 'retry', code, error };
    if (res.status === 401 || res.status === 403) return { ok: false, next: 'blocked', code, error };
    return { ok: false, next: 'refused', code, error };
  }
}

/** A delivery report's status as a delivery state: undefined for the steps before the handset. */
export function smsReportState(status: string): 'delivered' | 'failed' | undefined {
  if (status === 'delivered') return 'delivered';
  if (['failed', 'failed-dnd', 'expired', 'undelivered', 'rejected'].includes(status)) return 'failed';
  return undefined;
}

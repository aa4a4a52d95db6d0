/**
 * What the providers report back: WhatsApp's signed status and inbound-message webhook, and the SMS
 * provider's delivery reports. A report only raises a delivery's state; a failure sends the message
 * on to the next channel once; a "STOP" from the student's number stops WhatsApp and SMS to them.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { DeliveryState } from '@registrar/contract/message-channels';
import type { Db } from '../../db/database';
import { messageDeliveryRepository as deliveries } from '../../repositories/message-delivery-repository';
import { enrollmentConsentRepository } from '../../repositories/enrollment-consent-repository';
import { smsReportState } from './dlt-sms';
import type { WhatsAppCloud } from './whatsapp-cloud';
import { statusErrorBlocks } from './whatsapp-cloud';

const WHATSAPP_STATES: Record<string, DeliveryState> = {
  sent: 'sent',
  delivered: 'delivered',
  read: 'read',
  failed: 'failed',
};
/** Words that stop messages, as carriers and Meta treat them. */
const STOP_WORDS = new Set(['stop', 'unsubscribe', 'stop all', 'रोकें', 'बंद']);

interface WhatsAppStatus {
  id?: unknown;
  status?: unknown;
  errors?: { code?: unknown; title?: unknown; message?: unknown; error_data?: { details?: unknown } }[];
}
interface WhatsAppInbound {
  from?: unknown;
  type?: unknown;
  text?: { body?: unknown };
  button?: { text?: unknown };
}

export class MessageReports {
  constructor(
    private readonly db: Db,
    private readonly whatsapp: WhatsAppCloud | undefined,
    private readonly smsReportToken: string | undefined,
    /** Wakes the outbox when a failure sent a message on to its next channel. */
    private readonly onRequeued: () => void,
  ) {}

  get whatsappConfigured() {
    return Boolean(this.whatsapp);
  }

  verifyWhatsApp(raw: Buffer, signature: string | undefined): boolean {
    return Boolean(this.whatsapp?.verify(raw, signature));
  }

  /** Meta's subscription handshake: the challenge back when the verify token matches. */
  handshake(mode: unknown, token: unknown, challenge: unknown): string | undefined {
    const expected = this.whatsapp?.config.verifyToken;
    if (!expected || mode !== 'subscribe' || typeof token !== 'string' || typeof challenge !== 'string')
      return undefined;
    return sameText(token, expected) ? challenge.slice(0, 200) : undefined;
  }

  /** A verified webhook body: each status applied, each STOP honoured. */
  async whatsappEvent(body: unknown): Promise<void> {
    const entries = (body as { entry?: { changes?: { value?: { statuses?: unknown; messages?: unknown } }[] }[] })
      ?.entry;
    for (const entry of Array.isArray(entries) ? entries : [])
      for (const change of Array.isArray(entry?.changes) ? entry.changes : []) {
        const value = change?.value;
        for (const s of (Array.isArray(value?.statuses) ? value.statuses : []) as WhatsAppStatus[])
          await this.status(s);
        for (const m of (Array.isArray(value?.messages) ? value.messages : []) as WhatsAppInbound[])
          await this.inbound(m);
      }
  }

  private async status(s: WhatsAppStatus): Promise<void> {
    const state = typeof s.status === 'string' ? WHATSAPP_STATES[s.status] : undefined;
    if (typeof s.id !== 'string' || !state) return;
    const e = s.errors?.[0];
    const code = Number(e?.code ?? 0);
    const words = [e?.title ?? e?.message, e?.error_data?.details].filter((w) => typeof w === 'string').join(': ');
    const failure = state === 'failed' ? { code: String(code), error: words || 'failed' } : undefined;
    const moved = await deliveries.report(this.db, 'whatsapp', s.id.slice(0, 200), state, failure);
    if (!moved || state !== 'failed') return;
    if (statusErrorBlocks(code)) await deliveries.recordProblem(this.db, 'whatsapp', '*', String(code), words);
    await deliveries.requeue(this.db, moved);
    this.onRequeued();
  }

  private async inbound(m: WhatsAppInbound): Promise<void> {
    const text = m.type === 'button' ? m.button?.text : m.text?.body;
    if (typeof m.from !== 'string' || typeof text !== 'string') return;
    if (STOP_WORDS.has(text.trim().toLowerCase())) await enrollmentConsentRepository.stopByPhone(this.db, m.from);
  }

  /** Templates a provider refused, for an admin to fix with Meta or the DLT portal and clear. */
  problems() {
    return deliveries.openProblems(this.db);
  }

  clearProblem(id: string) {
    return deliveries.clearProblem(this.db, id);
  }

  verifySmsToken(token: string): boolean {
    return Boolean(this.smsReportToken) && sameText(token, this.smsReportToken!);
  }

  /** One delivery report (Exotel's `SmsSid`, `Status`, `DetailedStatus`, `DetailedStatusCode`). */
  async smsReport(report: Record<string, unknown>): Promise<void> {
    const sid = report.SmsSid;
    const state = typeof report.Status === 'string' ? smsReportState(report.Status) : undefined;
    if (typeof sid !== 'string' || !state) return;
    const failure =
      state === 'failed'
        ? {
            code: String(report.DetailedStatusCode ?? report.Status),
            error: String(report.DetailedStatus ?? report.Status),
          }
        : undefined;
    const moved = await deliveries.report(this.db, 'sms', sid.slice(0, 200), state, failure);
    if (moved && state === 'failed') {
      await deliveries.requeue(this.db, moved);
      this.onRequeued();
    }
  }
}

function sameText(a: string, b: string): boolean {
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(a), digest(b));
}

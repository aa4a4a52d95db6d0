/**
 * Carries one student message along the institute's order of channels: WhatsApp and SMS only to a
 * student who agreed and has not said stop, mail always last. A channel is used at most once per
 * message; a refusal moves on to the next, a rate limit or an outage tries the same one later.
 */
import { formatRupeesExact } from '@registrar/contract/language';
import { STUDENT_PAY_PARAM } from '@registrar/contract/student-page';
import type { MessageChannel, TemplateOccasion } from '@registrar/contract/message-channels';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { toRupees } from '../../lib/money';
import { messageDeliveryRepository as deliveries } from '../../repositories/message-delivery-repository';
import type { MailMessage } from '../mail/mail-message';
import type { DltSms } from './dlt-sms';
import type { SendOutcome } from './provider-answer';
import { CARRIED_ELSEWHERE, HoldUntil } from '../mail/outbox-signals';
import { Pacer } from './pacing';
import { quietUntil } from './quiet-hours';
import type { WhatsAppCloud } from './whatsapp-cloud';

type Found = NonNullable<Awaited<ReturnType<typeof deliveries.messageWithStudent>>>;

export interface Channels {
  whatsapp?: WhatsAppCloud;
  sms?: DltSms;
}

export class MessageDispatch {
  private readonly pacers: Record<'whatsapp' | 'sms', Pacer>;

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'messages' | 'instituteName'>,
    private readonly channels: Channels,
    private readonly renderMail: (payload: unknown) => Promise<MailMessage | undefined>,
    private readonly mintLink: (enrollmentId: string) => Promise<string>,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.pacers = {
      whatsapp: new Pacer(channels.whatsapp?.config.perSecond ?? 20, 6_000, now),
      sms: new Pacer(channels.sms?.config.perSecond ?? 5, 0, now),
    };
  }

  /** The outbox's renderer for student messages. */
  async deliver(payload: unknown): Promise<MailMessage | undefined | typeof CARRIED_ELSEWHERE> {
    const { messageId } = payload as { messageId: string };
    const found = await deliveries.messageWithStudent(this.db, messageId);
    if (!found || found.enrollment.erasedAt) return undefined;
    const tried = await deliveries.forMessage(this.db, messageId);
    for (const channel of this.config.messages.channels) {
      const before = tried.find((d) => d.channel === channel);
      if (channel === 'mail') {
        if (!before) await deliveries.claim(this.db, messageId, 'mail');
        return this.renderMail(payload);
      }
      if (before && before.state !== 'queued') {
        if (before.state === 'failed') continue;
        return CARRIED_ELSEWHERE;
      }
      if (!(await this.reaches(channel, found))) continue;
      const outcome = await this.sendOn(channel, found);
      if (outcome === 'sent') return CARRIED_ELSEWHERE;
    }
    return this.renderMail(payload);
  }

  /** Whether this channel may carry the message to this student now. */
  private async reaches(channel: Exclude<MessageChannel, 'mail'>, found: Found): Promise<boolean> {
    const e = found.enrollment;
    if (!e.phoneMessagesConsentAt || e.phoneMessagesStoppedAt || !e.phoneNumber) return false;
    const occasion = found.message.kind as TemplateOccasion;
    if (channel === 'whatsapp') {
      const wa = this.channels.whatsapp;
      if (!wa) return false;
      const name = wa.templateOf(occasion).name;
      return (
        !(await deliveries.openProblem(this.db, 'whatsapp', name)) &&
        !(await deliveries.openProblem(this.db, 'whatsapp', '*'))
      );
    }
    const sms = this.channels.sms;
    return Boolean(sms?.carries(occasion)) && !(await deliveries.openProblem(this.db, 'sms', '*'));
  }

  private async sendOn(channel: 'whatsapp' | 'sms', found: Found): Promise<'sent' | 'next'> {
    const { message, enrollment: e } = found;
    const morning = quietUntil(this.now(), this.config.messages.quietHours);
    if (morning) throw new HoldUntil(morning);
    const row = await deliveries.claim(this.db, message.id, channel);
    for (let wait = this.pacers[channel].take(e.phoneNumber); wait; wait = this.pacers[channel].take(e.phoneNumber)) {
      const ms = wait.getTime() - this.now().getTime();
      // A short wait is slept here; a longer one (the same number within seconds) goes back to the outbox.
      if (ms > 1_000) throw new HoldUntil(wait);
      await new Promise((resolve) => setTimeout(resolve, ms));
    }
    const values = await this.values(found);
    const occasion = message.kind as TemplateOccasion;
    const outcome: SendOutcome =
      channel === 'whatsapp'
        ? await this.channels.whatsapp!.send(e.phoneNumber, occasion, e.language, values)
        : await this.channels.sms!.send(e.phoneNumber, occasion, values, message.id);
    if (outcome.ok) {
      await deliveries.accepted(this.db, row.id, outcome.providerId);
      return 'sent';
    }
    if (outcome.next === 'retry') {
      await deliveries.notYet(this.db, row.id, outcome.code, outcome.error);
      throw new Error(`${channel} ${outcome.code}: ${outcome.error}`);
    }
    if (outcome.next === 'blocked') {
      const template =
        outcome.code.length === 6 && channel === 'whatsapp' ? this.channels.whatsapp!.templateOf(occasion).name : '*';
      await deliveries.recordProblem(this.db, channel, template, outcome.code, outcome.error);
    }
    await deliveries.refused(this.db, row.id, outcome.code, outcome.error);
    return 'next';
  }

  /** Every value a template may name, in the student's language, with a fresh link to their page. */
  private async values(found: Found): Promise<Record<string, string>> {
    const { message: m, enrollment: e } = found;
    const p = m.params;
    const inr = (paise: unknown) => formatRupeesExact(toRupees(Number(paise ?? 0)), e.language);
    const link = await this.mintLink(e.id);
    const pay =
      m.kind === 'payment_failed' && Number(p.installment) > 0 ? `?${STUDENT_PAY_PARAM}=${p.installment}` : '';
    return {
      name: e.name,
      number: e.enrollmentNumber,
      amount: inr(p.amountPaise),
      receipt: String(p.receipt ?? ''),
      voucher: String(p.voucher ?? ''),
      utr: String(p.utr ?? ''),
      reason: String(p.reason ?? ''),
      cheque: String(p.cheque ?? ''),
      charge: inr(p.feePaise),
      due: inr(p.duePaise),
      installment: String(p.installment ?? ''),
      date: String(p.date ?? ''),
      link: `${link}${pay}`,
      institute: this.config.instituteName,
    };
  }
}

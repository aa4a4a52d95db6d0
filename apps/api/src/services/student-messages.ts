/**
 * The student hears of each money event once. A message is written in the transaction of the event,
 * keyed by the event's stable id (a unique index), so a retry or a second door reaching the same
 * event finds the message instead of sending another; the outbox carries it and its delivery state.
 * The text is written when it is sent, in the student's language.
 */
import { desc, eq } from 'drizzle-orm';
import { formatDate, formatRupeesExact } from '@registrar/contract/language';
import type { StudentMessage, StudentMessageKind } from '@registrar/contract/student-messages';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { enrollments, outbox, studentMessages } from '../db/schema';
import { toRupees } from '../lib/money';
import { outboxRepository } from '../repositories/outbox-repository';
import { messageDeliveryRepository } from '../repositories/message-delivery-repository';
import type { PaymentRow } from '../repositories/payment-repository';
import { brandedMail, type MailMessage } from './mail/mail-message';
import { studentLinkParagraph } from './student-links';
import { studentMailClose, studentTexts } from './student-texts';

/** The outbox kind whose payload names a student message. */
export const STUDENT_MESSAGE_OUTBOX = 'student_message';

type Params = Record<string, string | number>;
interface MoneyEvent {
  enrollmentId: string;
  eventKey: string;
  kind: StudentMessageKind;
  params: Params;
}

/** Writes each event's message once (an event already told is skipped) and queues its delivery. */
export async function tellStudents(tx: Executor, events: MoneyEvent[]): Promise<void> {
  if (!events.length) return;
  const written = await tx
    .insert(studentMessages)
    .values(events)
    .onConflictDoNothing()
    .returning({ id: studentMessages.id });
  for (const { id } of written) {
    const outboxId = await outboxRepository.enqueue(tx, STUDENT_MESSAGE_OUTBOX, { messageId: id });
    await tx.update(studentMessages).set({ outboxId }).where(eq(studentMessages.id, id));
  }
}

/**
 * Payments just recorded, each told with its receipt (imports are not: the institute told them long
 * ago); a payment that confirms the student's own claim says so, with the reference they gave.
 */
export const tellOfPayments = (tx: Executor, recorded: PaymentRow[]) =>
  tellStudents(
    tx,
    recorded.map((p) => ({
      enrollmentId: p.enrollmentId,
      eventKey: `payment:${p.id}`,
      kind: p.source === 'claim' ? ('claim_confirmed' as const) : ('payment_recorded' as const),
      params: {
        receipt: p.receiptNumber,
        amountPaise: p.amountPaise,
        installment: p.installmentNumber,
        ...(p.source === 'claim' && p.utr ? { utr: p.utr } : {}),
      },
    })),
  );

/** A claim staff could not find in the account, once per claim, with their reason. */
export const tellOfRejectedClaim = (
  tx: Executor,
  claim: { id: string; enrollmentId: string; amountPaise: number; utr: string; installmentNumber: number },
  reason: string,
) =>
  tellStudents(tx, [
    {
      enrollmentId: claim.enrollmentId,
      eventKey: `claim-rejected:${claim.id}`,
      kind: 'claim_rejected',
      params: { amountPaise: claim.amountPaise, utr: claim.utr, installment: claim.installmentNumber, reason },
    },
  ]);

/** A refund just recorded, once per refund, with its voucher number. */
export const tellOfRefund = (
  tx: Executor,
  refund: { id: string; enrollmentId: string; amountPaise: number; voucher: string; receipt: string },
) =>
  tellStudents(tx, [
    {
      enrollmentId: refund.enrollmentId,
      eventKey: `refund:${refund.id}`,
      kind: 'refund_recorded',
      params: { amountPaise: refund.amountPaise, voucher: refund.voucher, receipt: refund.receipt },
    },
  ]);

/** An online payment the gateway refused, once per gateway payment. */
export const tellOfFailedPayment = (
  tx: Executor,
  order: { enrollmentId: string; amountPaise: number; installmentNumber: number },
  gatewayPaymentId: string,
) =>
  tellStudents(tx, [
    {
      enrollmentId: order.enrollmentId,
      eventKey: `payment-failed:${gatewayPaymentId}`,
      kind: 'payment_failed',
      params: { amountPaise: order.amountPaise, installment: order.installmentNumber },
    },
  ]);

/** A bounced cheque, once per payment, with the charge it left and what was due right after. */
export const tellOfBouncedCheque = (
  tx: Executor,
  payment: Pick<PaymentRow, 'id' | 'enrollmentId' | 'receiptNumber' | 'chequeNumber' | 'amountPaise'>,
  facts: { feePaise: number; duePaise: number; on: string },
) =>
  tellStudents(tx, [
    {
      enrollmentId: payment.enrollmentId,
      eventKey: `cheque-bounced:${payment.id}`,
      kind: 'cheque_bounced',
      params: {
        receipt: payment.receiptNumber,
        cheque: payment.chequeNumber ?? '',
        amountPaise: payment.amountPaise,
        ...facts,
      },
    },
  ]);

/** Each kind's subject, then its paragraphs, as text keys (a bounced cheque is worded apart). */
const TEXTS: Record<Exclude<StudentMessageKind, 'cheque_bounced'>, string[]> = {
  payment_recorded: ['mail.money.received.subject', 'mail.money.received.body'],
  payment_failed: ['mail.money.failed.subject', 'mail.money.failed.body'],
  claim_confirmed: ['mail.money.claimConfirmed.subject', 'mail.money.claimConfirmed.body'],
  claim_rejected: ['mail.claimRejected.subject', 'mail.claimRejected.body', 'mail.claimRejected.reason'],
  refund_recorded: ['mail.money.refund.subject', 'mail.money.refund.body'],
};

/** What the history line says a message was about, beside its amount. */
const ABOUT: Record<StudentMessageKind, (p: Params) => string | null> = {
  payment_recorded: (p) => String(p.receipt),
  payment_failed: () => null,
  claim_confirmed: (p) => String(p.receipt),
  claim_rejected: (p) => `UTR ${String(p.utr)}`,
  refund_recorded: (p) => String(p.voucher),
  cheque_bounced: (p) => String(p.receipt),
};

type Texts = ReturnType<typeof studentTexts>;
type Enrollment = typeof enrollments.$inferSelect;

/** The subject and paragraphs (before the link) of one message, in the student's language. */
function wording(t: Texts, e: Enrollment, kind: StudentMessageKind, params: Params) {
  const inr = (paise: unknown) => formatRupeesExact(toRupees(Number(paise)), e.language);
  const amount = inr(params.amountPaise);
  if (kind === 'cheque_bounced') {
    const date = formatDate(String(params.on), e.language, { style: 'long' });
    const values = { cheque: params.cheque ?? '', amount, receipt: params.receipt ?? '', date };
    return {
      subject: t('mail.chequeBounced.subject', { number: e.enrollmentNumber }),
      paragraphs: [
        t('mail.chequeBounced.body', values),
        ...(Number(params.feePaise) > 0 ? [t('mail.chequeBounced.fee', { amount: inr(params.feePaise) })] : []),
        t('mail.chequeBounced.due', { amount: inr(params.duePaise) }),
      ],
    };
  }
  const values = { ...params, number: e.enrollmentNumber, amount, installment: Number(params.installment) };
  const [subject, ...paragraphs] = TEXTS[kind].map((key) => t(key, values));
  return { subject: subject!, paragraphs };
}

/** The mail of a message, written as it is sent; undefined when the student is gone (erased). */
export function studentMessageRenderer(
  db: Db,
  config: Pick<Config, 'instituteName' | 'contactEmail' | 'contactPhone' | 'instituteEmail'>,
) {
  return async (payload: unknown): Promise<MailMessage | undefined> => {
    const { messageId } = payload as { messageId: string };
    const [row] = await db
      .select({ message: studentMessages, enrollment: enrollments })
      .from(studentMessages)
      .innerJoin(enrollments, eq(enrollments.id, studentMessages.enrollmentId))
      .where(eq(studentMessages.id, messageId));
    if (!row || row.enrollment.erasedAt) return undefined;
    const { message, enrollment: e } = row;
    const t = studentTexts(e.language);
    const { subject, paragraphs } = wording(t, e, message.kind, message.params);
    // A failed payment links to the installment to pay again; a bounce to the dues as a whole.
    const installment = message.kind === 'payment_failed' ? Number(message.params.installment) : 0;
    return brandedMail({
      to: e.email,
      subject,
      instituteName: config.instituteName,
      greeting: t('mail.greeting', { name: e.name }),
      paragraphs: [...paragraphs, studentLinkParagraph(e.id, e.language, installment > 0 ? installment : undefined)],
      ...studentMailClose(config, t),
      language: e.language,
    });
  };
}

/** An enrolment's messages, newest first, each with the channels it went out on and their states. */
export async function messagesOf(db: Db, enrollmentId: string): Promise<StudentMessage[]> {
  const rows = await db
    .select({ message: studentMessages, mail: outbox })
    .from(studentMessages)
    .leftJoin(outbox, eq(outbox.id, studentMessages.outboxId))
    .where(eq(studentMessages.enrollmentId, enrollmentId))
    .orderBy(desc(studentMessages.createdAt))
    .limit(200);
  const tried = await messageDeliveryRepository.forMessages(
    db,
    rows.map((r) => r.message.id),
  );
  return rows.map(({ message: m, mail }) => {
    const amount = formatRupeesExact(toRupees(Number(m.params.amountPaise)));
    // Mail's state is its outbox row's; the phone channels' is what their provider reported.
    const mailState = mail?.status ?? 'failed';
    const deliveries = tried
      .filter((d) => d.messageId === m.id)
      .map((d) => ({
        channel: d.channel,
        state: d.channel === 'mail' ? mailState : d.state,
        error: d.error ? `${d.error}${d.errorCode ? ` (${d.errorCode})` : ''}` : null,
        updatedAt: d.updatedAt.toISOString(),
      }));
    const now = deliveries.at(-1);
    return {
      _id: m.id,
      kind: m.kind,
      eventKey: m.eventKey,
      channel: now?.channel ?? ('mail' as const),
      state: now?.state ?? mailState,
      deliveries,
      summary: [ABOUT[m.kind](m.params), amount, m.kind === 'claim_rejected' ? String(m.params.reason) : null]
        .filter(Boolean)
        .join(' · '),
      attempts: mail?.attempts ?? 0,
      lastError: now && now.channel !== 'mail' ? now.error : (mail?.lastError ?? null),
      createdAt: m.createdAt.toISOString(),
      sentAt: mail?.sentAt?.toISOString() ?? null,
    };
  });
}

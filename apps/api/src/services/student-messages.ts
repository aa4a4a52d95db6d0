/**
 * The student hears of each money event once. A message is written in the transaction of the event,
 * keyed by the event's stable id (a unique index), so a retry or a second door reaching the same
 * event finds the message instead of sending another; the outbox carries it and its delivery state.
 * The text is written when it is sent, in the student's language.
 */
import { desc, eq } from 'drizzle-orm';
import { formatRupeesExact } from '@registrar/contract/language';
import type { StudentMessage, StudentMessageKind } from '@registrar/contract/student-messages';
import type { Config } from '../config';
import type { Db, Executor } from '../db/database';
import { enrollments, outbox, studentMessages } from '../db/schema';
import { toRupees } from '../lib/money';
import { outboxRepository } from '../repositories/outbox-repository';
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

/** Payments just recorded, each told with its receipt (imports are not: the institute told them long ago). */
export const tellOfPayments = (tx: Executor, recorded: PaymentRow[]) =>
  tellStudents(
    tx,
    recorded.map((p) => ({
      enrollmentId: p.enrollmentId,
      eventKey: `payment:${p.id}`,
      kind: 'payment_recorded' as const,
      params: { receipt: p.receiptNumber, amountPaise: p.amountPaise, installment: p.installmentNumber },
    })),
  );

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
    const amount = formatRupeesExact(toRupees(Number(message.params.amountPaise)), e.language);
    const installment = Number(message.params.installment);
    const failed = message.kind === 'payment_failed';
    const values = { number: e.enrollmentNumber, receipt: message.params.receipt, amount, installment };
    return brandedMail({
      to: e.email,
      subject: t(failed ? 'mail.money.failed.subject' : 'mail.money.received.subject', values),
      instituteName: config.instituteName,
      greeting: t('mail.greeting', { name: e.name }),
      paragraphs: [
        t(failed ? 'mail.money.failed.body' : 'mail.money.received.body', values),
        studentLinkParagraph(e.id, e.language, failed && installment > 0 ? installment : undefined),
      ],
      ...studentMailClose(config, t),
      language: e.language,
    });
  };
}

/** An enrolment's messages, newest first, each with the delivery state of its mail. */
export async function messagesOf(db: Db, enrollmentId: string): Promise<StudentMessage[]> {
  const rows = await db
    .select({ message: studentMessages, mail: outbox })
    .from(studentMessages)
    .leftJoin(outbox, eq(outbox.id, studentMessages.outboxId))
    .where(eq(studentMessages.enrollmentId, enrollmentId))
    .orderBy(desc(studentMessages.createdAt))
    .limit(200);
  return rows.map(({ message: m, mail }) => {
    const amount = formatRupeesExact(toRupees(Number(m.params.amountPaise)));
    return {
      _id: m.id,
      kind: m.kind,
      eventKey: m.eventKey,
      channel: 'mail' as const,
      state: mail?.status ?? 'failed',
      summary: m.kind === 'payment_recorded' ? `${String(m.params.receipt)} · ${amount}` : amount,
      attempts: mail?.attempts ?? 0,
      lastError: mail?.lastError ?? null,
      createdAt: m.createdAt.toISOString(),
      sentAt: mail?.sentAt?.toISOString() ?? null,
    };
  });
}

/** What a `Matcher` judges against, read from the database: open installments, open claims, UTRs paid. */
import { and, asc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database';
import { enrollments, installments, paymentClaims, payments } from '../../db/schema';
import { Matcher, type OpenClaim, type OpenInstallment } from './matcher';

/** Installments still owing of live enrolments (all, or those `only` picks), oldest due first. */
export async function openInstallments(tx: Executor, only?: SQL): Promise<OpenInstallment[]> {
  const rows = await tx
    .select({
      enrollmentId: enrollments.id,
      enrollmentNumber: enrollments.enrollmentNumber,
      name: enrollments.name,
      number: installments.number,
      owedPaise: sql<number>`(${installments.amountPaise} - ${installments.paidPaise})::float8`,
      dueDate: installments.dueDate,
    })
    .from(installments)
    .innerJoin(enrollments, eq(enrollments.id, installments.enrollmentId))
    .where(
      and(
        lt(installments.paidPaise, installments.amountPaise),
        inArray(enrollments.status, ['pending', 'approved']),
        isNull(enrollments.erasedAt),
        only,
      ),
    )
    .orderBy(asc(installments.dueDate), asc(installments.number));
  return rows as OpenInstallment[];
}

/** Open claims of these UTRs, each with its claimant's enrolment number and name. */
export async function openClaims(tx: Executor, utrs: string[]): Promise<Map<string, OpenClaim>> {
  const claims = new Map<string, OpenClaim>();
  if (!utrs.length) return claims;
  const rows = await tx
    .select({
      id: paymentClaims.id,
      utr: paymentClaims.utr,
      enrollmentId: paymentClaims.enrollmentId,
      installmentNumber: paymentClaims.installmentNumber,
      amountPaise: paymentClaims.amountPaise,
      enrollmentNumber: enrollments.enrollmentNumber,
      name: enrollments.name,
    })
    .from(paymentClaims)
    .innerJoin(enrollments, eq(enrollments.id, paymentClaims.enrollmentId))
    .where(and(eq(paymentClaims.state, 'open'), inArray(paymentClaims.utr, utrs)));
  for (const { utr, ...c } of rows) claims.set(utr, c);
  return claims;
}

/** A matcher over every open installment, and the open claims and live payments of these UTRs. */
export async function loadMatcher(tx: Executor, utrs: string[]): Promise<Matcher> {
  const open = await openInstallments(tx);
  const paid = new Map<string, string>();
  if (utrs.length)
    for (const p of await tx
      .select({ id: payments.id, utr: payments.utr })
      .from(payments)
      .where(and(isNull(payments.voidedAt), inArray(payments.utr, utrs))))
      paid.set(p.utr!, p.id);
  return new Matcher(open, await openClaims(tx, utrs), paid);
}

/**
 * A matcher for one claim and one line of its UTR: only the enrolments the line could point to
 * (the claimant's, the narration's enrolment number, names sharing a word with the payer's).
 */
export async function matcherForClaim(
  tx: Executor,
  claim: OpenClaim,
  utr: string,
  clues: { enrollmentNumber: string | null; payerName: string | null },
): Promise<Matcher> {
  const words = (clues.payerName ?? '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 2);
  const only = or(
    eq(enrollments.id, claim.enrollmentId),
    clues.enrollmentNumber ? eq(enrollments.enrollmentNumber, clues.enrollmentNumber) : undefined,
    ...words.map((w) => sql`lower(${enrollments.name}) like ${`%${w}%`}`),
  );
  return new Matcher(await openInstallments(tx, only), new Map([[utr, claim]]), new Map());
}

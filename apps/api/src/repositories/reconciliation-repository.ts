/**
 * Reconciliation rows: the lines of a bank statement, and what the matcher judges them against
 * (open installments, open claims, UTRs already paid).
 */
import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/database';
import {
  bankStatementLines,
  bankStatementMappings,
  bankStatements,
  enrollments,
  installments,
  paymentClaims,
  payments,
} from '../db/schema';

/** The enrolments a line could point to: the claimant's, an enrolment number, words of a name. */
export interface InstallmentClues {
  enrollmentId: string;
  enrollmentNumber: string | null;
  nameWords: string[];
}

const cluesMatch = (clues: InstallmentClues) =>
  or(
    eq(enrollments.id, clues.enrollmentId),
    clues.enrollmentNumber ? eq(enrollments.enrollmentNumber, clues.enrollmentNumber) : undefined,
    ...clues.nameWords.map((w) => sql`lower(${enrollments.name}) like ${`%${w}%`}`),
  );

/** Installments still owing of live enrolments (all, or those `only` picks), oldest due first. */
export async function openInstallments(tx: Executor, only?: InstallmentClues) {
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
        only && cluesMatch(only),
      ),
    )
    .orderBy(asc(installments.dueDate), asc(installments.number));
  return rows;
}

/** Open claims of these UTRs, each with its claimant's enrolment number and name. */
export async function openClaims(tx: Executor, utrs: string[]) {
  if (!utrs.length) return new Map();
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
  return new Map(rows.map(({ utr, ...claim }) => [utr, claim]));
}

/** Live payments of these UTRs: UTR to payment id. */
export async function paidUtrs(tx: Executor, utrs: string[]): Promise<Map<string, string>> {
  const paid = new Map<string, string>();
  if (!utrs.length) return paid;
  for (const p of await tx
    .select({ id: payments.id, utr: payments.utr })
    .from(payments)
    .where(and(isNull(payments.voidedAt), inArray(payments.utr, utrs))))
    paid.set(p.utr!, p.id);
  return paid;
}

const CHUNK = 2000;

/**
 * Inserts the lines as one JSON parameter per chunk: thousands of lines cost a few statements and
 * no per-value parameter building.
 */
export async function insertLines(
  tx: Executor,
  lines: (typeof bankStatementLines.$inferInsert & { id: string })[],
): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    const json = JSON.stringify(
      lines.slice(i, i + CHUNK).map((l) => ({
        id: l.id,
        statement_id: l.statementId,
        row_number: l.rowNumber,
        posted_on: l.postedOn,
        narration: l.narration,
        reference: l.reference ?? null,
        amount_paise: l.amountPaise,
        mode: l.mode,
        utr: l.utr ?? null,
        payer_name: l.payerName ?? null,
        vpa: l.vpa ?? null,
        state: l.state,
        enrollment_id: l.enrollmentId ?? null,
        installment_number: l.installmentNumber ?? null,
        candidates: l.candidates ?? [],
        payment_id: l.paymentId ?? null,
        handled_by: l.handledBy ?? null,
        handled_at: l.handledAt ?? null,
      })),
    );
    await tx.execute(sql`
      insert into bank_statement_lines (id, statement_id, row_number, posted_on, narration, reference, amount_paise,
        mode, utr, payer_name, vpa, state, enrollment_id, installment_number, candidates, payment_id, handled_by, handled_at)
      select id, statement_id, row_number, posted_on, narration, reference, amount_paise,
        mode, utr, payer_name, vpa, state, enrollment_id, installment_number, candidates, payment_id, handled_by, handled_at
      from jsonb_to_recordset(${json}::jsonb) as x(id uuid, statement_id uuid, row_number int, posted_on date,
        narration text, reference text, amount_paise bigint, mode text, utr text, payer_name text, vpa text, state text,
        enrollment_id uuid, installment_number int, candidates jsonb, payment_id uuid, handled_by uuid,
        handled_at timestamptz)`);
  }
}

/** Marks these lines recorded, each with the payment (and enrolment, installment) it went to. */
export async function markLinesRecorded(
  tx: Executor,
  chunk: { lineId: string; paymentId: string; enrollmentId: string; installmentNumber: number }[],
  staffId: string | null,
): Promise<void> {
  const lines = sql.join(
    chunk.map(
      (d) => sql`(${d.lineId}::uuid, ${d.paymentId}::uuid, ${d.enrollmentId}::uuid, ${d.installmentNumber}::int)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`update bank_statement_lines l set state = 'recorded', payment_id = v.payment_id, enrollment_id = v.enrollment_id,
            installment_number = v.number, handled_by = ${staffId}::uuid, handled_at = now()
          from (values ${lines}) as v(id, payment_id, enrollment_id, number) where l.id = v.id`,
  );
}

/** Confirms the open claims of these UTRs on these enrolments with the payments that hold them. */
export async function confirmClaims(
  tx: Executor,
  claimed: { utr: string; enrollmentId: string; paymentId: string }[],
  staffId: string | null,
): Promise<void> {
  const claims = sql.join(
    claimed.map((d) => sql`(${d.utr}::text, ${d.enrollmentId}::uuid, ${d.paymentId}::uuid)`),
    sql`, `,
  );
  await tx.execute(
    sql`update payment_claims c set state = 'confirmed', payment_id = v.payment_id, handled_by = ${staffId}::uuid, handled_at = now()
        from (values ${claims}) as v(utr, enrollment_id, payment_id)
        where c.utr = v.utr and c.enrollment_id = v.enrollment_id and c.state = 'open'`,
  );
}

export type StatementLineInsert = typeof bankStatementLines.$inferInsert & { id: string };

/** Bank statements, their lines and the column mappings saved by name. */
export const statementRepository = {
  /** Keeps a mapping that read a file under its name, replacing one of the same name. */
  async saveMapping(tx: Executor, name: string, mapping: Record<string, string>, staffId: string): Promise<void> {
    await tx
      .insert(bankStatementMappings)
      .values({ name, mapping, updatedBy: staffId })
      .onConflictDoUpdate({
        target: bankStatementMappings.name,
        set: { mapping, updatedBy: staffId, updatedAt: new Date() },
      });
  },

  async insertStatement(tx: Executor, values: typeof bankStatements.$inferInsert): Promise<{ id: string }> {
    const [statement] = await tx.insert(bankStatements).values(values).returning({ id: bankStatements.id });
    return statement!;
  },

  async mapping(db: Db, name: string) {
    const [saved] = await db.select().from(bankStatementMappings).where(eq(bankStatementMappings.name, name));
    return saved;
  },

  /** Each statement, newest first, with how many of its lines are in each state. */
  async countsByState(db: Db) {
    return db
      .select({
        s: bankStatements,
        state: bankStatementLines.state,
        count: sql<number>`count(${bankStatementLines.id})::int`,
      })
      .from(bankStatements)
      .leftJoin(bankStatementLines, eq(bankStatementLines.statementId, bankStatements.id))
      .groupBy(bankStatements.id, bankStatementLines.state)
      .orderBy(desc(bankStatements.createdAt));
  },

  async byId(db: Db, id: string) {
    const [statement] = await db.select().from(bankStatements).where(eq(bankStatements.id, id));
    return statement;
  },

  /** A statement's lines in file order, each with the receipt of the payment it went to. */
  async linesWithReceipts(db: Db, statementId: string) {
    return db
      .select({ line: bankStatementLines, receiptNumber: payments.receiptNumber })
      .from(bankStatementLines)
      .leftJoin(payments, eq(payments.id, bankStatementLines.paymentId))
      .where(eq(bankStatementLines.statementId, statementId))
      .orderBy(asc(bankStatementLines.rowNumber));
  },

  async lineForUpdate(tx: Executor, lineId: string) {
    const [line] = await tx.select().from(bankStatementLines).where(eq(bankStatementLines.id, lineId)).for('update');
    return line;
  },

  async ignoreLine(tx: Executor, lineId: string, staffId: string): Promise<void> {
    await tx
      .update(bankStatementLines)
      .set({ state: 'ignored', handledBy: staffId, handledAt: new Date() })
      .where(eq(bankStatementLines.id, lineId));
  },

  /** A statement's matched lines in file order, locked for recording. */
  async matchedLinesForUpdate(tx: Executor, statementId: string) {
    return tx
      .select()
      .from(bankStatementLines)
      .where(and(eq(bankStatementLines.statementId, statementId), eq(bankStatementLines.state, 'matched')))
      .orderBy(asc(bankStatementLines.rowNumber))
      .for('update');
  },
};

export type PaymentClaimRow = typeof paymentClaims.$inferSelect;
type PaymentClaimLineState = (typeof bankStatementLines.$inferSelect)['state'];

/** Students' claims of UPI payments, and the statement lines a claim is checked against. */
export const claimRepository = {
  /** An enrolment's claims, newest first. */
  async ofEnrollment(db: Db, enrollmentId: string, limit: number): Promise<PaymentClaimRow[]> {
    return db
      .select()
      .from(paymentClaims)
      .where(eq(paymentClaims.enrollmentId, enrollmentId))
      .orderBy(desc(paymentClaims.createdAt))
      .limit(limit);
  },

  async insert(tx: Executor, values: typeof paymentClaims.$inferInsert): Promise<{ id: string }> {
    const [claim] = await tx.insert(paymentClaims).values(values).returning({ id: paymentClaims.id });
    return claim!;
  },

  async enrolledAt(tx: Executor, enrollmentId: string): Promise<{ createdAt: Date } | undefined> {
    const [made] = await tx
      .select({ createdAt: enrollments.createdAt })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    return made;
  },

  async openCount(tx: Executor, enrollmentId: string): Promise<number> {
    const [open] = await tx
      .select({ n: count() })
      .from(paymentClaims)
      .where(and(eq(paymentClaims.enrollmentId, enrollmentId), eq(paymentClaims.state, 'open')));
    return open!.n;
  },

  /** A line of this UTR and amount still waiting for staff, locked. */
  async waitingLineForUpdate(tx: Executor, utr: string, amountPaise: number, states: readonly PaymentClaimLineState[]) {
    const [line] = await tx
      .select()
      .from(bankStatementLines)
      .where(
        and(
          eq(bankStatementLines.utr, utr),
          eq(bankStatementLines.amountPaise, amountPaise),
          inArray(bankStatementLines.state, states),
        ),
      )
      .limit(1)
      .for('update');
    return line;
  },

  async claimant(tx: Executor, enrollmentId: string): Promise<{ enrollmentNumber: string; name: string } | undefined> {
    const [who] = await tx
      .select({ enrollmentNumber: enrollments.enrollmentNumber, name: enrollments.name })
      .from(enrollments)
      .where(eq(enrollments.id, enrollmentId));
    return who;
  },

  /** The line waits for staff with these candidates. */
  async suggestLine(tx: Executor, lineId: string, candidates: unknown[]): Promise<void> {
    await tx
      .update(bankStatementLines)
      .set({ state: 'suggested', enrollmentId: null, installmentNumber: null, candidates })
      .where(eq(bankStatementLines.id, lineId));
  },

  /** Claims in one state, newest first, with their enrolment, receipt and installment's sums. */
  async inState(db: Db, state: PaymentClaimRow['state'], limit: number) {
    return db
      .select({
        c: paymentClaims,
        enrollmentNumber: enrollments.enrollmentNumber,
        name: enrollments.name,
        receiptNumber: payments.receiptNumber,
        installmentAmount: installments.amountPaise,
        installmentPaid: installments.paidPaise,
      })
      .from(paymentClaims)
      .innerJoin(enrollments, eq(enrollments.id, paymentClaims.enrollmentId))
      .leftJoin(payments, eq(payments.id, paymentClaims.paymentId))
      .leftJoin(
        installments,
        and(
          eq(installments.enrollmentId, paymentClaims.enrollmentId),
          eq(installments.number, paymentClaims.installmentNumber),
        ),
      )
      .where(eq(paymentClaims.state, state))
      .orderBy(desc(paymentClaims.createdAt))
      .limit(limit);
  },

  /** Statement lines of these UTRs, latest posted first. */
  async linesOfUtrs(db: Db, utrs: string[]) {
    return db
      .select()
      .from(bankStatementLines)
      .where(inArray(bankStatementLines.utr, utrs))
      .orderBy(desc(bankStatementLines.postedOn));
  },

  async forUpdate(tx: Executor, id: string): Promise<PaymentClaimRow | undefined> {
    const [claim] = await tx.select().from(paymentClaims).where(eq(paymentClaims.id, id)).for('update');
    return claim;
  },

  async reject(tx: Executor, id: string, reason: string, staffId: string): Promise<void> {
    await tx
      .update(paymentClaims)
      .set({ state: 'rejected', reason, handledBy: staffId, handledAt: new Date() })
      .where(eq(paymentClaims.id, id));
  },

  async confirm(tx: Executor, id: string, paymentId: string, staffId: string): Promise<void> {
    await tx
      .update(paymentClaims)
      .set({ state: 'confirmed', paymentId, handledBy: staffId, handledAt: new Date() })
      .where(eq(paymentClaims.id, id));
  },
};

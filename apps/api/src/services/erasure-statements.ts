/**
 * What bank statements and the import log keep about an erased person. A statement line keeps the
 * money (amount, date, UTR, the payment it became) but not the payer's name, VPA or narration; an
 * import's error rows keep the row number and the error but not the person's columns.
 */
import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../db/database';
import { bankStatementLines, imports } from '../db/schema';
import { ERASED, isAbout, mentions, scrub, type ErasedPerson } from './erasure-match';

type Candidate = { enrollmentId?: string };

/**
 * Lines recorded against or matched to the person's enrolments, and lines suggested as theirs that
 * name them, lose their narration, payer name and VPA; the person leaves every line's candidates (a line left with none is unmatched again);
 * any other line carrying their email or phone in its narration has it taken out. Answers how
 * many lines changed. Runs before the enrolments go: a deleted one no longer marks its lines.
 */
export async function scrubStatementLines(
  tx: Executor,
  enrollmentIds: string[],
  person: ErasedPerson,
): Promise<number> {
  const ids = new Set(enrollmentIds);
  const needles = [...person.emails, ...person.phones].map((v) => v.toLowerCase());
  const conditions = [
    enrollmentIds.length ? inArray(bankStatementLines.enrollmentId, enrollmentIds) : undefined,
    ...enrollmentIds.map(
      (id) => sql`${bankStatementLines.candidates} @> ${JSON.stringify([{ enrollmentId: id }])}::jsonb`,
    ),
    ...needles.map((n) => sql`position(${n} in lower(${bankStatementLines.narration})) > 0`),
  ].filter((c) => c !== undefined);
  if (!conditions.length) return 0;
  const lines = await tx
    .select()
    .from(bankStatementLines)
    .where(or(...conditions));
  let changed = 0;
  for (const line of lines) {
    const before = line.candidates as Candidate[];
    const candidates = before.filter((c) => !c.enrollmentId || !ids.has(c.enrollmentId));
    // Their own line, or one offered to staff as theirs that names them: the payer was likely them.
    const theirs =
      (!!line.enrollmentId && ids.has(line.enrollmentId)) ||
      (candidates.length < before.length && mentions(`${line.narration}\n${line.payerName ?? ''}`, person));
    const about = theirs || isAbout(line.narration, person);
    if (!about && candidates.length === before.length) continue;
    const next: Partial<typeof bankStatementLines.$inferInsert> = { candidates };
    if (theirs) Object.assign(next, { narration: ERASED, payerName: null, vpa: null });
    else if (about) next.narration = scrub(line.narration, person);
    // A line still waiting for staff that now points at nobody waits as unmatched.
    const waiting = line.state === 'matched' || line.state === 'suggested';
    if (waiting && (theirs || !candidates.length))
      Object.assign(next, { state: 'unmatched', enrollmentId: null, installmentNumber: null });
    await tx.update(bankStatementLines).set(next).where(eq(bankStatementLines.id, line.id));
    changed += 1;
  }
  return changed;
}

/**
 * An import's error rows that carry the person's email or phone keep their row number and error
 * but lose every column they gave; the errors list is scrubbed of them too. Answers how many rows
 * changed.
 */
export async function scrubImportRows(tx: Executor, person: ErasedPerson): Promise<number> {
  const needles = [...person.emails, ...person.phones].map((v) => v.toLowerCase());
  if (!needles.length) return 0;
  const found = await tx
    .select({ id: imports.id, errors: imports.errors, errorRows: imports.errorRows })
    .from(imports)
    .where(
      and(
        isNotNull(imports.errorRows),
        or(...needles.map((n) => sql`position(${n} in lower(${imports.errorRows}::text)) > 0`)),
      ),
    );
  let changed = 0;
  for (const record of found) {
    if (!record.errorRows) continue;
    const theirs = new Set<number>();
    const rows = record.errorRows.rows.map((r) => {
      if (!isAbout(r.cells.join('\n'), person)) return r;
      theirs.add(r.row);
      return { row: r.row, cells: r.cells.map((c) => (c.trim() ? ERASED : c)), error: scrub(r.error, person) };
    });
    if (!theirs.size) continue;
    const errors = record.errors.map((e) => (theirs.has(e.row) ? { ...e, message: scrub(e.message, person) } : e));
    await tx
      .update(imports)
      .set({ errors, errorRows: { header: record.errorRows.header, rows } })
      .where(eq(imports.id, record.id));
    changed += theirs.size;
  }
  return changed;
}

/**
 * What bank statements and the import log keep about an erased person. A statement line keeps the
 * money (amount, date, UTR, the payment it became) but not the payer's name, VPA or narration; an
 * import's error rows keep the row number and the error but not the person's columns.
 */
import type { Executor } from '../db/database';
import { erasureRepository, type StatementLineChange } from '../repositories/erasure-repository';
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
  const lines = await erasureRepository.statementLinesAbout(tx, enrollmentIds, needles);
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
    const next: StatementLineChange = { candidates };
    if (theirs) Object.assign(next, { narration: ERASED, payerName: null, vpa: null });
    else if (about) next.narration = scrub(line.narration, person);
    // A line still waiting for staff that now points at nobody waits as unmatched.
    const waiting = line.state === 'matched' || line.state === 'suggested';
    if (waiting && (theirs || !candidates.length))
      Object.assign(next, { state: 'unmatched', enrollmentId: null, installmentNumber: null });
    await erasureRepository.setStatementLine(tx, line.id, next);
    changed += 1;
  }
  return changed;
}

/**
 * The import log keeps no erased identifier: an error row that carries the person's email or phone
 * keeps its row number and error but loses every column they gave; their name is taken out of any
 * other row, every error message and the file's name. Answers how many rows changed.
 */
export async function scrubImportRows(tx: Executor, person: ErasedPerson): Promise<number> {
  const needles = [...person.emails, ...person.phones, ...person.names].map((v) => v.toLowerCase());
  if (!needles.length) return 0;
  const found = await erasureRepository.importsMentioning(tx, needles);
  let changed = 0;
  for (const record of found) {
    const theirs = new Set<number>();
    const rows = record.errorRows?.rows.map((r) => {
      if (isAbout(r.cells.join('\n'), person)) {
        theirs.add(r.row);
        return { row: r.row, cells: r.cells.map((c) => (c.trim() ? ERASED : c)), error: scrub(r.error, person) };
      }
      const cells = r.cells.map((c) => scrub(c, person));
      if (cells.some((c, i) => c !== r.cells[i])) theirs.add(r.row);
      return { row: r.row, cells, error: scrub(r.error, person) };
    });
    const errors = record.errors.map((e) => ({ ...e, message: scrub(e.message, person) }));
    const fileName = scrub(record.fileName, person);
    const errorsChanged = errors.some((e, i) => e.message !== record.errors[i]!.message);
    if (!theirs.size && !errorsChanged && fileName === record.fileName) continue;
    await erasureRepository.setImportLog(tx, record.id, {
      fileName,
      errors,
      errorRows: record.errorRows && rows ? { header: record.errorRows.header, rows } : null,
    });
    changed += Math.max(theirs.size, 1);
  }
  return changed;
}

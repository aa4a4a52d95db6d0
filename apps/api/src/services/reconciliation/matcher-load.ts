/** What a `Matcher` judges against, read through the reconciliation repository. */
import type { Executor } from '../../db/database';
import { openClaims, openInstallments, paidUtrs } from '../../repositories/reconciliation-repository';
import { Matcher, type OpenClaim } from './matcher';

/** A matcher over every open installment, and the open claims and live payments of these UTRs. */
export async function loadMatcher(tx: Executor, utrs: string[]): Promise<Matcher> {
  const open = await openInstallments(tx);
  const paid = await paidUtrs(tx, utrs);
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
  const only = { enrollmentId: claim.enrollmentId, enrollmentNumber: clues.enrollmentNumber, nameWords: words };
  return new Matcher(await openInstallments(tx, only), new Map([[utr, claim]]), new Map());
}

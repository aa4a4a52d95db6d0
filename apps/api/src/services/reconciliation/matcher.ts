/**
 * Which enrolment a statement credit is for. Only evidence records money by itself (the UTR and
 * amount a student reported, with nothing in the line pointing to someone else); an enrolment
 * number with an amount its open installment owes is a match for one click; amount, name likeness
 * and date only suggest.
 */
import type { LineCandidate, LineState } from '@registrar/contract/reconciliation';
import { toRupees } from '../../lib/money';
import type { StatementCredit } from './statement-reader';

export interface OpenInstallment {
  enrollmentId: string;
  enrollmentNumber: string;
  name: string;
  number: number;
  owedPaise: number;
  dueDate: string;
}

export interface OpenClaim {
  id: string;
  enrollmentId: string;
  installmentNumber: number;
  amountPaise: number;
  /** The claimant's enrolment number and name, to see whether the line agrees. */
  enrollmentNumber: string;
  name: string;
}

export type Verdict =
  | { state: 'recorded'; paymentId: string }
  | { state: 'claimed'; claim: OpenClaim }
  | { state: Exclude<LineState, 'recorded' | 'ignored'>; match: LineCandidate | null; candidates: LineCandidate[] };

const MAX_CANDIDATES = 5;
const DAY_MS = 86_400_000;
/** Due dates this near the credit's date count as a sign. */
const NEAR_DAYS = 15;
/** A name word shared by more open installments than this says nothing on its own. */
const COMMON_WORD = 500;

const words = (name: string) =>
  new Set(
    name
      .toLowerCase()
      .split(/[^a-z]+/)
      .filter((w) => w.length > 1),
  );

/** Names this alike are the same person's (the suggestions' "name" sign). */
const SAME_NAME = 0.5;

/** Shared words over the shorter name's words: truncated narrations still score. */
export function nameLikeness(a: string, b: string): number {
  const x = words(a);
  const y = words(b);
  if (!x.size || !y.size) return 0;
  let shared = 0;
  for (const w of x) if (y.has(w) || [...y].some((v) => v.startsWith(w) || w.startsWith(v))) shared++;
  return shared / Math.min(x.size, y.size);
}

const candidate = (i: OpenInstallment, why: string): LineCandidate => ({
  enrollmentId: i.enrollmentId,
  enrollmentNumber: i.enrollmentNumber,
  name: i.name,
  installmentNumber: i.number,
  owed: toRupees(i.owedPaise),
  why,
});

/** The open installments and claims, indexed once so that thousands of lines match in milliseconds. */
export class Matcher {
  private readonly byNumber = new Map<string, OpenInstallment[]>();
  private readonly byAmount = new Map<number, OpenInstallment[]>();
  private readonly byWord = new Map<string, OpenInstallment[]>();

  constructor(
    open: OpenInstallment[],
    private readonly claims: Map<string, OpenClaim>,
    private readonly paidUtrs: Map<string, string>,
  ) {
    const push = <K>(map: Map<K, OpenInstallment[]>, key: K, i: OpenInstallment) => {
      const list = map.get(key);
      if (list) list.push(i);
      else map.set(key, [i]);
    };
    for (const i of open) {
      push(this.byNumber, i.enrollmentNumber, i);
      push(this.byAmount, i.owedPaise, i);
      for (const w of words(i.name)) if (w.length > 2) push(this.byWord, w, i);
    }
    for (const list of this.byAmount.values()) list.sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  }

  /** Installments owing exactly the amount and due near the date (binary search over due dates). */
  private sameAmountNear(amountPaise: number, postedOn: string): OpenInstallment[] {
    const list = this.byAmount.get(amountPaise) ?? [];
    const posted = Date.parse(postedOn);
    const from = new Date(posted - NEAR_DAYS * DAY_MS).toISOString().slice(0, 10);
    const to = new Date(posted + NEAR_DAYS * DAY_MS).toISOString().slice(0, 10);
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid]!.dueDate < from) lo = mid + 1;
      else hi = mid;
    }
    const near: OpenInstallment[] = [];
    for (let k = lo; k < list.length && list[k]!.dueDate <= to && near.length < MAX_CANDIDATES * 10; k++)
      near.push(list[k]!);
    return near;
  }

  /** Installments of people whose name shares the payer's rarest telling word. */
  private sameName(payerName: string): OpenInstallment[] {
    let rarest: OpenInstallment[] | undefined;
    for (const w of words(payerName)) {
      const list = this.byWord.get(w);
      if (list && list.length <= COMMON_WORD && (!rarest || list.length < rarest.length)) rarest = list;
    }
    return rarest ?? [];
  }

  judge(line: StatementCredit): Verdict {
    if (line.utr) {
      const paid = this.paidUtrs.get(line.utr);
      if (paid) return { state: 'recorded', paymentId: paid };
      const claim = this.claims.get(line.utr);
      if (claim && claim.amountPaise === line.amountPaise) {
        const elsewhere = this.pointsElsewhere(line, claim);
        if (!elsewhere) return { state: 'claimed', claim };
        // A classmate's screenshot has the UTR and amount too: the line waits, both enrolments shown.
        return { state: 'suggested', match: null, candidates: [this.claimant(claim), ...elsewhere] };
      }
    }
    if (line.enrollmentNumber) {
      const own = this.byNumber.get(line.enrollmentNumber) ?? [];
      const exact = own.find((i) => i.owedPaise === line.amountPaise);
      const total = own.reduce((sum, i) => sum + i.owedPaise, 0);
      const hit = exact ?? (own.length && total === line.amountPaise ? own[0] : undefined);
      if (hit) return { state: 'matched', match: candidate(hit, 'enrolment number and amount'), candidates: [] };
    }
    const candidates = this.suggest(line);
    return { state: candidates.length ? 'suggested' : 'unmatched', match: null, candidates };
  }

  /**
   * The enrolments the line names instead of the claimant's: another enrolment number in the
   * narration, or a payer's name like another student's and not the claimant's. Null when nothing
   * points elsewhere; a list (possibly empty, for a number with nothing open) when something does.
   */
  pointsElsewhere(line: StatementCredit, claim: OpenClaim): LineCandidate[] | null {
    const others = new Map<string, LineCandidate>();
    let elsewhere = false;
    if (line.enrollmentNumber && line.enrollmentNumber !== claim.enrollmentNumber) {
      elsewhere = true;
      const own = this.byNumber.get(line.enrollmentNumber) ?? [];
      const hit = own.find((i) => i.owedPaise === line.amountPaise) ?? own[0];
      if (hit) others.set(hit.enrollmentId, candidate(hit, 'enrolment number in the narration'));
    }
    if (line.payerName && nameLikeness(line.payerName, claim.name) < SAME_NAME)
      for (const i of this.sameName(line.payerName))
        if (i.enrollmentId !== claim.enrollmentId && nameLikeness(line.payerName, i.name) >= SAME_NAME) {
          elsewhere = true;
          if (!others.has(i.enrollmentId) && others.size < MAX_CANDIDATES)
            others.set(i.enrollmentId, candidate(i, "payer's name"));
        }
    return elsewhere ? [...others.values()] : null;
  }

  /** The claimant's side of a line that waits: the claimed installment as it stands. */
  private claimant(claim: OpenClaim): LineCandidate {
    const open = (this.byNumber.get(claim.enrollmentNumber) ?? []).find((i) => i.number === claim.installmentNumber);
    return {
      enrollmentId: claim.enrollmentId,
      enrollmentNumber: claim.enrollmentNumber,
      name: claim.name,
      installmentNumber: claim.installmentNumber,
      owed: toRupees(open?.owedPaise ?? 0),
      why: "the student's claim (UTR and amount)",
    };
  }

  private suggest(line: StatementCredit): LineCandidate[] {
    const pool = new Set<OpenInstallment>(this.sameAmountNear(line.amountPaise, line.postedOn));
    if (line.payerName) for (const i of this.sameName(line.payerName)) pool.add(i);
    if (line.enrollmentNumber) for (const i of this.byNumber.get(line.enrollmentNumber) ?? []) pool.add(i);
    const posted = Date.parse(line.postedOn);
    const scored: { i: OpenInstallment; score: number; why: string[] }[] = [];
    for (const i of pool) {
      const why: string[] = [];
      let score = 0;
      if (i.owedPaise === line.amountPaise) {
        score += 2;
        why.push('amount');
      }
      if (line.enrollmentNumber === i.enrollmentNumber) {
        score += 2;
        why.push('enrolment number');
      }
      const likeness = line.payerName ? nameLikeness(line.payerName, i.name) : 0;
      if (likeness >= SAME_NAME) {
        score += 2 * likeness;
        why.push('name');
      }
      const days = Math.abs(posted - Date.parse(i.dueDate)) / DAY_MS;
      if (days <= NEAR_DAYS) {
        score += 0.5;
        why.push('date');
      }
      // An amount alone is a coincidence when many owe it; it needs a second sign.
      if (score >= 2.5 || (score >= 2 && why.includes('name'))) scored.push({ i, score, why });
    }
    return scored
      .sort((a, b) => b.score - a.score || a.i.dueDate.localeCompare(b.i.dueDate))
      .slice(0, MAX_CANDIDATES)
      .map(({ i, why }) => candidate(i, why.join(', ')));
  }
}

/**
 * A bank statement's rows → its credit lines. The transaction table is found wherever its header
 * row stands (account details above it, a summary below it), by the header names the exports of
 * HDFC, ICICI, SBI, Axis and Kotak use, compared loosely; a layout none of them fits is read
 * with a column mapping staff chose. Debits are left out.
 */
import { NEFT_RTGS_UTR_PATTERN, UPI_UTR_PATTERN, isUtrFor } from '@registrar/contract/payment-references';
import {
  RECONCILIATION_MESSAGES as M,
  type ColumnMapping,
  type StatementMode,
} from '@registrar/contract/reconciliation';
import { badRequest } from '../../lib/http-errors';
import { amountPaise, headerKey, statementDate, type Rows } from '../../lib/spreadsheet';

export interface StatementCredit {
  rowNumber: number;
  postedOn: string;
  narration: string;
  reference: string | null;
  amountPaise: number;
  mode: StatementMode;
  utr: string | null;
  payerName: string | null;
  vpa: string | null;
  enrollmentNumber: string | null;
}

interface Columns {
  date: number;
  narration: number;
  reference: number | null;
  credit: number | null;
  /** One amount column with a Dr/Cr column beside it, or signed. */
  amount: number | null;
  drCr: number | null;
}

/** Header names by role, most specific first (a transaction date before a value date). */
const ALIASES = {
  date: ['txndate', 'trandate', 'transactiondate', 'transactiondateddmmyyyy', 'date', 'valuedate', 'valuedt'],
  narration: ['narration', 'transactionremarks', 'description', 'particulars', 'details', 'remarks'],
  reference: ['chqrefno', 'chqrefnumber', 'refnochequeno', 'refnocheque', 'chequenumber', 'chqno', 'refno'],
  credit: ['depositamt', 'depositamount', 'depositamountinr', 'creditamount', 'creditamt', 'credit', 'cr', 'deposits'],
  amount: ['amount', 'amountinr', 'transactionamount'],
  drCr: ['drcr', 'crdr', 'debitcredit', 'type'],
} as const;

const find = (keys: string[], names: readonly string[]) => {
  for (const name of names) {
    const at = keys.indexOf(name);
    if (at >= 0) return at;
  }
  return null;
};

/** The bank whose export the header row looks like, for the screen and the record. */
function bankOf(keys: string[]): string {
  if (keys.includes('transactionremarks')) return 'ICICI';
  if (keys.includes('narration')) return 'HDFC';
  if (keys.includes('txndate') || keys.includes('refnochequeno')) return 'SBI';
  if (keys.includes('particulars')) return 'Axis';
  if (keys.includes('description') && keys.includes('drcr')) return 'Kotak';
  return 'Bank statement';
}

const SUMMARY =
  /statement summary|opening balance|closing bal|end of statement|computer generated|unless the constituent|^total/i;

export function readStatement(rows: Rows, mapping?: ColumnMapping): { layout: string; credits: StatementCredit[] } {
  const found = mapping ? mappedHeader(rows, mapping) : knownHeader(rows);
  const credits: StatementCredit[] = [];
  for (let r = found.row + 1; r < rows.length; r++) {
    const row = rows[r]!;
    const first = row.find((c) => c !== '') ?? '';
    if (SUMMARY.test(first)) break;
    const postedOn = statementDate(row[found.columns.date] ?? '');
    if (!postedOn) continue;
    const paise = creditOf(row, found.columns);
    if (paise === null || paise <= 0) continue;
    const narration = (row[found.columns.narration] ?? '').replace(/\s+/g, ' ').trim();
    const reference = found.columns.reference === null ? '' : (row[found.columns.reference] ?? '');
    credits.push({
      rowNumber: r + 1,
      postedOn,
      narration,
      reference: reference && !/^-+$/.test(reference) ? reference : null,
      amountPaise: paise,
      ...clues(narration, reference),
    });
  }
  return { layout: found.layout, credits };
}

function creditOf(row: string[], c: Columns): number | null {
  if (c.credit !== null) return amountPaise(row[c.credit] ?? '');
  if (c.amount === null) return null;
  const cell = row[c.amount] ?? '';
  const value = amountPaise(cell);
  if (value === null) return null;
  const side = c.drCr === null ? '' : (row[c.drCr] ?? '').trim().toLowerCase();
  if (side) return /^c/.test(side) ? Math.abs(value) : null;
  if (/dr\s*$/i.test(cell)) return null;
  return value;
}

function knownHeader(rows: Rows): { row: number; columns: Columns; layout: string } {
  let sawTableWithoutCredit = false;
  for (let r = 0; r < rows.length; r++) {
    const keys = rows[r]!.map(headerKey);
    const date = find(keys, ALIASES.date);
    const narration = find(keys, ALIASES.narration);
    if (date === null || narration === null) continue;
    const credit = find(keys, ALIASES.credit);
    const amount = find(keys, ALIASES.amount);
    if (credit === null && amount === null) {
      sawTableWithoutCredit = true;
      continue;
    }
    // Kotak writes "Dr / Cr" after the amount and again after the balance: the first one after the amount.
    const drCr =
      amount === null ? null : keys.findIndex((k, i) => i > amount && (ALIASES.drCr as readonly string[]).includes(k));
    return {
      row: r,
      layout: bankOf(keys),
      columns: {
        date,
        narration,
        reference: find(keys, ALIASES.reference),
        credit,
        amount: credit === null ? amount : null,
        drCr: drCr === null || drCr < 0 ? null : drCr,
      },
    };
  }
  throw badRequest(sawTableWithoutCredit ? M.noCreditColumn : M.headerNotFound);
}

function mappedHeader(rows: Rows, mapping: ColumnMapping): { row: number; columns: Columns; layout: string } {
  const wanted = [mapping.date, mapping.narration, mapping.credit].map(headerKey);
  for (let r = 0; r < rows.length; r++) {
    const keys = rows[r]!.map(headerKey);
    if (!wanted.every((w) => keys.includes(w))) continue;
    const reference = mapping.reference ? keys.indexOf(headerKey(mapping.reference)) : -1;
    return {
      row: r,
      layout: 'mapping',
      columns: {
        date: keys.indexOf(wanted[0]!),
        narration: keys.indexOf(wanted[1]!),
        credit: keys.indexOf(wanted[2]!),
        reference: reference >= 0 ? reference : null,
        amount: null,
        drCr: null,
      },
    };
  }
  throw badRequest(M.mappingColumnMissing);
}

const NAME_NOISE =
  /^(upi|p2a|p2m|cr|dr|by transfer|neft|imps|rtgs|neft cr|imps cr|rtgs cr|inb|mob|payment.*|upi payment|pay to.*|sent using.*)$/i;
const IFSC = /^[A-Z]{4}0[A-Z0-9]{6}$/;

/** What a narration tells: the UTR (12 digits for UPI/IMPS, 16–22 for NEFT/RTGS), the payer, an enrolment number. */
export function clues(
  narration: string,
  reference: string,
): Pick<StatementCredit, 'mode' | 'utr' | 'payerName' | 'vpa' | 'enrollmentNumber'> {
  const mode: StatementMode = /\b(neft|rtgs|imps)\b/i.test(narration) ? 'bank_transfer' : 'upi';
  const parts = narration
    .split(/[/]|-(?=\S)|(?<=\S)-/)
    .map((p) => p.trim())
    .filter(Boolean);
  const fromReference = reference.replace(/^upi-?/i, '').replace(/^0+(?=\d{12}$)/, '');
  const utr =
    parts.find((p) => UPI_UTR_PATTERN.test(p)) ??
    (UPI_UTR_PATTERN.test(fromReference) ? fromReference : undefined) ??
    (mode === 'bank_transfer'
      ? parts.find((p) => NEFT_RTGS_UTR_PATTERN.test(p) && /\d/.test(p) && /[A-Z]/.test(p) && !IFSC.test(p))
      : undefined);
  const vpa = parts.find((p) => /^[\w.-]+@[a-z]+$/i.test(p)) ?? null;
  const payerName =
    parts.find((p) => /^[A-Za-z][A-Za-z .]{2,}$/.test(p) && !NAME_NOISE.test(p) && !IFSC.test(p)) ?? null;
  const enrolment = /ENR[-\s]?(\d{4})[-\s]?(\d{5})/i.exec(narration);
  return {
    mode,
    utr: utr && isUtrFor(utr, mode) ? utr : null,
    payerName,
    vpa,
    enrollmentNumber: enrolment ? `ENR-${enrolment[1]}-${enrolment[2]}` : null,
  };
}

/**
 * Reads an uploaded table — CSV (or tab-separated text) or XLSX — into rows of trimmed text
 * cells, refusing what is not one with a message a person can act on. Shared by every upload
 * that carries a table (bank statements, bulk imports). Also the readers of Indian amounts
 * (`1,25,000.00`, `500.00 Cr`) and the dates banks write.
 */
import type Yauzl from 'yauzl';
import { lazyPackage } from './lazy-package';

const csv = lazyPackage<typeof import('csv-parse/sync')>('csv-parse/sync');
const excel = lazyPackage<typeof import('read-excel-file/node')>('read-excel-file/node');
const yauzl = lazyPackage<typeof Yauzl>('yauzl');
import { ERROR_CODES } from '@registrar/contract/envelope';
import { readRupeesPaise } from '@registrar/contract/import-values';
import { RECONCILIATION_MESSAGES as M, XLSX_MAX_UNPACKED_BYTES } from '@registrar/contract/reconciliation';
import { HttpError, badRequest } from './http-errors';

export type Rows = string[][];

const unsupported = (message: string) => new HttpError(415, ERROR_CODES.unsupportedType, message);
const tooLarge = (message: string) => new HttpError(413, ERROR_CODES.tooLarge, message);

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
/** Signatures of files people mistake for a statement export: images, PDF, old binary Excel. */
const BINARY_MAGICS = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x47, 0x49, 0x46, 0x38],
  [0x25, 0x50, 0x44, 0x46],
  [0xd0, 0xcf, 0x11, 0xe0],
  [0x52, 0x49, 0x46, 0x46],
].map((m) => Buffer.from(m));

export async function readTable(file: Buffer): Promise<Rows> {
  if (file.length === 0) throw badRequest(M.fileEmpty);
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(file);
  if (BINARY_MAGICS.some((m) => file.subarray(0, m.length).equals(m)) || file.subarray(0, 8192).includes(0))
    throw unsupported(M.fileNotStatement);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(file);
  } catch {
    throw unsupported(M.fileNotUtf8);
  }
  const rows = readDelimited(text);
  if (!rows.some((r) => r.some((c) => c !== ''))) throw badRequest(M.fileEmpty);
  return rows;
}

/** CSV with or without a byte-order mark, CRLF or LF, quoted cells holding newlines; tabs when tabs lead. */
export function readDelimited(text: string): Rows {
  const sample = text.slice(0, 4096);
  const delimiter = (sample.match(/\t/g)?.length ?? 0) > (sample.match(/,/g)?.length ?? 0) ? '\t' : ',';
  const rows = csv().parse(text, {
    bom: true,
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    trim: true,
  }) as string[][];
  return rows.map((r) => r.map((c) => c.trim()));
}

/** The sum of the sizes the zip declares for its parts, read from its directory without unpacking. */
function declaredUnpackedSize(file: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    yauzl().fromBuffer(file, { lazyEntries: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a zip'));
      let total = 0;
      zip.on('entry', (entry: Yauzl.Entry) => {
        total += entry.uncompressedSize;
        if (total > XLSX_MAX_UNPACKED_BYTES) {
          zip.close();
          resolve(total);
        } else zip.readEntry();
      });
      zip.on('end', () => resolve(total));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

async function readXlsx(file: Buffer): Promise<Rows> {
  let size: number;
  try {
    size = await declaredUnpackedSize(file);
  } catch {
    throw unsupported(M.xlsxUnreadable);
  }
  if (size > XLSX_MAX_UNPACKED_BYTES) throw tooLarge(M.xlsxTooLarge);
  let data: unknown[][];
  try {
    data = (await excel().readSheet(file)) as unknown[][];
  } catch {
    throw unsupported(M.xlsxUnreadable);
  }
  return data.map((row) => row.map(cellText));
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).trim();
}

/** A header cell as compared: lower case, letters and digits only ("Deposit Amt." → "depositamt"). */
export const headerKey = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * An amount as Indian banks print it — `1,25,000.00`, `₹ 500`, `500.00 CR`, `(250.00)` — in
 * paise; null for an empty cell or a dash. A sign is kept (negative for debits in signed columns).
 */
export function amountPaise(cell: string): number | null {
  let text = cell.replace(/\s/g, '').replace(/(cr|dr)$/i, '');
  let sign = 1;
  if (/^\(.*\)$/.test(text)) {
    sign = -1;
    text = text.slice(1, -1);
  }
  if (text.startsWith('-') && !/^-+$/.test(text)) {
    sign = -sign;
    text = text.slice(1);
  } else if (text.startsWith('+')) text = text.slice(1);
  const paise = readRupeesPaise(text);
  return paise === null ? null : sign * paise;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const iso = (y: number, m: number, d: number): string | null => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
};
const fullYear = (y: string) => (y.length === 2 ? 2000 + Number(y) : Number(y));

/**
 * A date as statements write it — `04/04/25`, `04/04/2025`, `04-04-2025`, `4 Apr 2025`,
 * `04-Apr-2025`, `2025-04-04`, any of them followed by a time — as `YYYY-MM-DD`, or null.
 * Day first: Indian banks never put the month first.
 */
export function statementDate(cell: string): string | null {
  const text = cell.trim();
  let m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(text);
  if (m) return iso(Number(m[1]), Number(m[2]), Number(m[3]));
  m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) return iso(fullYear(m[3]!), Number(m[2]), Number(m[1]));
  m = /^(\d{1,2})[\s-]([A-Za-z]{3})[a-z]*[\s-,]+(\d{2}|\d{4})(?:\s.*)?$/.exec(text);
  if (m) {
    const month = MONTHS.indexOf(m[2]!.toLowerCase()) + 1;
    return month ? iso(fullYear(m[3]!), month, Number(m[1])) : null;
  }
  return null;
}

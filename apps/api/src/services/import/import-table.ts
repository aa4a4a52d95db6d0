/**
 * An uploaded import file as rows keyed by the template's column names: the header row found,
 * the template's columns required, dates read in the chosen format, each row keeping its number
 * in the spreadsheet (header = 1) and its cells as uploaded for the errors file.
 */
import {
  IMPORT_COLUMNS,
  IMPORT_OPTIONAL_COLUMNS,
  IMPORT_DATE_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  importDateProblem,
  readImportDate,
  type ImportDateFormat,
  type ImportError,
  type ImportKind,
} from '@registrar/contract/imports';
import { badRequest } from '../../lib/http-errors';

export interface ImportRow {
  /** The row's number as the spreadsheet shows it; the header is row 1. */
  row: number;
  cells: string[];
  values: Record<string, string>;
}

export interface ImportTable {
  header: string[];
  rows: ImportRow[];
  /** Dates that could not be read in the chosen format, one error each. */
  errors: ImportError[];
}

/** A header cell as compared: Excel's byte-order mark and spaces aside, case ignored. */
const columnKey = (cell: string) =>
  cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

export function toImportTable(kind: ImportKind, rows: string[][], dateFormat: ImportDateFormat): ImportTable {
  const headerIndex = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  const header = (rows[headerIndex] ?? []).map((c) => c.replace(/^\uFEFF/, '').trim());
  const position = new Map(header.map((cell, i) => [columnKey(cell), i]));
  const required: readonly string[] = IMPORT_COLUMNS[kind];
  const missing = required.filter((c) => !position.has(c.toLowerCase()));
  const columns = [...required, ...IMPORT_OPTIONAL_COLUMNS[kind]];
  if (missing.length) {
    const message = `${IMPORT_MESSAGES.missingColumns}: ${missing.join(', ')}`;
    throw badRequest(message, [{ path: 'file', message }]);
  }
  const body = rows.slice(headerIndex + 1);
  if (body.length > IMPORT_MAX_ROWS) throw badRequest(IMPORT_MESSAGES.tooManyRows);
  const dateColumns = new Set(IMPORT_DATE_COLUMNS[kind]);
  const errors: ImportError[] = [];
  const out: ImportRow[] = [];
  body.forEach((cells, i) => {
    if (!cells.some((c) => c.trim() !== '')) return;
    const row = headerIndex + i + 2;
    const values: Record<string, string> = {};
    for (const column of columns) {
      const at = position.get(column.toLowerCase());
      const raw = (at === undefined ? '' : (cells[at] ?? '')).trim();
      if (dateColumns.has(column) && raw !== '') {
        const iso = readImportDate(raw, dateFormat);
        if (!iso) errors.push({ row, field: column, message: importDateProblem(raw, dateFormat) });
        values[column] = iso ?? '';
      } else values[column] = raw;
    }
    out.push({ row, cells, values });
  });
  return { header, rows: out, errors };
}

/** Zod issues of one row as the report's errors, one per field. */
export function rowErrors(row: number, issues: readonly { path: PropertyKey[]; message: string }[]): ImportError[] {
  const seen = new Set<string>();
  const out: ImportError[] = [];
  for (const issue of issues) {
    const field = String(issue.path[0] ?? 'row');
    if (seen.has(field)) continue;
    seen.add(field);
    out.push({ row, field, message: issue.message });
  }
  return out;
}

/** The courses' names as the institute wrote them, for naming the nearest to an unknown one. */
export const courseNames = (courses: Map<string, { name: string }>) => [...courses.values()].map((c) => c.name);

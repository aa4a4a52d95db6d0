/**
 * An uploaded import file as rows keyed by the import's field names: the header row found, each
 * field read from the column its mapping names, dates read in the chosen format, each row keeping its number
 * in the spreadsheet (header = 1) and its cells as uploaded for the errors file.
 */
import {
  IMPORT_MAPPING_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  headerCellKey,
  importFields,
  type ImportMapping,
} from '@registrar/contract/import-mapping';
import {
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

/** The header row: the first with any text in it. */
export function headerOf(rows: string[][]): { at: number; header: string[] } {
  const at = rows.findIndex((r) => r.some((c) => c.trim() !== ''));
  return { at, header: (rows[at] ?? []).map((c) => c.replace(/^\uFEFF/, '').trim()) };
}

/**
 * The mapping a file is read with: the one given (or kept for its header), else each field from
 * the column of its own name; refused when it names a column the file lacks or leaves a required field out.
 */
function positions(kind: ImportKind, header: string[], mapping: ImportMapping | undefined): Map<string, number> {
  const keys = header.map(headerCellKey);
  const fields = importFields(kind);
  const position = new Map<string, number>();
  if (mapping) {
    const unknown = Object.keys(mapping).filter((f) => !fields.includes(f));
    if (unknown.length) throw refused(`${IMPORT_MAPPING_MESSAGES.unknownField}: ${unknown.join(', ')}`, 'mapping');
    const absent = Object.values(mapping).filter((column) => !keys.includes(headerCellKey(column)));
    if (absent.length) throw refused(`${IMPORT_MAPPING_MESSAGES.columnMissing}: ${absent.join(', ')}`, 'mapping');
    for (const [field, column] of Object.entries(mapping)) position.set(field, keys.indexOf(headerCellKey(column)));
  } else
    for (const field of fields) {
      const at = keys.indexOf(headerCellKey(field));
      if (at >= 0) position.set(field, at);
    }
  const missing = IMPORT_REQUIRED_FIELDS[kind].filter((f) => !position.has(f));
  const lacks = mapping ? IMPORT_MAPPING_MESSAGES.requiredUnmapped : IMPORT_MESSAGES.missingColumns;
  if (missing.length) throw refused(`${lacks}: ${missing.join(', ')}`, mapping ? 'mapping' : 'file');
  return position;
}

const refused = (message: string, path: string) => badRequest(message, [{ path, message }]);

export function toImportTable(
  kind: ImportKind,
  rows: string[][],
  dateFormat: ImportDateFormat,
  mapping?: ImportMapping,
): ImportTable {
  const { at: headerIndex, header } = headerOf(rows);
  const position = positions(kind, header, mapping);
  const columns = importFields(kind);
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
      const at = position.get(column);
      const raw = (at === undefined ? '' : (cells[at] ?? '')).trim();
      if (dateColumns.has(column) && raw !== '') {
        const iso = readImportDate(raw, dateFormat);
        if (!iso) errors.push({ row, field: column, message: importDateProblem(raw, dateFormat) });
        values[column] = iso ?? '';
      } else values[column] = raw;
    }
    // A register with one address column means it for both.
    if (kind === 'enrollments' && !position.has('permanentAddress'))
      values.permanentAddress = values.currentAddress ?? '';
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

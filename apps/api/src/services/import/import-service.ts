/**
 * Bulk import of what an institute already has. Every row is checked before anything is
 * written; an import with any error writes nothing unless asked to write only the good rows, and
 * gives back exactly the rows in error, whose file imported later adds only them;
 * the rows that pass are written in one transaction (an interrupted import leaves nothing), one
 * import at a time; a second run of the same file finds what the first wrote and skips it.
 */
import { createHash } from 'node:crypto';
import {
  IMPORT_COLUMNS,
  IMPORT_MESSAGES,
  type ImportDateFormat,
  type ImportError,
  type ImportKind,
  type ImportLogEntry,
  type ImportResult,
} from '@registrar/contract/imports';
import {
  IMPORT_REQUIRED_FIELDS,
  headerSignature,
  importFields,
  proposeMapping,
  type ImportColumns,
  type ImportMapping,
} from '@registrar/contract/import-mapping';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { toCsv } from '../../lib/csv';
import { conflict, HttpError, notFound } from '../../lib/http-errors';
import { readTable } from '../../lib/spreadsheet';
import { importRepository, type ImportRecord } from '../../repositories/import-repository';
import { ERROR_CODES } from '@registrar/contract/envelope';
import { enrollmentImport } from './import-enrollments';
import type { CheckedRow, ImportContext, ImportHandler } from './import-handler';
import { inquiryImport } from './import-inquiries';
import { paymentImport } from './import-payments';
import { headerOf, toImportTable } from './import-table';

/** Rows of a file shown beside its proposed mapping. */
const SAMPLE_ROWS = 5;

/** How often a writing import lets other requests in. */
const TURN_EVERY_MS = 100;

export interface ImportRequest {
  kind: ImportKind;
  dryRun: boolean;
  dateFormat: ImportDateFormat;
  /** Mail each student of a created enrolment the link to their page (off unless asked). */
  sendLinks: boolean;
  fileName: string;
  file: Buffer;
  staffId: string;
  /** Write the rows that passed and leave the rows in error for their errors file. */
  goodRowsOnly?: boolean;
  /** Field → column; kept for the file's header. Without it, the kept one, else the columns' own names. */
  mapping?: ImportMapping | undefined;
}

export interface ImportProgress {
  kind: ImportKind;
  fileName: string;
  done: number;
  total: number;
}

/** An example row per template, so the file explains itself. */
const EXAMPLES: Record<ImportKind, string[]> = {
  enrollments: [
    'OLD-0042',
    'Priya Sharma',
    'priya.sharma@example.com',
    '9876543210',
    '',
    '12 MG Road, Pune',
    '12 MG Road, Pune',
    'Data Science',
    'installment',
    'cash',
    '01/07/2026',
    '',
    'company',
    'Infosys',
    '',
    'Analyst',
    'approved',
    '25/06/2026',
    '27',
  ],
  payments: [
    'priya.sharma@example.com',
    'Data Science',
    '1',
    '10,000.00',
    '05/07/2026',
    'upi',
    '612345678901',
    '',
    'OLD/R/118',
  ],
  inquiries: [
    'Rahul Verma',
    'rahul.verma@example.com',
    '9812345678',
    'Sector 15, Noida',
    'university',
    'Amity University',
    'Data Science; Web Development',
    'website',
    '',
    '',
    '20/10/2026',
    'new',
  ],
};

export class ImportService {
  private running: ImportProgress | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** Mails each created enrolment's student their page link, after the import commits. */
    private readonly sendLink: (enrollmentId: string, staffId: string) => Promise<void>,
  ) {}

  /** The template of a kind: its header and one example row, as CSV. */
  template(kind: ImportKind): string {
    return toCsv([...IMPORT_COLUMNS[kind]], [EXAMPLES[kind]]);
  }

  progress(): ImportProgress | null {
    return this.running && { ...this.running };
  }

  private handler(kind: ImportKind): ImportHandler<CheckedRow> {
    const handlers = { enrollments: enrollmentImport(this.config), payments: paymentImport, inquiries: inquiryImport };
    return handlers[kind] as unknown as ImportHandler<CheckedRow>;
  }

  async run(request: ImportRequest): Promise<{ result: ImportResult; failed: boolean }> {
    if (this.running) throw conflict(IMPORT_MESSAGES.busy);
    this.running = { kind: request.kind, fileName: request.fileName, done: 0, total: 0 };
    try {
      return await this.checkAndWrite(request);
    } finally {
      this.running = null;
    }
  }

  private async checkAndWrite(request: ImportRequest): Promise<{ result: ImportResult; failed: boolean }> {
    const sha256 = createHash('sha256').update(request.file).digest('hex');
    const rows = await readTable(request.file);
    const signature = headerSignature(headerOf(rows).header);
    const mapping =
      request.mapping ?? (await importRepository.savedMapping(this.db, request.kind, signature)) ?? undefined;
    const table = toImportTable(request.kind, rows, request.dateFormat, mapping);
    // The file read with the admin's mapping: offer it again for the next file with this header.
    if (request.mapping)
      await importRepository.saveMapping(this.db, request.kind, signature, request.mapping, request.staffId);
    const known = new Map<number, ImportError[]>();
    for (const e of table.errors) known.set(e.row, [...(known.get(e.row) ?? []), e]);
    const handler = this.handler(request.kind);
    const { valid, errors } = await handler.check(this.db, table.rows, known);
    errors.sort((a, b) => a.row - b.row);
    const toWrite = valid.filter((v) => !v.skip);
    const refused = errors.length > 0 && !request.dryRun && !request.goodRowsOnly;
    const counts = {
      rows: table.rows.length,
      // A check counts the good rows; an import refused for its errors created none.
      created: refused ? 0 : toWrite.length,
      updated: 0,
      skipped: refused ? 0 : valid.length - toWrite.length,
    };
    const base = {
      kind: request.kind,
      fileName: request.fileName,
      sha256,
      dryRun: request.dryRun,
      rows: counts.rows,
      errors,
      errorRows: errors.length ? errorRowsOf(table.header, table.rows, errors) : null,
      staffId: request.staffId,
    };
    if (refused || request.dryRun) {
      const record = await importRepository.insert(this.db, { ...base, ...counts });
      return { result: resultOf(record), failed: errors.length > 0 };
    }

    this.running = { kind: request.kind, fileName: request.fileName, done: 0, total: toWrite.length };
    const createdEnrollmentIds: string[] = [];
    let turned = Date.now();
    {
      const record = await this.db.transaction(async (tx) => {
        if (!(await importRepository.tryLock(tx))) throw conflict(IMPORT_MESSAGES.busy);
        const saved = await importRepository.insert(tx, { ...base, ...counts });
        const context: ImportContext = {
          importId: saved.id,
          fileName: request.fileName,
          fileTag: sha256.slice(0, 8).toUpperCase(),
          staffId: request.staffId,
          createdEnrollmentIds,
          tick: async (rows = 1) => {
            if (this.running) this.running.done += rows;
            // The embedded database answers within this thread, so a transaction's queries alone
            // would never let the event loop turn: the progress poll would wait for the commit.
            if (Date.now() - turned >= TURN_EVERY_MS) {
              await new Promise((resolve) => setImmediate(resolve));
              turned = Date.now();
            }
          },
        };
        await handler.write(tx, toWrite, context);
        return saved;
      });
      if (request.sendLinks) for (const id of createdEnrollmentIds) await this.sendLink(id, request.staffId);
      return { result: resultOf(record), failed: errors.length > 0 };
    }
  }

  /** A file's header and first rows, with the mapping kept for that header or else a proposal. */
  async columns(kind: ImportKind, file: Buffer): Promise<ImportColumns> {
    const rows = await readTable(file);
    const { at, header } = headerOf(rows);
    const samples = rows.slice(at + 1, at + 1 + SAMPLE_ROWS).filter((r) => r.some((c) => c !== ''));
    const saved = await importRepository.savedMapping(this.db, kind, headerSignature(header));
    const required = new Set(IMPORT_REQUIRED_FIELDS[kind]);
    return {
      header,
      samples,
      fields: importFields(kind).map((field) => ({ field, required: required.has(field) })),
      mapping: saved ?? proposeMapping(kind, header, samples),
      saved: saved !== undefined,
    };
  }

  async log(): Promise<ImportLogEntry[]> {
    return (await importRepository.log(this.db))
      .map(({ record, by }) => ({
        ...resultOf(record),
        fileName: record.fileName,
        sha256: record.sha256,
        errorCount: record.errors.length,
        by: by?.id ? { _id: by.id, name: by.name ?? '' } : null,
        createdAt: record.createdAt.toISOString(),
      }))
      .map(({ errors: _errors, ...entry }) => entry);
  }

  /** The rows in error as uploaded, each with an `error` column: fix them and upload this file. */
  async errorsCsv(id: string): Promise<{ csv: string; fileName: string }> {
    const record = await importRepository.byId(this.db, id).catch(() => undefined);
    if (!record) throw notFound(IMPORT_MESSAGES.notFound);
    if (!record.errorRows) throw new HttpError(404, ERROR_CODES.notFound, IMPORT_MESSAGES.noErrors);
    const { header, rows } = record.errorRows;
    return {
      csv: toCsv(
        [...header, 'error'],
        rows.map((r) => [...header.map((_, i) => r.cells[i] ?? ''), r.error]),
      ),
      fileName: `${record.fileName.replace(/\.[^.]+$/, '')}-errors.csv`,
    };
  }
}

function resultOf(record: ImportRecord): ImportResult {
  return {
    _id: record.id,
    kind: record.kind as ImportKind,
    dryRun: record.dryRun,
    rows: record.rows,
    created: record.created,
    updated: record.updated,
    skipped: record.skipped,
    errors: record.errors,
  };
}

function errorRowsOf(header: string[], rows: { row: number; cells: string[] }[], errors: ImportError[]) {
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.field}: ${e.message}`]);
  return {
    header,
    rows: rows
      .filter((r) => byRow.has(r.row))
      .map((r) => ({ row: r.row, cells: r.cells, error: byRow.get(r.row)!.join('; ') })),
  };
}

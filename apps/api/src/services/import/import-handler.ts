/** What each kind of import (enrolments, payments, inquiries) provides to the import service. */
import type { ImportError } from '@registrar/contract/imports';
import type { Db, Executor } from '../../db/database';
import type { ImportRow } from './import-table';

export interface ImportContext {
  importId: string;
  fileName: string;
  /** A short fingerprint of the file, for receipt numbers a row did not give. */
  fileTag: string;
  staffId: string;
  /**
   * Awaited as rows are written (one by default): counts them for the progress the screen shows
   * and now and then lets this process answer other requests (the progress poll among them).
   */
  tick(rows?: number): Promise<void>;
  /** Enrolments this import created (their students may be sent their page link afterwards). */
  createdEnrollmentIds: string[];
}

export interface CheckedRow {
  row: number;
  /** Already here (a second run of the same file, an overlapping one): reported, not written. */
  skip: boolean;
}

export interface ImportHandler<T extends CheckedRow> {
  /**
   * Every row against the rules and against what the database already holds; reads only.
   * `known` holds errors found while reading the file (dates), keyed by row.
   */
  check(db: Db, rows: ImportRow[], known: Map<number, ImportError[]>): Promise<{ valid: T[]; errors: ImportError[] }>;
  /** Writes the rows not skipped, inside the import's one transaction. */
  write(tx: Executor, rows: T[], context: ImportContext): Promise<void>;
}

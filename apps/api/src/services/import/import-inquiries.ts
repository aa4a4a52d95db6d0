/**
 * Inquiry rows: the public inquiry form's rules, the courses of interest separated by `;`,
 * matched to what is already here by email and the day the inquiry came in, and written with
 * that day as when it was received — not assigned, not mailed, not counted as new today.
 */
import {
  IMPORT_MESSAGES,
  importInquiryRowSchema,
  type ImportError,
  type ImportInquiryRow,
} from '@registrar/contract/imports';
import type { Db, Executor } from '../../db/database';
import { importRepository } from '../../repositories/import-repository';
import { inquiryAnswerColumns } from '../../repositories/inquiry-repository';
import { rowErrors, type ImportRow } from './import-table';
import type { CheckedRow, ImportHandler } from './import-handler';

interface InquiryRow extends CheckedRow {
  value: ImportInquiryRow;
}

const interests = (cell: string) =>
  cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

export const inquiryImport: ImportHandler<InquiryRow> = {
  async check(db: Db, rows: ImportRow[], known: Map<number, ImportError[]>) {
    const errors: ImportError[] = [];
    const checked: Omit<InquiryRow, 'skip'>[] = [];
    const firstRowOf = new Map<string, number>();
    for (const r of rows) {
      const found: ImportError[] = [...(known.get(r.row) ?? [])];
      const taken = new Set(found.map((e) => e.field));
      const parsed = importInquiryRowSchema.safeParse({
        ...r.values,
        areaOfInterest: interests(r.values.areaOfInterest ?? ''),
        // Optional choices of the form: blank is "not said".
        currentlyWorkingAs: r.values.currentlyWorkingAs || undefined,
      });
      if (!parsed.success) found.push(...rowErrors(r.row, parsed.error.issues).filter((e) => !taken.has(e.field)));
      else {
        const key = `${parsed.data.email.toLowerCase()}|${parsed.data.receivedOn}`;
        const earlier = firstRowOf.get(key);
        if (earlier !== undefined)
          found.push({ row: r.row, field: 'email', message: `${IMPORT_MESSAGES.duplicateInFile} ${earlier}` });
        else firstRowOf.set(key, r.row);
      }
      if (found.length) errors.push(...found);
      else if (parsed.success) checked.push({ row: r.row, value: parsed.data });
    }
    const existing = await importRepository.inquiryKeys(db, [
      ...new Set(checked.map((c) => c.value.email.toLowerCase())),
    ]);
    const valid = checked.map((c) => ({
      ...c,
      skip: existing.has(`${c.value.email.toLowerCase()}|${c.value.receivedOn}`),
    }));
    return { valid, errors };
  },

  async write(tx: Executor, rows: InquiryRow[], context) {
    for (const { value: v } of rows) {
      const receivedAt = new Date(`${v.receivedOn}T12:00:00`);
      await importRepository.insertInquiry(
        tx,
        {
          ...inquiryAnswerColumns(v),
          status: v.status,
          createdAt: receivedAt,
          updatedAt: receivedAt,
        },
        `Imported from ${context.fileName}`,
        context.staffId,
      );
      await context.tick();
    }
  },
};

/**
 * Enrolment rows: checked with the public form's field rules (a past joining date allowed), the
 * course found by name, matched to what is already here by the institute's own id or else by
 * email and course, and written as enrolments with their fee schedule — no documents, no mail.
 */
import { randomUUID } from 'node:crypto';
import { localIsoDate } from '@registrar/contract/enrollment';
import { planFeeSchedule } from '@registrar/contract/fee-plan';
import { unknownCourseMessage } from '@registrar/contract/import-values';
import {
  IMPORT_MESSAGES,
  importEnrollmentRowSchema,
  type ImportEnrollmentRow,
  type ImportError,
} from '@registrar/contract/imports';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Config } from '../../config';
import type { Db, Executor } from '../../db/database';
import { importRepository } from '../../repositories/import-repository';
import { enrollmentNumber, studentColumns } from '../enrollment-record';
import { recordIncoming } from '../payment-intake';
import { OUR_NUMBER } from './import-payments';
import { courseNames, rowErrors, type ImportRow } from './import-table';
import type { CheckedRow, ImportHandler } from './import-handler';

/** Rows written per statement. */
const BATCH = 100;

interface EnrollmentRow extends CheckedRow {
  value: ImportEnrollmentRow;
  course: { id: string; pricePaise: number; emiPricePaise: number[] };
}

export function enrollmentImport(config: Config): ImportHandler<EnrollmentRow> {
  return {
    async check(db: Db, rows: ImportRow[], known: Map<number, ImportError[]>) {
      const courses = await importRepository.coursesByName(db);
      const today = localIsoDate();
      const errors: ImportError[] = [];
      const checked: Omit<EnrollmentRow, 'skip'>[] = [];
      const firstRowOf = new Map<string, number>();
      for (const r of rows) {
        const found: ImportError[] = [...(known.get(r.row) ?? [])];
        const taken = new Set(found.map((e) => e.field));
        const parsed = importEnrollmentRowSchema.safeParse(r.values);
        if (!parsed.success) found.push(...rowErrors(r.row, parsed.error.issues).filter((e) => !taken.has(e.field)));
        const course = courses.get((r.values.course ?? '').trim().toLowerCase());
        if (r.values.course && !course)
          found.push({
            row: r.row,
            field: 'course',
            message: unknownCourseMessage(r.values.course, courseNames(courses)),
          });
        if (parsed.success && course) {
          const keys = [
            parsed.data.externalId ? `id:${parsed.data.externalId}` : null,
            `mail:${parsed.data.email.toLowerCase()}|${course.id}`,
          ].filter((k): k is string => k !== null);
          const earlier = keys.map((k) => firstRowOf.get(k)).find((n) => n !== undefined);
          if (earlier !== undefined)
            found.push({
              row: r.row,
              field: parsed.data.externalId ? 'externalId' : 'email',
              message: `${IMPORT_MESSAGES.duplicateInFile} ${earlier}`,
            });
          else for (const k of keys) firstRowOf.set(k, r.row);
        }
        if (parsed.success && course) found.push(...paidErrors(r.row, parsed.data, course, today));
        if (found.length) errors.push(...found);
        else if (parsed.success && course) checked.push({ row: r.row, value: parsed.data, course });
      }
      const byExternal = await importRepository.enrollmentIdsByExternalId(
        db,
        checked.map((c) => c.value.externalId).filter((id): id is string => Boolean(id)),
      );
      const byEmail = await importRepository.enrollmentsByEmailCourse(db, [
        ...new Set(checked.map((c) => c.value.email.toLowerCase())),
      ]);
      const taken = await importRepository.paymentsByReceipt(
        db,
        checked.flatMap((c) => (c.value.receiptNumber ? [c.value.receiptNumber] : [])),
      );
      const valid = checked.map((c) => ({
        ...c,
        skip:
          (c.value.externalId !== undefined && byExternal.has(c.value.externalId)) ||
          byEmail.has(`${c.value.email.toLowerCase()}|${c.course.id}`),
      }));
      // A receipt number already on a payment here: the row is here too, or it names another's receipt.
      for (const v of valid)
        if (!v.skip && v.value.receiptNumber && taken.has(v.value.receiptNumber))
          errors.push({ row: v.row, field: 'receiptNumber', message: IMPORT_MESSAGES.receiptNumberTaken });
      return {
        valid: valid.filter((v) => v.skip || !v.value.receiptNumber || !taken.has(v.value.receiptNumber)),
        errors,
      };
    },

    async write(tx: Executor, rows: EnrollmentRow[], context) {
      const today = localIsoDate();
      // A statement per table per batch, not per row: 5,000 students in seconds, not minutes.
      for (let start = 0; start < rows.length; start += BATCH) {
        const batch = rows.slice(start, start + BATCH);
        const numbers = await importRepository.nextEnrollmentNumbers(tx, batch.length);
        const ids = batch.map(() => randomUUID());
        await importRepository.insertEnrollments(
          tx,
          batch.map(({ value: v, course }, i) => {
            const id = ids[i]!;
            const enrolledOn = v.enrolledOn ?? today;
            context.createdEnrollmentIds.push(id);
            return {
              enrollment: {
                id,
                enrollmentNumber: enrollmentNumber(enrolledOn, numbers[i]!),
                status: v.status,
                courseId: course.id,
                ...studentColumns(v),
                companyAddress: config.companyAddress,
                externalId: v.externalId ?? null,
                // Noon, so the day stays the day it was in any time zone the database reads it in.
                createdAt: new Date(`${enrolledOn}T12:00:00`),
              },
              schedule: planFeeSchedule(course, v.paymentMethod, v.startDate ?? enrolledOn),
              event: {
                kind: 'created' as const,
                toStatus: v.status,
                note: `Imported from ${context.fileName}${v.externalId ? ` (their id ${v.externalId})` : ''}`,
                staffId: context.staffId,
              },
            };
          }),
        );
        // What each student paid before the move, through the one way in for money, as imported.
        for (const [i, { value: v, row }] of batch.entries())
          if (v.amountPaid && v.paidOn && v.paidMode)
            await recordIncoming(tx, {
              enrollmentId: ids[i]!,
              amountPaise: v.amountPaid,
              mode: v.paidMode,
              paidOn: v.paidOn,
              source: 'import',
              sourceRef: context.importId,
              staffId: context.staffId,
              arrived: true,
              importedReceiptNumber: v.receiptNumber ?? `IMP-${context.fileTag}-${row}`,
            });
        await context.tick(batch.length);
      }
    },
  };
}

/** The typed payment's rules for what a row says was paid: not ahead of today, not beyond the fee. */
function paidErrors(
  row: number,
  v: ImportEnrollmentRow,
  course: EnrollmentRow['course'],
  today: string,
): ImportError[] {
  if (!v.amountPaid) return [];
  const out: ImportError[] = [];
  if (v.paidOn && v.paidOn > today) out.push({ row, field: 'paidOn', message: FEE_MESSAGES.paidOnInFuture });
  const fee = planFeeSchedule(course, v.paymentMethod, v.startDate ?? today).reduce((sum, s) => sum + s.amountPaise, 0);
  if (v.amountPaid > fee) out.push({ row, field: 'amountPaid', message: IMPORT_MESSAGES.paidBeyondFee });
  if (v.receiptNumber && OUR_NUMBER.test(v.receiptNumber))
    out.push({ row, field: 'receiptNumber', message: IMPORT_MESSAGES.receiptNumberLikeOurs });
  return out;
}

/**
 * What the accountant works from at month end: overdue dues by age and by course with the list
 * behind each figure, and reminders to many students in one go.
 */
import { sql } from 'drizzle-orm';
import {
  AGE_BUCKETS,
  BULK_ALERT_MESSAGES,
  ageBucketOf,
  type BulkAlertInput,
  type BulkAlertResult,
  type Collections,
  type CollectionsQuery,
  type OverdueLine,
} from '@registrar/contract/collections';
import type { EnrollmentStatus } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { sqlRows, type Db } from '../db/database';
import { toCsv } from '../lib/csv';
import { HttpError } from '../lib/http-errors';
import { toRupees } from '../lib/money';
import { creditRepository } from '../repositories/credit-repository';
import type { FeeService } from './fee-service';

interface OverdueRow {
  enrollment_id: string;
  enrollment_number: string;
  name: string;
  phone_number: string;
  course_id: string;
  course: string;
  owed: string;
  due_date: string;
  days: number;
}

const OPEN_STATUSES = sql`('pending', 'approved')`;

export class CollectionsService {
  constructor(
    private readonly db: Db,
    private readonly fees: FeeService,
  ) {}

  /** Every overdue installment of an open enrolment, with how many days past due. */
  private overdueInstallments(today: string) {
    return sqlRows<OverdueRow>(
      this.db,
      sql`select e.id as enrollment_id, e.enrollment_number, e.name, e.phone_number, c.id as course_id, c.name as course,
                 (i.amount_paise - i.paid_paise)::text as owed, i.due_date::text as due_date, (${today}::date - i.due_date)::int as days
          from installments i join enrollments e on e.id = i.enrollment_id join courses c on c.id = e.course_id
          where i.paid_paise < i.amount_paise and i.due_date < ${today}::date and e.status in ${OPEN_STATUSES}
          order by i.due_date, e.enrollment_number`,
    );
  }

  async collections(q: CollectionsQuery, today = localIsoDate()): Promise<Collections> {
    const [all, credits] = await Promise.all([this.overdueInstallments(today), creditRepository.list(this.db)]);
    const sum = (list: OverdueRow[]) => ({
      amount: toRupees(list.reduce((t, r) => t + Number(r.owed), 0)),
      installments: list.length,
      enrollments: new Set(list.map((r) => r.enrollment_id)).size,
    });
    const courses = new Map<string, OverdueRow[]>();
    for (const r of all) courses.set(r.course_id, [...(courses.get(r.course_id) ?? []), r]);
    const matching = all.filter(
      (r) => (!q.bucket || ageBucketOf(r.days) === q.bucket) && (!q.courseId || r.course_id === q.courseId),
    );
    // One line per enrolment: what it has overdue in the chosen bucket and course, aged by its oldest.
    const lines = new Map<string, OverdueLine>();
    for (const r of matching) {
      const line = lines.get(r.enrollment_id);
      if (line) line.overdue = toRupees(Math.round(line.overdue * 100) + Number(r.owed));
      else
        lines.set(r.enrollment_id, {
          enrollmentId: r.enrollment_id,
          enrollmentNumber: r.enrollment_number,
          name: r.name,
          phoneNumber: r.phone_number,
          courseId: r.course_id,
          course: r.course,
          overdue: toRupees(Number(r.owed)),
          oldestDueDate: r.due_date,
          daysOverdue: r.days,
          bucket: ageBucketOf(r.days),
        });
    }
    return {
      byAge: AGE_BUCKETS.map((bucket) => ({ bucket, ...sum(all.filter((r) => ageBucketOf(r.days) === bucket)) })),
      byCourse: [...courses.values()]
        .map((list) => ({ courseId: list[0]!.course_id, name: list[0]!.course, ...sum(list) }))
        .sort((a, b) => b.amount - a.amount),
      overdue: [...lines.values()].sort((a, b) => b.daysOverdue - a.daysOverdue || b.overdue - a.overdue),
      credits: credits.map((c) => ({
        enrollmentId: c.enrollment_id,
        enrollmentNumber: c.enrollment_number,
        name: c.name,
        phoneNumber: c.phone_number,
        course: c.course,
        status: c.status as EnrollmentStatus,
        credit: toRupees(Number(c.credit)),
      })),
    };
  }

  /** The overdue list to call from, as CSV. */
  async overdueCsv(q: CollectionsQuery): Promise<string> {
    const { overdue } = await this.collections(q);
    return toCsv(
      ['Enrolment number', 'Student', 'Phone', 'Course', 'Overdue (INR)', 'Oldest due date', 'Days overdue', 'Age'],
      overdue.map((l) => [
        l.enrollmentNumber,
        l.name,
        l.phoneNumber,
        l.course,
        l.overdue.toFixed(2),
        l.oldestDueDate,
        l.daysOverdue,
        l.bucket,
      ]),
    );
  }

  /**
   * A reminder to each enrolment, one a day each unless `again`; every one not sent says why. A dry
   * run sends nothing and answers what would go.
   */
  async bulkAlert(input: BulkAlertInput, staffId: string): Promise<BulkAlertResult> {
    const ids = [...new Set(input.enrollmentIds)];
    const dryRun = input.dryRun ?? false;
    const again = input.again ?? false;
    const statuses = new Map(
      (
        await sqlRows<{ id: string; status: string }>(
          this.db,
          sql`select id, status from enrollments where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      ).map((r) => [r.id, r.status]),
    );
    const result: BulkAlertResult = { dryRun, sent: 0, reminders: [], skipped: [] };
    for (const enrollmentId of ids) {
      const status = statuses.get(enrollmentId);
      const skip = (reason: string) =>
        result.skipped.push({ enrollmentId, reason, sentToday: reason === FEE_MESSAGES.alertAlreadySent });
      if (!status) skip(BULK_ALERT_MESSAGES.notFound);
      else if (!['pending', 'approved'].includes(status)) skip(BULK_ALERT_MESSAGES.closed);
      else
        try {
          if (dryRun) result.reminders.push((await this.fees.alertPreview(enrollmentId, again)).reminder);
          else {
            result.reminders.push(await this.fees.sendAlert(enrollmentId, again, staffId));
            result.sent += 1;
          }
        } catch (err) {
          if (!(err instanceof HttpError)) throw err;
          skip(err.message);
        }
    }
    return result;
  }
}

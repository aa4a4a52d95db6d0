/** Dashboard figures. */
import type { Dashboard, DashboardPeriod } from '@registrar/contract/dashboard';
import { REFERENCE_LABELS, type Reference } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { monthStartAfter, periodRange } from '@registrar/contract/periods';
import type { Db } from '../db/database';
import { toRupees } from '../lib/money';
import { dashboardRepository as repo } from '../repositories/dashboard-repository';
import { followUpRepository } from '../repositories/follow-up-repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

/** The server's local day, as the follow-ups screen counts it. */
function localDays(now: Date) {
  return {
    today: new Date(now.getFullYear(), now.getMonth(), now.getDate()),
    tomorrow: new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1),
  };
}

export class DashboardService {
  constructor(private readonly db: Db) {}

  async dashboard(
    staffId: string,
    period: DashboardPeriod = 'month',
    now = new Date(),
    today = localIsoDate(now),
  ): Promise<Dashboard> {
    const range = periodRange(period, today);
    const firstMonth = monthStartAfter(today.slice(0, 7), -11);
    const days = localDays(now);
    const [
      byStatus,
      inPeriod,
      mine,
      inqStatus,
      inqReference,
      counts,
      money,
      monthly,
      perCourse,
      nextDue,
      overdue,
      latestInq,
      latestEnr,
      bySource,
      byOwner,
      median,
    ] = await Promise.all([
      repo.enrollmentsByStatus(this.db),
      repo.enrollmentsBetween(this.db, range.from, range.until),
      repo.myFollowUps(this.db, staffId, days.today, days.tomorrow),
      repo.inquiriesBy(this.db, 'status'),
      repo.inquiriesBy(this.db, 'reference'),
      repo.inquiryCounts(this.db, range.from, range.until),
      repo.money(this.db, range.from, range.until, today),
      repo.monthly(this.db, firstMonth),
      repo.perCourse(this.db),
      repo.installments(this.db, today, 'next'),
      repo.installments(this.db, today, 'overdue'),
      repo.latestInquiries(this.db),
      repo.latestEnrollments(this.db),
      followUpRepository.funnel(this.db, 'reference'),
      followUpRepository.funnel(this.db, 'owner'),
      followUpRepository.medianFirstContact(this.db),
    ]);
    const c = counts[0]!;
    const m = money[0]!;
    const line = (r: (typeof nextDue)[number]) => ({
      enrollmentId: r.enrollment_id,
      name: r.name,
      enrollmentNumber: r.enrollment_number,
      installmentNumber: r.number,
      dueDate: r.due_date,
      owed: toRupees(Number(r.owed)),
    });
    return {
      period: { key: period, from: range.from, to: range.to },
      enrollmentsByStatus: byStatus,
      enrollmentsInPeriod: inPeriod[0]?.n ?? 0,
      inquiries: {
        newInPeriod: c.period,
        byStatus: inqStatus,
        byReference: inqReference,
        total: c.total,
        converted: c.converted,
        conversionRate: c.total ? c.converted / c.total : 0,
        convertedInPeriod: c.converted_period,
        conversionRateInPeriod: c.period ? c.converted_period / c.period : 0,
      },
      myFollowUps: {
        overdue: mine.counts.overdue,
        today: mine.counts.today,
        first: mine.first.map((r) => ({
          inquiryId: r.id,
          name: r.name,
          phoneNumber: r.phone_number,
          dueAt: iso(r.next_follow_up_at),
          lastNote: r.last_note,
        })),
      },
      money: {
        collectedInPeriod: toRupees(Number(m.collected_period)),
        collectedAllTime: toRupees(Number(m.collected_all)),
        importedInPeriod: toRupees(Number(m.imported_period)),
        outstanding: toRupees(Number(m.outstanding)),
        outstandingApproved: toRupees(Number(m.outstanding) - Number(m.outstanding_pending)),
        outstandingPending: toRupees(Number(m.outstanding_pending)),
        overdueAmount: toRupees(Number(m.overdue)),
        overdueInstallments: m.overdue_count,
        unclearedCheques: m.uncleared_count,
        unclearedChequeAmount: toRupees(Number(m.uncleared)),
        creditsToRefund: toRupees(Number(m.credits)),
      },
      monthly: monthly.map((r) => ({
        month: r.month,
        enrollments: r.enrollments,
        collected: toRupees(Number(r.collected)),
      })),
      enrollmentsPerCourse: perCourse.map((r) => ({ courseId: r.course_id, name: r.name, count: r.count })),
      nextDue: nextDue.map(line),
      mostOverdue: overdue.map(line),
      followUps: {
        bySource: bySource.map(({ name: _name, ...r }) => ({
          ...r,
          key: r.key ?? '',
          label: REFERENCE_LABELS[r.key as Reference] ?? r.key ?? '',
        })),
        byCounsellor: byOwner.map(({ name, ...r }) => ({
          ...r,
          key: r.key ?? 'none',
          label: r.key ? (name ?? '') : 'Nobody',
        })),
        medianFirstContactMinutes: median.minutes,
        firstContacts: median.count,
      },
      latestInquiries: latestInq.map((r) => ({
        _id: r.id,
        name: r.name,
        status: r.status,
        createdAt: iso(r.created_at),
      })),
      latestEnrollments: latestEnr.map((r) => ({
        _id: r.id,
        name: r.name,
        enrollmentNumber: r.enrollment_number,
        status: r.status,
        createdAt: iso(r.created_at),
      })),
    };
  }
}

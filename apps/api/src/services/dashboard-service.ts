/** Dashboard figures, notifications and the payments export. */
import type { AuditEntry, Dashboard, Notifications, auditQuerySchema } from '@registrar/contract/dashboard';
import { REFERENCE_LABELS, type Reference } from '@registrar/contract/constants';
import type { z } from 'zod';
import { localIsoDate } from '@registrar/contract/enrollment';
import type { Db } from '../db/database';
import { toCsv } from '../lib/csv';
import { toRupees } from '../lib/money';
import { auditRepository } from '../repositories/audit-repository';
import { dashboardRepository as repo } from '../repositories/dashboard-repository';
import { followUpRepository } from '../repositories/follow-up-repository';
import { staffRepository } from '../repositories/staff-repository';

const iso = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();

function periodStarts(today: string) {
  const d = new Date(`${today}T00:00:00Z`);
  const weekStart = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10); // Monday
  const monthStart = `${today.slice(0, 7)}-01`;
  const first = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 11, 1)).toISOString().slice(0, 10);
  return { weekStart, monthStart, firstMonth: first };
}

export class DashboardService {
  constructor(private readonly db: Db) {}

  async dashboard(today = localIsoDate()): Promise<Dashboard> {
    const { weekStart, monthStart, firstMonth } = periodStarts(today);
    const [
      byStatus,
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
      repo.inquiriesBy(this.db, 'status'),
      repo.inquiriesBy(this.db, 'reference'),
      repo.inquiryCounts(this.db, weekStart, monthStart),
      repo.money(this.db, monthStart, today),
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
      enrollmentsByStatus: byStatus,
      inquiries: {
        newThisWeek: c.week,
        newThisMonth: c.month,
        byStatus: inqStatus,
        byReference: inqReference,
        total: c.total,
        converted: c.converted,
        conversionRate: c.total ? c.converted / c.total : 0,
      },
      money: {
        collectedThisMonth: toRupees(Number(m.collected_month)),
        collectedAllTime: toRupees(Number(m.collected_all)),
        outstanding: toRupees(Number(m.outstanding)),
        overdueAmount: toRupees(Number(m.overdue)),
        overdueInstallments: m.overdue_count,
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

  async notifications(staffId: string, seenAt: Date | null, followUpsDue = 0): Promise<Notifications> {
    const since = seenAt ?? new Date(Date.now() - 7 * 86_400_000);
    const items = await repo.notifications(this.db, since);
    return {
      seenAt: seenAt?.toISOString() ?? null,
      unread: items.length,
      followUpsDue,
      items: items.map((r) => ({
        kind: r.kind,
        id: r.id,
        title: r.title,
        at: iso(r.at),
        link: r.kind === 'inquiry' ? `/student-inquires/${r.id}` : `/student-enrollments/${r.id}`,
      })),
    };
  }

  async markSeen(staffId: string): Promise<void> {
    await staffRepository.update(this.db, staffId, { notificationsSeenAt: new Date() });
  }

  /** One page of the audit trail, newest first. */
  async audit(q: z.output<typeof auditQuerySchema>) {
    const { items, total } = await auditRepository.page(this.db, q);
    return {
      items: items.map((r): AuditEntry => ({
        _id: r.id,
        at: r.at.toISOString(),
        actor: { _id: r.staffId, email: r.actorEmail },
        action: r.action,
        entity: r.entity,
        entityId: r.entityId,
        ip: r.ip,
        statusCode: r.statusCode,
        fields: r.fields,
        changes: r.changes ?? null,
      })),
      page: q.page,
      limit: q.limit,
      total,
      totalPages: Math.ceil(total / q.limit),
    };
  }

  async paymentsCsv(from: string, to: string): Promise<string> {
    const payments = await repo.paymentsBetween(this.db, from, to);
    return toCsv(
      [
        'Receipt',
        'Paid on',
        'Amount (INR)',
        'Mode',
        'Reference',
        'Enrolment number',
        'Student',
        'Course',
        'Installment',
        'Voided',
        'Void reason',
      ],
      payments.map((p) => [
        p.receipt_number,
        p.paid_on,
        toRupees(Number(p.amount_paise)).toFixed(2),
        p.mode,
        p.reference,
        p.enrollment_number,
        p.name,
        p.course,
        p.installment,
        p.voided ? 'yes' : '',
        p.void_reason,
      ]),
    );
  }
}

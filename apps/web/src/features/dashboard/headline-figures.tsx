/**
 * The answers first: admissions (enrolments, inquiries, conversion) and money (collected, what is
 * owed on approved and on pending enrolments, overdue). Each label says its period: the page's
 * period, "today" for what is owed now, or "all time".
 */
import type { Dashboard } from '@registrar/contract/dashboard';
import { formatRupees } from '../../shared/lib/money';
import { formatCount, formatPercent } from '../../shared/lib/format-number';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { useCan } from '../../shared/session/permissions';
import { paymentsCsvHref } from './api/dashboard-api';
import { FigureCard, FigureGrid } from './figure-card';
import { enrollmentsWithPaymentState, enrollmentsWithStatus, inquiriesBetween, inquiriesWithStatus } from './links';
import { periodWords } from './period-picker';

const plural = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;

export function AdmissionsHeadline({ data }: { data: Dashboard }) {
  const words = periodWords(data.period.key);
  const { inquiries } = data;
  const pending = data.enrollmentsByStatus.find((s) => s.key === 'pending')?.count ?? 0;
  // A role that cannot open inquiries (an accountant) sees their figures without a way into them.
  const canOpenInquiries = useCan('inquiries.read');
  const inquiryLink = (to: string) => (canOpenInquiries ? { to } : {});
  // Who may decide goes straight to the queue; others see the pending list.
  const mayDecide = useCan('enrollments.status');
  return (
    // Narrower cards keep the five on one row beside the menu at 1366 px: the answers fit the first screen.
    <FigureGrid label="Admissions" min={170}>
      <FigureCard
        label={`New enrolments, ${words}`}
        value={formatCount(data.enrollmentsInPeriod)}
        to={ENROLLMENTS_PATH}
      />
      <FigureCard
        label="Pending review, today"
        value={formatCount(pending)}
        hint="Enrolments waiting for approval"
        to={mayDecide ? `${ENROLLMENTS_PATH}/queue` : enrollmentsWithStatus('pending')}
        tone="warning"
      />
      <FigureCard
        label={`New inquiries, ${words}`}
        value={formatCount(inquiries.newInPeriod)}
        {...inquiryLink(inquiriesBetween(data.period.from, data.period.to))}
      />
      <FigureCard
        label={`Conversion, ${words}`}
        value={formatPercent(inquiries.conversionRateInPeriod)}
        hint={`${formatCount(inquiries.convertedInPeriod)} of ${plural(inquiries.newInPeriod, 'inquiry', 'inquiries')} received enrolled`}
        {...inquiryLink(inquiriesWithStatus('converted'))}
        tone="success"
      />
      <FigureCard
        label="Conversion, all time"
        value={formatPercent(inquiries.conversionRate)}
        hint={`${formatCount(inquiries.converted)} of ${plural(inquiries.total, 'inquiry', 'inquiries')} enrolled`}
        {...inquiryLink(inquiriesWithStatus('converted'))}
        tone="success"
      />
    </FigureGrid>
  );
}

export function MoneyHeadline({ data }: { data: Dashboard }) {
  const words = periodWords(data.period.key);
  const { money } = data;
  const canExport = useCan('fees.export');
  return (
    <FigureGrid label="Money" min={170}>
      <FigureCard
        label={`Collected, ${words}`}
        value={formatRupees(money.collectedInPeriod)}
        {...(canExport
          ? { hint: 'Download these payments (CSV)', download: paymentsCsvHref(data.period.from, data.period.to) }
          : {})}
        tone="success"
      />
      {money.importedInPeriod > 0 && (
        <FigureCard
          label={`Of collected, from imported books, ${words}`}
          value={formatRupees(money.importedInPeriod)}
          hint="Past payments brought in by an import, counted in Collected"
        />
      )}
      <FigureCard
        label="Outstanding, approved enrolments (today)"
        value={formatRupees(money.outstandingApproved)}
        hint="Fees still to be paid: see the enrolments with fees due"
        to={enrollmentsWithPaymentState('due')}
        tone="warning"
      />
      <FigureCard
        label="Outstanding, pending review (today)"
        value={formatRupees(money.outstandingPending)}
        hint="Owed once approved: see the pending enrolments"
        to={enrollmentsWithStatus('pending')}
      />
      <FigureCard
        label="Overdue (today)"
        value={formatRupees(money.overdueAmount)}
        hint={plural(money.overdueInstallments, 'installment', 'installments')}
        to={enrollmentsWithPaymentState('overdue')}
        tone="error"
      />
    </FigureGrid>
  );
}

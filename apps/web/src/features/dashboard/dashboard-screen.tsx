/**
 * The Dashboard ('/' and '/dashboard'): the state of admissions and fees at a
 * glance. Figure cards lead to the list each one summarizes, already filtered; three charts, each
 * with a table view; the next and most overdue installments; the latest inquiries and enrolments;
 * the payments CSV. Money in rupees, Indian grouping.
 */
import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import { ENROLLMENT_STATUSES } from '@registrar/contract/enrollment-admin';
import type { Dashboard } from '@registrar/contract/dashboard';
import { formatRupees } from '../../shared/lib/money';
import { formatCount, formatPercent } from '../../shared/lib/format-number';
import { useGetDashboardQuery, paymentsCsvHref } from './api/dashboard-api';
import { CourseChart, InquiryChart, MonthlyChart } from './dashboard-charts';
import { FigureCard, FigureGrid } from './figure-card';
import { FollowUpFigures } from './follow-up-figures';
import { enrollmentStatusLabel } from './labels';
import {
  enrollmentsWithPaymentState,
  enrollmentsWithStatus,
  inquiriesBetween,
  inquiriesWithStatus,
  periodStarts,
} from './links';
import { PaymentsExport } from './payments-export';
import { LatestEnrollmentsTable, LatestInquiriesTable, MostOverdueTable, NextDueTable } from './record-tables';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { useCan } from '../../shared/session/permissions';

/** The payments CSV's "all time" starts before the institute could have taken any payment. */
const EARLIEST_PAYMENT = '2000-01-01';

const plural = (n: number, one: string, other: string) => `${formatCount(n)} ${n === 1 ? one : other}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} component="h2" variant="h5" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

/** Two columns side by side on a wide screen, one on a phone. */
function Columns({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

function LoadingDashboard() {
  return (
    <Box role="status" aria-label="Loading the dashboard">
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 200px), 1fr))', mb: 3 }}
      >
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={320} />
    </Box>
  );
}

function EnrollmentCards({ data }: { data: Dashboard }) {
  const byStatus = new Map(data.enrollmentsByStatus.map((s) => [s.key, s.count]));
  const total = data.enrollmentsByStatus.reduce((sum, s) => sum + s.count, 0);
  const statuses = [
    ...ENROLLMENT_STATUSES,
    ...[...byStatus.keys()].filter((k) => !ENROLLMENT_STATUSES.includes(k as never)),
  ];
  return (
    <FigureGrid label="Enrolments by status">
      <FigureCard label="All enrolments" value={formatCount(total)} to={ENROLLMENTS_PATH} />
      {statuses.map((status) => (
        <FigureCard
          key={status}
          label={enrollmentStatusLabel(status)}
          value={formatCount(byStatus.get(status) ?? 0)}
          to={enrollmentsWithStatus(status)}
          tone={status === 'pending' ? 'warning' : status === 'approved' ? 'success' : 'default'}
        />
      ))}
    </FigureGrid>
  );
}

function InquiryCards({ data }: { data: Dashboard }) {
  const { today, weekStart, monthStart } = periodStarts();
  const { inquiries } = data;
  return (
    <FigureGrid label="Inquiry figures">
      <FigureCard
        label="New inquiries this week"
        value={formatCount(inquiries.newThisWeek)}
        hint="Since Monday"
        to={inquiriesBetween(weekStart, today)}
      />
      <FigureCard
        label="New inquiries this month"
        value={formatCount(inquiries.newThisMonth)}
        hint="Since the 1st"
        to={inquiriesBetween(monthStart, today)}
      />
      <FigureCard
        label="Conversion rate"
        value={formatPercent(inquiries.conversionRate)}
        hint={`${formatCount(inquiries.converted)} of ${plural(inquiries.total, 'inquiry', 'inquiries')} enrolled`}
        to={inquiriesWithStatus('converted')}
        tone="success"
      />
    </FigureGrid>
  );
}

function MoneyCards({ data }: { data: Dashboard }) {
  const { today, monthStart } = periodStarts();
  const { money } = data;
  const canExport = useCan('fees.export');
  return (
    <FigureGrid label="Fee figures">
      <FigureCard
        label="Collected this month"
        value={formatRupees(money.collectedThisMonth)}
        {...(canExport
          ? { hint: 'Download this month’s payments (CSV)', download: paymentsCsvHref(monthStart, today) }
          : {})}
        tone="success"
      />
      <FigureCard
        label="Collected in all"
        value={formatRupees(money.collectedAllTime)}
        {...(canExport
          ? { hint: 'Download every payment (CSV)', download: paymentsCsvHref(EARLIEST_PAYMENT, today) }
          : {})}
        tone="success"
      />
      <FigureCard
        label="Outstanding"
        value={formatRupees(money.outstanding)}
        hint="Fees still to be paid: see the enrolments with fees due"
        to={enrollmentsWithPaymentState('due')}
        tone="warning"
      />
      <FigureCard
        label="Overdue"
        value={formatRupees(money.overdueAmount)}
        hint={plural(money.overdueInstallments, 'installment', 'installments')}
        to={enrollmentsWithPaymentState('overdue')}
        tone="error"
      />
    </FigureGrid>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const canExport = useCan('fees.export');
  const { today, monthStart } = periodStarts();
  const nothingYet =
    data.enrollmentsByStatus.every((s) => s.count === 0) &&
    data.inquiries.total === 0 &&
    data.money.collectedAllTime === 0;
  return (
    <Stack spacing={4}>
      {nothingYet && (
        <Alert severity="info">
          <AlertTitle>Nothing to count yet</AlertTitle>
          The figures fill in as students enrol and inquire through the public forms, and as fees are paid.
        </Alert>
      )}
      <Section title="Enrolments">
        <EnrollmentCards data={data} />
        <Columns>
          <CourseChart perCourse={data.enrollmentsPerCourse} />
          <LatestEnrollmentsTable rows={data.latestEnrollments} />
        </Columns>
      </Section>
      <Section title="Inquiries">
        <InquiryCards data={data} />
        <Columns>
          <InquiryChart inquiries={data.inquiries} />
          <LatestInquiriesTable rows={data.latestInquiries} />
        </Columns>
      </Section>
      <Section title="Follow-ups">
        <FollowUpFigures followUps={data.followUps} />
      </Section>
      <Section title="Fees">
        <MoneyCards data={data} />
        <MonthlyChart monthly={data.monthly} />
        <Columns>
          <NextDueTable rows={data.nextDue} />
          <MostOverdueTable rows={data.mostOverdue} />
        </Columns>
        {canExport && <PaymentsExport defaultFrom={monthStart} defaultTo={today} />}
      </Section>
    </Stack>
  );
}

export function DashboardScreen() {
  const titleId = useId();
  const { data, isError, error, isFetching, refetch } = useGetDashboardQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });

  let body: ReactNode;
  if (isError && !data) {
    const message = (error as { message?: string } | undefined)?.message;
    body = (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        <AlertTitle>The dashboard could not be loaded</AlertTitle>
        {message || 'Something went wrong'}
      </Alert>
    );
  } else if (!data) {
    body = <LoadingDashboard />;
  } else {
    body = (
      <>
        {isError && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            The figures could not be refreshed; these are from the last successful load.
          </Alert>
        )}
        <DashboardBody data={data} />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 3, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
            Dashboard
          </Typography>
          <Typography color="text.secondary">Admissions and fees at a glance.</Typography>
        </Box>
        {data && (
          <Button
            variant="outlined"
            startIcon={<RefreshIcon />}
            onClick={() => void refetch()}
            disabled={isFetching}
            aria-busy={isFetching || undefined}
          >
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        )}
      </Stack>
      {body}
    </Box>
  );
}

/**
 * The Dashboard ('/' and '/dashboard'): the state of admissions and fees at a glance, for one
 * period chosen at the top (this month by default, in the URL). Each role starts with what it
 * works from: a counsellor with today's calls, an accountant with collections and dues, an admin
 * with admissions and money. Figure cards lead to the list each one summarizes, already filtered;
 * three charts, each with a table view; the next and most overdue installments; the latest
 * inquiries and enrolments; the payments CSV. Money in rupees, Indian grouping.
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
import type { Role } from '@registrar/contract/permissions';
import { useSelector } from 'react-redux';
import { formatDate } from '../../shared/lib/format-date';
import { ScreenHeader } from '../../shared/ui/screen-header';
import { formatRupees } from '../../shared/lib/money';
import { formatCount } from '../../shared/lib/format-number';
import { selectSession, type SessionState } from '../../shared/session/session-slice';
import { useGetDashboardQuery, paymentsCsvHref } from './api/dashboard-api';
import { CourseChart, InquiryChart, MonthlyChart } from './dashboard-charts';
import { FigureCard, FigureGrid } from './figure-card';
import { FollowUpFigures } from './follow-up-figures';
import { AdmissionsHeadline, MoneyHeadline } from './headline-figures';
import { MyFollowUps } from './my-follow-ups';
import { PeriodPicker, periodWords, useDashboardPeriod } from './period-picker';
import { enrollmentStatusLabel } from './labels';
import { enrollmentsWithStatus, periodStarts } from './links';
import { PaymentsExport } from './payments-export';
import { LatestEnrollmentsTable, LatestInquiriesTable, MostOverdueTable, NextDueTable } from './record-tables';
import { COLLECTIONS_PATH, CREDITS_ANCHOR, ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { useCan } from '../../shared/session/permissions';
import { RetryAlert } from '../../shared/ui/retry-alert';

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

/** What the Fees section adds to the money headline: all time, cheques, credits. */
function MoreMoneyCards({ data }: { data: Dashboard }) {
  const { money } = data;
  const canExport = useCan('fees.export');
  const { today } = periodStarts();
  return (
    <FigureGrid label="More fee figures">
      <FigureCard
        label="Collected, all time"
        value={formatRupees(money.collectedAllTime)}
        {...(canExport
          ? { hint: 'Download every payment (CSV)', download: paymentsCsvHref(EARLIEST_PAYMENT, today) }
          : {})}
        tone="success"
      />
      <FigureCard
        label="Cheques not yet cleared (today)"
        value={formatRupees(money.unclearedChequeAmount)}
        hint={`${plural(money.unclearedCheques, 'cheque', 'cheques')} counted in collected, waiting to clear`}
        tone="warning"
      />
      {money.creditsToRefund > 0 && (
        <FigureCard
          label="Credits to refund (today)"
          value={formatRupees(money.creditsToRefund)}
          hint="Received beyond what enrolments owe, or after a cancellation: refund it to the students"
          to={`${COLLECTIONS_PATH}#${CREDITS_ANCHOR}`}
          tone="warning"
        />
      )}
    </FigureGrid>
  );
}

type SectionKey = 'calls' | 'admissions' | 'money' | 'enrolments' | 'inquiries' | 'followUps' | 'fees';

/** Each role's dashboard leads with what it works from; the rest follows. */
const ORDER: Record<Role, SectionKey[]> = {
  admin: ['admissions', 'money', 'calls', 'enrolments', 'inquiries', 'followUps', 'fees'],
  counsellor: ['calls', 'admissions', 'inquiries', 'followUps', 'enrolments', 'money', 'fees'],
  accountant: ['money', 'fees', 'admissions', 'enrolments', 'inquiries', 'followUps', 'calls'],
  viewer: ['admissions', 'money', 'enrolments', 'inquiries', 'followUps', 'fees', 'calls'],
};

function DashboardBody({ data, role }: { data: Dashboard; role: Role }) {
  const canExport = useCan('fees.export');
  const ownsCalls = useCan('inquiries.followups');
  const { today, monthStart } = periodStarts();
  const words = periodWords(data.period.key);
  const nothingYet =
    data.enrollmentsByStatus.every((s) => s.count === 0) &&
    data.inquiries.total === 0 &&
    data.money.collectedAllTime === 0;
  const sections: Record<SectionKey, ReactNode> = {
    calls: ownsCalls ? (
      <Section key="calls" title="Your follow-ups today">
        <MyFollowUps mine={data.myFollowUps} />
      </Section>
    ) : null,
    admissions: (
      <Section key="admissions" title={`Admissions, ${words}`}>
        <AdmissionsHeadline data={data} />
      </Section>
    ),
    money: (
      <Section key="money" title={`Money, ${words}`}>
        <MoneyHeadline data={data} />
      </Section>
    ),
    enrolments: (
      <Section key="enrolments" title="Enrolments by status (today)">
        <EnrollmentCards data={data} />
        <Columns>
          <CourseChart perCourse={data.enrollmentsPerCourse} />
          <LatestEnrollmentsTable rows={data.latestEnrollments} />
        </Columns>
      </Section>
    ),
    inquiries: (
      <Section key="inquiries" title="Inquiries (all time)">
        <Columns>
          <InquiryChart inquiries={data.inquiries} />
          <LatestInquiriesTable rows={data.latestInquiries} />
        </Columns>
      </Section>
    ),
    followUps: (
      <Section key="followUps" title="Follow-ups (all time)">
        <FollowUpFigures followUps={data.followUps} />
      </Section>
    ),
    fees: (
      <Section key="fees" title="Fees and dues">
        <Columns>
          <NextDueTable rows={data.nextDue} />
          <MostOverdueTable rows={data.mostOverdue} />
        </Columns>
        <MoreMoneyCards data={data} />
        <MonthlyChart monthly={data.monthly} />
        {canExport && <PaymentsExport defaultFrom={monthStart} defaultTo={today} />}
      </Section>
    ),
  };
  return (
    <Stack spacing={4}>
      {nothingYet && (
        <Alert severity="info">
          <AlertTitle>Nothing to count yet</AlertTitle>
          The figures fill in as students enrol and inquire through the public forms, and as fees are paid.
        </Alert>
      )}
      {ORDER[role].map((key) => sections[key])}
    </Stack>
  );
}

export function DashboardScreen() {
  const titleId = useId();
  const [period, choosePeriod] = useDashboardPeriod();
  const role = useSelector((state: { session: SessionState }) => selectSession(state).user?.role) ?? 'viewer';
  const { data, isError, error, isFetching, refetch } = useGetDashboardQuery(
    { period },
    { refetchOnMountOrArgChange: true },
  );

  let body: ReactNode;
  if (isError && !data) {
    const message = (error as { message?: string } | undefined)?.message;
    body = (
      <RetryAlert onRetry={refetch}>
        <AlertTitle>The dashboard could not be loaded</AlertTitle>
        {message || 'Something went wrong'}
      </RetryAlert>
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
        <DashboardBody data={data} role={role} />
      </>
    );
  }

  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 1280, mx: 'auto', minWidth: 0 }}>
      <ScreenHeader
        titleId={titleId}
        title="Dashboard"
        description={
          data
            ? `Figures for ${formatDate(data.period.from)} to ${formatDate(data.period.to)}, unless a card says today or all time.`
            : 'Admissions and fees at a glance.'
        }
        mb={3}
        actions={
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <PeriodPicker value={period} onChange={choosePeriod} />
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
        }
      />
      {body}
    </Box>
  );
}

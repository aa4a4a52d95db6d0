/**
 * Online payments (route '/online-payments'), for admins and accountants: the gateway's orders with
 * their state and its history, staff refunds asked of the gateway (a failed one stands out), the
 * webhook events received and what came of each (unmatched ones stand out), and a warning when
 * orders wait while no webhook has arrived for an hour.
 */
import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { REFUND_REQUEST_STATE_LABELS } from '@registrar/contract/fees';
import { EVENT_OUTCOME_LABELS, ORDER_STATE_LABELS, type OrderState } from '@registrar/contract/online-payments';
import { formatDateTime } from '../../shared/lib/format-date';
import { formatRupees } from '../../shared/lib/money';
import { useGetOnlinePaymentsQuery } from './api/online-payments-api';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { TablePanel } from '../../shared/ui/table-panel';

const when = (iso: string | null) => (iso ? formatDateTime(iso, { time: 'short' }) : '—');
const GATEWAY_NAMES = { none: 'none', razorpay: 'Razorpay', simulator: 'the simulator (no real money)' } as const;

function Section({ title, head, rows, empty }: { title: string; head: string[]; rows: ReactNode[][]; empty: string }) {
  return (
    <TablePanel title={title} heading="h2" mb={2} empty={rows.length === 0 ? empty : null}>
      {(id) => (
        // Focusable: a narrow screen scrolls the table sideways, and keyboards must reach it too.
        <TableContainer tabIndex={0}>
          <Table size="small" aria-labelledby={id}>
            <TableHead>
              <TableRow>
                {head.map((h) => (
                  <TableCell key={h} scope="col">
                    {h}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((cells, r) => (
                <TableRow key={r}>
                  {cells.map((cell, c) => (
                    <TableCell key={c}>{cell}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </TablePanel>
  );
}

export function OnlinePaymentsScreen() {
  const { data, isLoading, isError, refetch } = useGetOnlinePaymentsQuery();
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Online payments
      </Typography>
      {isLoading ? (
        <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          <CircularProgress size={20} aria-hidden="true" /> Loading online payments…
        </Box>
      ) : isError || !data ? (
        <RetryAlert onRetry={refetch}>Online payments could not be loaded.</RetryAlert>
      ) : (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {data.gateway === 'none'
              ? 'Online payment is off (PAYMENT_GATEWAY is not set); students see the UPI code only.'
              : `Students pay through ${GATEWAY_NAMES[data.gateway]}. Last webhook: ${when(data.lastWebhookAt)}.`}
          </Typography>
          {data.webhookSilent && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              Orders are open and no webhook has arrived for an hour. The gateway may have disabled the webhook: check
              it in the gateway’s dashboard. Paid orders are still recorded by the reconciler, minutes late.
            </Alert>
          )}
          <Section
            title="Orders"
            head={[
              'Created',
              'Student',
              'Enrolment no.',
              'Installment',
              'Amount',
              'State',
              'History',
              'Receipt',
              'Order',
            ]}
            empty="No orders yet."
            rows={data.orders.map((o) => [
              when(o.createdAt),
              o.name,
              o.enrollmentNumber,
              o.installmentNumber ? `No. ${o.installmentNumber}` : 'All overdue',
              formatRupees(o.amount),
              <Chip
                key="s"
                size="small"
                color={o.state === 'paid' ? 'success' : o.state === 'failed' ? 'error' : 'default'}
                label={ORDER_STATE_LABELS[o.state]}
              />,
              o.history.map((h) => `${ORDER_STATE_LABELS[h.state as OrderState] ?? h.state} ${when(h.at)}`).join(' → '),
              o.receiptNumber ?? '—',
              <code key="o">{o.orderId}</code>,
            ])}
          />
          <Section
            title="Refunds at the gateway"
            head={['Asked', 'Student', 'Enrolment no.', 'Receipt', 'Amount', 'State', 'Refund no.', 'Asked by']}
            empty="No refunds asked of the gateway yet."
            rows={data.refunds.map((r) => [
              when(r.requestedAt),
              r.name,
              r.enrollmentNumber,
              r.receiptNumber,
              formatRupees(r.amount),
              <Chip
                key="s"
                size="small"
                color={r.state === 'failed' ? 'error' : r.state === 'processed' ? 'success' : 'default'}
                label={REFUND_REQUEST_STATE_LABELS[r.state]}
              />,
              r.refundNumber ?? '—',
              r.requestedBy?.name ?? '—',
            ])}
          />
          <Section
            title="Events received"
            head={['Received', 'Event', 'Outcome', 'Order', 'Payment']}
            empty="No webhook events yet."
            rows={data.events.map((e) => [
              when(e.receivedAt),
              e.event,
              <Chip
                key="x"
                size="small"
                color={
                  e.outcome === 'unmatched' || e.outcome === 'refund_failed' || e.outcome === 'error'
                    ? 'warning'
                    : e.outcome === 'recorded' || e.outcome === 'refund_recorded'
                      ? 'success'
                      : 'default'
                }
                label={EVENT_OUTCOME_LABELS[e.outcome]}
              />,
              <code key="o">{e.orderId ?? '—'}</code>,
              <code key="p">{e.paymentId ?? '—'}</code>,
            ])}
          />
        </>
      )}
    </Box>
  );
}

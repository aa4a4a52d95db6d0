/**
 * The fees of one enrolment, for its detail page: totals (fee, paid,
 * outstanding, overdue) and the payment state; the schedule with each installment's state in words,
 * what it still owes, "Record payment" and, while nothing is paid on it, "Edit"; the payment history
 * with receipt numbers, voided payments struck through with their reason, and "Void"; "Send payment
 * reminder" and "Download fee statement" (a plain link: the login cookie authenticates the PDF).
 *
 *   <FeePanel enrollment={detail} />
 */
import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddCardOutlinedIcon from '@mui/icons-material/AddCardOutlined';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import type { EnrollmentDetail, Installment } from '@registrar/contract/enrollment-admin';
import { concessionSchema, refundSchema, type Concession, type Payment, type Refund } from '@registrar/contract/fees';
import { formatRupees } from '../../../shared/lib/money';
import { PAYMENT_MODE_LABELS } from '../../../shared/lib/enrollment-labels';
import { InstallmentStatusChip } from '../status-chip';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { feeStatementHref, receiptHref } from './api/fees-api';
import { StudentLinkButton } from './student-link-button';
import { EditInstallmentDialog } from './edit-installment-dialog';
import { isEditable, isOpen, owedOn, readPayments, refundableOn } from './fee-format';
import { PaymentReminderButton } from './payment-reminder-button';
import { PaymentStateChip } from './payment-state';
import { RecordPaymentDialog } from './record-payment-dialog';
import { VoidPaymentDialog } from './void-payment-dialog';
import { usePermissions } from '../../../shared/session/permissions';
import { ConcessionDialog, RefundDialog } from './money-dialogs';

/** Rows of the detail's loosely typed lists that read as `schema`; anything else is left out. */
function readAll<T>(
  schema: { safeParse: (v: unknown) => { success: boolean; data?: T } },
  raw: readonly unknown[] = [],
) {
  return raw.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data as T] : [];
  });
}

/** Payments cannot be recorded on these (the server answers 409). */
const CLOSED = new Set(['rejected', 'cancelled']);

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Totals({ enrollment: e }: { enrollment: EnrollmentDetail }) {
  const items: [string, ReactNode][] = [
    ['Total fee', formatRupees(e.totalFee)],
    ['Paid', formatRupees(e.paidAmount)],
    ...(e.concessionTotal > 0 ? ([['Concessions', formatRupees(e.concessionTotal)]] as [string, ReactNode][]) : []),
    ['Outstanding', formatRupees(e.outstanding)],
    ['Overdue', formatRupees(e.overdueAmount)],
  ];
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      {items.map(([label, value]) => (
        <Box
          key={label}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            px: 1.5,
            py: 1,
            minWidth: 0,
            ...(label === 'Overdue' && e.overdueAmount > 0 ? { borderColor: '#a1001c', borderWidth: 2 } : {}),
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 600, fontSize: '1.125rem', ...money }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function Schedule({
  enrollment: e,
  installments,
  closed,
  labelledBy,
  onPay,
  onEdit,
}: {
  enrollment: EnrollmentDetail;
  installments: Installment[];
  labelledBy: string;
  closed: boolean;
  onPay: (installment: Installment) => void;
  onEdit: (installment: Installment) => void;
}) {
  const allowed = usePermissions();
  if (installments.length === 0) return <Typography color="text.secondary">No fee schedule.</Typography>;
  return (
    // Scrolls sideways on a phone; focusable so the keyboard can scroll it too.
    // Positioned, so the visually hidden header text stays inside the scrolling box.
    <TableContainer
      tabIndex={0}
      role="region"
      aria-labelledby={labelledBy}
      sx={{ overflowX: 'auto', position: 'relative' }}
    >
      <Table size="small" aria-label="Fee schedule">
        <TableHead>
          <TableRow>
            <TableCell component="th" scope="col">
              No.
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Amount
            </TableCell>
            <TableCell component="th" scope="col">
              Due date
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Paid
            </TableCell>
            <TableCell component="th" scope="col" align="right">
              Outstanding
            </TableCell>
            <TableCell component="th" scope="col">
              Status
            </TableCell>
            <TableCell component="th" scope="col">
              <span className="visually-hidden">Actions</span>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {installments.map((row) => (
            <TableRow key={row._id}>
              <TableCell component="th" scope="row">
                {row.number}
              </TableCell>
              <TableCell align="right" sx={money}>
                {formatRupees(row.amount)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(row.dueDate)}</TableCell>
              <TableCell align="right" sx={money}>
                {formatRupees(row.paidAmount)}
              </TableCell>
              <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
                {formatRupees(owedOn(row))}
              </TableCell>
              <TableCell>
                <InstallmentStatusChip status={row.status} />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                  {isOpen(row) && !closed && allowed('fees.record') && (
                    <Button
                      size="small"
                      onClick={() => onPay(row)}
                      aria-label={`Record payment for installment ${row.number}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Record payment
                    </Button>
                  )}
                  {isEditable(row) && allowed('fees.record') && (
                    <Button size="small" onClick={() => onEdit(row)} aria-label={`Edit installment ${row.number}`}>
                      Edit
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
        <TableFooter>
          <TableRow>
            <TableCell component="th" scope="row" sx={{ color: 'text.primary', fontWeight: 600 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ ...money, color: 'text.primary', fontWeight: 600 }}>
              {formatRupees(e.totalFee)}
            </TableCell>
            <TableCell />
            <TableCell align="right" sx={{ ...money, color: 'text.primary', fontWeight: 600 }}>
              {formatRupees(e.paidAmount)}
            </TableCell>
            <TableCell align="right" sx={{ ...money, color: 'text.primary', fontWeight: 600 }}>
              {formatRupees(e.outstanding)}
            </TableCell>
            <TableCell colSpan={2} />
          </TableRow>
        </TableFooter>
      </Table>
    </TableContainer>
  );
}

function PaymentHistory({
  payments,
  onVoid,
  onRefund,
}: {
  payments: Payment[];
  onVoid: (payment: Payment) => void;
  onRefund: (payment: Payment) => void;
}) {
  const canVoid = usePermissions()('fees.void');
  const canRefund = usePermissions()('fees.refund');
  const canReceipt = usePermissions()('fees.statement');
  if (payments.length === 0) return <Typography color="text.secondary">No payments recorded yet.</Typography>;
  const sorted = [...payments].sort(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.receiptNumber.localeCompare(a.receiptNumber),
  );
  return (
    <Box component="ul" aria-label="Payments, newest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {sorted.map((p) => {
        const Strike = p.voided ? 'del' : 'span';
        return (
          <Box
            component="li"
            key={p._id}
            sx={{
              py: 1.5,
              borderTop: 1,
              borderColor: 'divider',
              display: 'flex',
              gap: 1,
              flexWrap: 'wrap',
              alignItems: 'flex-start',
            }}
          >
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography
                  component={Strike}
                  sx={{ fontWeight: 600, ...money, color: p.voided ? 'text.secondary' : 'text.primary' }}
                >
                  {p.receiptNumber}
                </Typography>
                <Typography component={Strike} sx={{ ...money, color: p.voided ? 'text.secondary' : 'text.primary' }}>
                  {formatRupees(p.amount)}
                </Typography>
                <Typography component="span" color="text.secondary">
                  {PAYMENT_MODE_LABELS[p.paymentMode]}
                </Typography>
                {p.voided && (
                  <Chip
                    label="Voided"
                    size="small"
                    variant="outlined"
                    sx={{ color: '#a1001c', bgcolor: '#fde8ea', borderColor: '#efa3ad', fontWeight: 600 }}
                  />
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Installment {p.installmentNumber} · paid on {formatDate(p.paidOn)}
                {p.reference ? ` · reference ${p.reference}` : ''}
              </Typography>
              {p.note && (
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {p.note}
                </Typography>
              )}
              {p.refunded > 0 && (
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {formatRupees(p.refunded)} refunded
                </Typography>
              )}
              {p.voided && (
                <Typography variant="body2" sx={{ color: '#a1001c', overflowWrap: 'anywhere' }}>
                  Voided{p.voidedAt ? ` on ${formatDateTime(p.voidedAt)}` : ''}: {p.voidReason ?? 'no reason given'}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                Recorded <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
                {p.recordedBy ? ` by ${p.recordedBy.name}` : ''}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5}>
              {canReceipt && (
                <Button
                  size="small"
                  href={receiptHref(p._id)}
                  download
                  aria-label={`Download receipt ${p.receiptNumber}`}
                >
                  Receipt
                </Button>
              )}
              {canRefund && refundableOn(p) > 0 && (
                <Button size="small" onClick={() => onRefund(p)} aria-label={`Refund receipt ${p.receiptNumber}`}>
                  Refund
                </Button>
              )}
              {/* A payment with refunds stays with them; the server refuses to void it. */}
              {canVoid && !p.voided && p.refunded === 0 && (
                <Button
                  size="small"
                  color="error"
                  onClick={() => onVoid(p)}
                  aria-label={`Void receipt ${p.receiptNumber}`}
                >
                  Void
                </Button>
              )}
            </Stack>
          </Box>
        );
      })}
    </Box>
  );
}

function RefundsAndConcessions({ refunds, concessions }: { refunds: Refund[]; concessions: Concession[] }) {
  if (refunds.length === 0 && concessions.length === 0) return null;
  const line = { py: 1.5, borderTop: 1, borderColor: 'divider' } as const;
  return (
    <Box component="ul" aria-label="Refunds and concessions, newest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {[
        ...refunds.map((r) => ({ at: r.createdAt, key: r._id, refund: r, concession: null })),
        ...concessions.map((c) => ({ at: c.createdAt, key: c._id, refund: null, concession: c })),
      ]
        .sort((a, b) => b.at.localeCompare(a.at))
        .map(({ key, refund: r, concession: c }) => (
          <Box component="li" key={key} sx={line}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Chip label={r ? 'Refund' : 'Concession'} size="small" variant="outlined" />
              {r && <Typography sx={{ fontWeight: 600, ...money }}>{r.refundNumber}</Typography>}
              <Typography sx={money}>{formatRupees((r ?? c)!.amount)}</Typography>
              {r && (
                <Typography component="span" color="text.secondary">
                  {PAYMENT_MODE_LABELS[r.paymentMode]}
                </Typography>
              )}
            </Stack>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {r ? `Of receipt ${r.receiptNumber} · refunded on ${formatDate(r.refundedOn)} · ` : ''}
              Reason: {(r ?? c)!.reason}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Recorded <time dateTime={(r ?? c)!.createdAt}>{formatDateTime((r ?? c)!.createdAt)}</time>
              {(r ?? c)!.recordedBy ? ` by ${(r ?? c)!.recordedBy!.name}` : ''}
            </Typography>
          </Box>
        ))}
    </Box>
  );
}

export function FeePanel({ enrollment }: { enrollment: EnrollmentDetail }) {
  const ids = { title: useId(), schedule: useId(), payments: useId(), adjustments: useId() };
  const e = enrollment;
  const installments = [...e.installments].sort((a, b) => a.number - b.number);
  const payments = readPayments(e.payments);
  const closed = CLOSED.has(e.status);
  const owing = installments.some(isOpen);
  const [paying, setPaying] = useState<{ key: number; open: boolean; installmentId?: string | undefined }>({
    key: 0,
    open: false,
  });
  const [editing, setEditing] = useState<{ key: number; installment: Installment | null }>({
    key: 0,
    installment: null,
  });
  const [voiding, setVoiding] = useState<Payment | null>(null);
  const refunds = readAll<Refund>(refundSchema, e.refunds);
  const concessions = readAll<Concession>(concessionSchema, e.concessions);
  const [refunding, setRefunding] = useState<{ key: number; payment: Payment | null }>({ key: 0, payment: null });
  const [conceding, setConceding] = useState<{ key: number; open: boolean }>({ key: 0, open: false });

  const allowed = usePermissions();
  const pay = (installmentId?: string) => setPaying((s) => ({ key: s.key + 1, open: true, installmentId }));

  return (
    <Paper component="section" variant="outlined" aria-labelledby={ids.title} sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Stack
        direction="row"
        spacing={1.5}
        useFlexGap
        sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}
      >
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center' }}>
          <Typography id={ids.title} component="h2" variant="h6">
            Fees
          </Typography>
          <PaymentStateChip state={e.paymentState} />
        </Stack>
      </Stack>

      <Stack spacing={3}>
        <Totals enrollment={e} />

        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          {allowed('fees.record') && (
            <Button
              variant="contained"
              startIcon={<AddCardOutlinedIcon />}
              onClick={() => pay()}
              disabled={closed || !owing}
            >
              Record payment
            </Button>
          )}
          {allowed('fees.concession') && (
            <Button
              variant="outlined"
              onClick={() => setConceding((s) => ({ key: s.key + 1, open: true }))}
              disabled={closed || e.outstanding <= 0}
            >
              Give concession
            </Button>
          )}
          {allowed('fees.remind') && <PaymentReminderButton enrollmentId={e._id} nothingOwed={e.outstanding <= 0} />}
          {allowed('announcements.send') && !e.erasedAt && <StudentLinkButton enrollmentId={e._id} />}
          {allowed('fees.statement') && (
            <Button variant="outlined" startIcon={<PictureAsPdfOutlinedIcon />} href={feeStatementHref(e._id)} download>
              Download fee statement
            </Button>
          )}
        </Stack>
        {closed && (
          <Alert severity="info">This enrolment is {e.status}: payments can no longer be recorded against it.</Alert>
        )}

        <Box component="section" aria-labelledby={ids.schedule}>
          <Typography id={ids.schedule} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Schedule
          </Typography>
          <Schedule
            enrollment={e}
            installments={installments}
            labelledBy={ids.schedule}
            closed={closed}
            onPay={(installment) => pay(installment._id)}
            onEdit={(installment) => setEditing((s) => ({ key: s.key + 1, installment }))}
          />
        </Box>

        <Box component="section" aria-labelledby={ids.payments}>
          <Typography id={ids.payments} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
            Payments
          </Typography>
          <PaymentHistory
            payments={payments}
            onVoid={setVoiding}
            onRefund={(payment) => setRefunding((s) => ({ key: s.key + 1, payment }))}
          />
        </Box>

        {(refunds.length > 0 || concessions.length > 0) && (
          <Box component="section" aria-labelledby={ids.adjustments}>
            <Typography id={ids.adjustments} component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
              Refunds and concessions
            </Typography>
            <RefundsAndConcessions refunds={refunds} concessions={concessions} />
          </Box>
        )}
      </Stack>

      <RecordPaymentDialog
        key={`pay-${paying.key}`}
        open={paying.open}
        enrollmentId={e._id}
        installments={installments}
        installmentId={paying.installmentId}
        onClose={() => setPaying((s) => ({ ...s, open: false }))}
      />
      {editing.installment && (
        <EditInstallmentDialog
          key={`edit-${editing.key}`}
          open
          enrollmentId={e._id}
          installment={editing.installment}
          onClose={() => setEditing((s) => ({ ...s, installment: null }))}
        />
      )}
      <VoidPaymentDialog enrollmentId={e._id} payment={voiding} onClose={() => setVoiding(null)} />
      {refunding.payment && (
        <RefundDialog
          key={`refund-${refunding.key}`}
          open
          enrollmentId={e._id}
          payment={refunding.payment}
          onClose={() => setRefunding((s) => ({ ...s, payment: null }))}
        />
      )}
      {conceding.open && (
        <ConcessionDialog
          key={`concession-${conceding.key}`}
          open
          enrollmentId={e._id}
          outstanding={e.outstanding}
          onClose={() => setConceding((s) => ({ ...s, open: false }))}
        />
      )}
    </Paper>
  );
}

/**
 * The payments of an enrolment, newest first: receipt number, amount, mode, installment, date,
 * references and cheque state; voided ones struck through with their reason. Beside each, its
 * documents (download, print, WhatsApp) and the money actions the role allows: cheque cleared or
 * bounced, invoice, refund, void.
 */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { alpha } from '@mui/material/styles';
import type { ChequeOutcome } from '@registrar/contract/cheques';
import { PAYMENT_MODE_NAMES } from '@registrar/contract/constants';
import type { Payment } from '@registrar/contract/fees';
import type { Language } from '@registrar/contract/language';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatRupees } from '../../../shared/lib/money';
import { usePermissions } from '../../../shared/session/permissions';
import { invoiceHref } from './api/fees-api';
import { ChequeLine } from './cheque-line';
import { money, refundableOn } from './fee-format';
import { ReceiptActions } from './receipt-actions';

export function PaymentHistory({
  enrollmentId,
  payments,
  shareable,
  receiptLanguage,
  onVoid,
  onRefund,
  onCheque,
}: {
  enrollmentId: string;
  payments: Payment[];
  /** The student's data is still held: a receipt can go to their phone. */
  shareable: boolean;
  /** The language staff chose for the receipts they download or print. */
  receiptLanguage: Language;
  onVoid: (payment: Payment) => void;
  onRefund: (payment: Payment) => void;
  onCheque: (payment: Payment, state: ChequeOutcome) => void;
}) {
  const canRecord = usePermissions()('fees.record');
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
                  {PAYMENT_MODE_NAMES[p.paymentMode]}
                </Typography>
                {p.source === 'import' && (
                  <Chip
                    label="Imported"
                    size="small"
                    variant="outlined"
                    title="From the institute’s earlier records: the receipt number is theirs"
                  />
                )}
                {p.voided && (
                  <Chip
                    label="Voided"
                    size="small"
                    variant="outlined"
                    sx={{
                      color: 'error.dark',
                      bgcolor: (theme) => alpha(theme.palette.error.main, 0.08),
                      borderColor: 'error.light',
                      fontWeight: 600,
                    }}
                  />
                )}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                Installment {p.installmentNumber} · paid on {formatDate(p.paidOn)}
                {p.reference ? ` · reference ${p.reference}` : ''}
                {p.utr ? ` · UTR ${p.utr}` : ''}
              </Typography>
              {p.chequeState && <ChequeLine payment={p} />}
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
                <Typography variant="body2" sx={{ color: 'error.dark', overflowWrap: 'anywhere' }}>
                  Voided{p.voidedAt ? ` on ${formatDateTime(p.voidedAt)}` : ''}: {p.voidReason ?? 'no reason given'}
                </Typography>
              )}
              <Typography variant="body2" color="text.secondary">
                Recorded <time dateTime={p.createdAt}>{formatDateTime(p.createdAt)}</time>
                {p.recordedBy ? ` by ${p.recordedBy.name}` : ''}
              </Typography>
            </Box>
            <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canReceipt && (
                <ReceiptActions
                  enrollmentId={enrollmentId}
                  payment={p}
                  shareable={shareable}
                  language={receiptLanguage}
                />
              )}
              {canRecord && p.chequeState === 'received' && !p.voided && (
                <>
                  <Button
                    size="small"
                    onClick={() => onCheque(p, 'cleared')}
                    aria-label={`Cheque of ${p.receiptNumber} cleared`}
                  >
                    Cleared
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    onClick={() => onCheque(p, 'bounced')}
                    aria-label={`Cheque of ${p.receiptNumber} bounced`}
                  >
                    Bounced
                  </Button>
                </>
              )}
              {canReceipt && p.invoiceNumber && (
                <Button
                  size="small"
                  href={invoiceHref(p._id)}
                  download
                  aria-label={`Download invoice ${p.invoiceNumber}`}
                >
                  Invoice
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

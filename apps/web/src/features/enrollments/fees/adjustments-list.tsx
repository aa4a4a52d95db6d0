/** Refunds and concessions of an enrolment, newest first: each with its effect, reason, who recorded it and its documents. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { PAYMENT_MODE_NAMES } from '@registrar/contract/constants';
import { REFUND_EFFECT_LABELS, type Concession, type Refund } from '@registrar/contract/fees';
import type { Language } from '@registrar/contract/language';
import { formatDate, formatDateTime } from '../../../shared/lib/format-date';
import { formatRupees } from '../../../shared/lib/money';
import { usePermissions } from '../../../shared/session/permissions';
import { creditNoteHref, refundVoucherHref } from './api/fees-api';
import { money } from './fee-format';

export function AdjustmentsList({
  refunds,
  concessions,
  documentLanguage,
}: {
  refunds: Refund[];
  concessions: Concession[];
  /** The vouchers download in the language chosen for the receipts. */
  documentLanguage: Language;
}) {
  const canVoucher = usePermissions()('fees.statement');
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
              {r?.creditNoteNumber && (
                <Link href={creditNoteHref(r._id)} download aria-label={`Download credit note ${r.creditNoteNumber}`}>
                  Credit note {r.creditNoteNumber}
                </Link>
              )}
              <Typography sx={money}>{formatRupees((r ?? c)!.amount)}</Typography>
              {r && (
                <Typography component="span" color="text.secondary">
                  {PAYMENT_MODE_NAMES[r.paymentMode]} · {REFUND_EFFECT_LABELS[r.effect]}
                </Typography>
              )}
              {r && canVoucher && (
                <Button
                  size="small"
                  href={refundVoucherHref(r._id, documentLanguage)}
                  download
                  aria-label={`Download refund voucher ${r.refundNumber}`}
                >
                  Voucher
                </Button>
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

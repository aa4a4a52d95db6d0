/**
 * Refunds of online payments asked of the gateway, newest first: each with its state in words.
 * A failed one stays here as failed (nothing entered the ledger); a processed one names the
 * ledger's refund, which the list of refunds shows with its voucher.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  REFUND_EFFECT_LABELS,
  REFUND_REQUEST_STATE_LABELS,
  type RefundRequest,
  type RefundRequestState,
} from '@registrar/contract/fees';
import { formatRupees } from '../../../shared/lib/money';
import { formatDateTime } from '../../../shared/lib/format-date';

const CHIP_COLOURS: Record<RefundRequestState, 'default' | 'info' | 'success' | 'error'> = {
  requested: 'default',
  pending: 'info',
  processed: 'success',
  failed: 'error',
};

export function GatewayRefundList({ requests }: { requests: RefundRequest[] }) {
  const line = { py: 1.5, borderTop: 1, borderColor: 'divider' } as const;
  return (
    <Box component="ul" aria-label="Refunds at the gateway, newest first" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {requests.map((r) => (
        <Box component="li" key={r._id} sx={line}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip label={REFUND_REQUEST_STATE_LABELS[r.state]} size="small" color={CHIP_COLOURS[r.state]} />
            <Typography sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {formatRupees(r.amount)}
            </Typography>
            <Typography component="span" color="text.secondary">
              Of receipt {r.receiptNumber} · {REFUND_EFFECT_LABELS[r.effect]}
              {r.refundNumber ? ` · recorded as ${r.refundNumber}` : ''}
            </Typography>
          </Stack>
          {r.state === 'failed' && (
            <Alert severity="error" sx={{ mt: 1 }}>
              The gateway could not make this refund; nothing was refunded and the ledger is unchanged. Refund again, or
              give the money back another way and record that.
            </Alert>
          )}
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            Reason: {r.reason}
            {r.note && r.state !== 'failed' ? ` · ${r.note}` : ''}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Asked <time dateTime={r.requestedAt}>{formatDateTime(r.requestedAt)}</time>
            {r.requestedBy ? ` by ${r.requestedBy.name}` : ''}
            {r.gatewayRefundId ? ` · gateway refund ${r.gatewayRefundId}` : ''}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

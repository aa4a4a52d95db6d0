/** A cheque payment's details and where it stands: received and waiting, cleared or bounced (with the day). */
import Typography from '@mui/material/Typography';
import { CHEQUE_STATE_LABELS } from '@registrar/contract/cheques';
import type { Payment } from '@registrar/contract/fees';
import { formatDate } from '../../../shared/lib/format-date';
import { toneText } from '../../../shared/ui/tones';

export function ChequeLine({ payment: p }: { payment: Payment }) {
  if (!p.chequeState) return null;
  const details = [
    p.chequeNumber ? `Cheque ${p.chequeNumber}` : 'Cheque',
    p.bankName,
    p.chequeDate ? `dated ${formatDate(p.chequeDate)}` : null,
  ].filter(Boolean);
  return (
    <Typography
      variant="body2"
      sx={{
        fontWeight: 600,
        color:
          p.chequeState === 'bounced'
            ? toneText.error
            : p.chequeState === 'received'
              ? toneText.warning
              : 'text.secondary',
      }}
    >
      {details.join(' · ')} · {CHEQUE_STATE_LABELS[p.chequeState]}
      {p.chequeStateOn ? ` on ${formatDate(p.chequeStateOn)}` : ''}
    </Typography>
  );
}

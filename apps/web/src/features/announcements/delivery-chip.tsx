/**
 * An announcement's delivery state as a chip (queued, sending, sent, failed). The word
 * carries the meaning; the tint only repeats it, dark text on light at WCAG AA contrast.
 */
import Chip from '@mui/material/Chip';
import type { SxProps, Theme } from '@mui/material/styles';
import { DELIVERY_STATES } from '@registrar/contract/announcement';
import { toneSx } from '../../shared/ui/tones';

export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DELIVERY_LABELS: Record<DeliveryState, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

const TINTS: Record<DeliveryState, SxProps<Theme>> = {
  queued: { color: '#45435a', bgcolor: '#f1f0f5', borderColor: '#b9b6c9' },
  sending: { color: '#0b3d91', bgcolor: '#e3eefc', borderColor: '#9dbff0' },
  sent: { color: '#1b5e20', bgcolor: '#e1f3e4', borderColor: '#94cf9d' },
  failed: toneSx('error'),
};

export function DeliveryChip({ state }: { state: DeliveryState }) {
  return (
    <Chip
      label={DELIVERY_LABELS[state]}
      size="small"
      variant="outlined"
      sx={[TINTS[state], { fontWeight: 600 }] as SxProps<Theme>}
    />
  );
}

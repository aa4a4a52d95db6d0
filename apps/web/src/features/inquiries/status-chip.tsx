/**
 * An inquiry's status as a chip, and the 'possible duplicate' badge. Colours are set
 * here rather than taken from the theme's info/warning palette, whose text on white or white on
 * them does not reach WCAG AA contrast (4.5:1); each pair below is 6.8:1 or better.
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '@registrar/contract/inquiry-admin';

const COLOURS: Record<InquiryStatus, { color: string; bgcolor: string; borderColor: string }> = {
  new: { color: '#0b3d91', bgcolor: '#e3eefc', borderColor: '#9dbff0' },
  contacted: { color: '#4a00b0', bgcolor: '#efe6fd', borderColor: '#c3a6f5' },
  follow_up: { color: '#6b4400', bgcolor: '#fff3d1', borderColor: '#e8c36a' },
  converted: { color: '#1b5e20', bgcolor: '#e1f3e4', borderColor: '#94cf9d' },
  closed: { color: '#45435a', bgcolor: '#f1f0f5', borderColor: '#b9b6c9' },
};

export function StatusChip({ status, size = 'small' }: { status: InquiryStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={INQUIRY_STATUS_LABELS[status]}
      size={size}
      variant="outlined"
      sx={{ ...COLOURS[status], fontWeight: 600 }}
    />
  );
}

export const DUPLICATE_COLOURS = { color: '#7a3500', bgcolor: '#fff4e5', borderColor: '#e0a060' } as const;

export function DuplicateBadge({ size = 'small' }: { size?: ChipProps['size'] }) {
  return (
    <Chip label="Possible duplicate" variant="outlined" size={size} sx={{ ...DUPLICATE_COLOURS, fontWeight: 600 }} />
  );
}

/** An inquiry's status as a chip, and the 'possible duplicate' badge (DESIGN §5). */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from '@registrar/contract/inquiry-admin';

const COLOURS: Record<InquiryStatus, ChipProps['color']> = {
  new: 'info',
  contacted: 'primary',
  follow_up: 'warning',
  converted: 'success',
  closed: 'default',
};

export function StatusChip({ status, size = 'small' }: { status: InquiryStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={INQUIRY_STATUS_LABELS[status]}
      color={COLOURS[status]}
      size={size}
      variant={status === 'closed' ? 'outlined' : 'filled'}
    />
  );
}

export function DuplicateBadge({ size = 'small' }: { size?: ChipProps['size'] }) {
  return <Chip label="Possible duplicate" color="warning" variant="outlined" size={size} />;
}

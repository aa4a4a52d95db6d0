/**
 * An enrolment's status, and an installment's, as chips. Tinted backgrounds with dark
 * text, so every chip reads at WCAG AA contrast (MUI's filled warning and info chips do not).
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import { alpha, type SxProps, type Theme } from '@mui/material/styles';
import {
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentStatus,
  type InstallmentStatus,
} from '@registrar/contract/enrollment-admin';
import { toneSx } from '../../shared/ui/tones';

const hexTint = (bg: string, fg: string): SxProps<Theme> => ({
  bgcolor: bg,
  color: fg,
  border: `1px solid ${alpha(fg, 0.2)}`,
});

const GREY = hexTint('#eeeeee', '#3d3b4a');
// Amber and red from the theme's warning and error palettes (tones.ts keeps their text at AA).
const AMBER: SxProps<Theme> = [{ border: 1 }, toneSx('warning')] as SxProps<Theme>;
const GREEN = hexTint('#e3f3e5', '#1b5e20');
const RED: SxProps<Theme> = [{ border: 1 }, toneSx('error')] as SxProps<Theme>;
const VIOLET = hexTint('#ede5fb', '#4a00b0');
const BLUE = hexTint('#e2effb', '#0b4a8b');

const STATUS_TINTS: Record<EnrollmentStatus, SxProps<Theme>> = {
  pending: AMBER,
  approved: GREEN,
  rejected: RED,
  cancelled: GREY,
  completed: VIOLET,
};

const tinted = (tint: SxProps<Theme>) => [tint, { fontWeight: 600 }].flat() as SxProps<Theme>;

export function EnrollmentStatusChip({
  status,
  size = 'small',
}: {
  status: EnrollmentStatus;
  size?: ChipProps['size'];
}) {
  return <Chip label={ENROLLMENT_STATUS_LABELS[status]} size={size} sx={tinted(STATUS_TINTS[status])} />;
}

export const INSTALLMENT_STATUS_LABELS: Record<InstallmentStatus, string> = {
  unpaid: 'Unpaid',
  partial: 'Part paid',
  paid: 'Paid',
  overdue: 'Overdue',
};

const INSTALLMENT_TINTS: Record<InstallmentStatus, SxProps<Theme>> = {
  unpaid: GREY,
  partial: BLUE,
  paid: GREEN,
  overdue: RED,
};

export function InstallmentStatusChip({ status }: { status: InstallmentStatus }) {
  return <Chip label={INSTALLMENT_STATUS_LABELS[status]} size="small" sx={tinted(INSTALLMENT_TINTS[status])} />;
}

/**
 * An enrolment's status, and an installment's, as chips. Tinted backgrounds with dark
 * text, so every chip reads at WCAG AA contrast (MUI's filled warning and info chips do not).
 */
import Chip, { type ChipProps } from '@mui/material/Chip';
import {
  ENROLLMENT_STATUS_LABELS,
  type EnrollmentStatus,
  type InstallmentStatus,
} from '@registrar/contract/enrollment-admin';

interface Tint {
  bg: string;
  fg: string;
}

const GREY: Tint = { bg: '#eeeeee', fg: '#3d3b4a' };
const AMBER: Tint = { bg: '#fff1dc', fg: '#7a3f00' };
const GREEN: Tint = { bg: '#e3f3e5', fg: '#1b5e20' };
const RED: Tint = { bg: '#fde8ea', fg: '#a1001c' };
const VIOLET: Tint = { bg: '#ede5fb', fg: '#4a00b0' };
const BLUE: Tint = { bg: '#e2effb', fg: '#0b4a8b' };

const STATUS_TINTS: Record<EnrollmentStatus, Tint> = {
  pending: AMBER,
  approved: GREEN,
  rejected: RED,
  cancelled: GREY,
  completed: VIOLET,
};

const tinted = ({ bg, fg }: Tint) => ({ bgcolor: bg, color: fg, fontWeight: 600, border: `1px solid ${fg}33` });

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

const INSTALLMENT_TINTS: Record<InstallmentStatus, Tint> = { unpaid: GREY, partial: BLUE, paid: GREEN, overdue: RED };

export function InstallmentStatusChip({ status }: { status: InstallmentStatus }) {
  return <Chip label={INSTALLMENT_STATUS_LABELS[status]} size="small" sx={tinted(INSTALLMENT_TINTS[status])} />;
}

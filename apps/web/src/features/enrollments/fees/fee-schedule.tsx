/**
 * The installments of an enrolment as a table: amount, due date, paid, outstanding and state, with
 * "Record payment" while one is open and "Edit" while nothing is paid on it. Below `sm` each
 * installment is a card instead, so no money or state leaves a phone's screen.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { installmentLabel, type EnrollmentDetail, type Installment } from '@registrar/contract/enrollment-admin';
import { formatDate } from '../../../shared/lib/format-date';
import { formatRupees } from '../../../shared/lib/money';
import { usePermissions } from '../../../shared/session/permissions';
import { InstallmentStatusChip } from '../status-chip';
import { isEditable, isOpen, money, owedOn } from './fee-format';
import { FeeScheduleCards } from './fee-schedule-cards';

export function FeeSchedule({
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
  // Known on the first render (no server rendering here), so a phone never lays the table out.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const canPay = (row: Installment) => isOpen(row) && !closed && allowed('fees.collect');
  const canEdit = (row: Installment) => isEditable(row) && allowed('fees.record');
  if (installments.length === 0) return <Typography color="text.secondary">No fee schedule.</Typography>;
  if (phone)
    return (
      <FeeScheduleCards installments={installments} canPay={canPay} canEdit={canEdit} onPay={onPay} onEdit={onEdit} />
    );
  return (
    // Focusable so the keyboard can scroll it if a narrow window makes it wider than its box.
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
                {row.charge ? installmentLabel(row) : row.number}
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
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  {canPay(row) && (
                    <Button
                      size="small"
                      onClick={() => onPay(row)}
                      aria-label={`Record payment for ${installmentLabel(row).toLowerCase()}`}
                      sx={{ whiteSpace: 'nowrap' }}
                    >
                      Record payment
                    </Button>
                  )}
                  {canEdit(row) && (
                    <Button
                      size="small"
                      onClick={() => onEdit(row)}
                      aria-label={`Edit ${installmentLabel(row).toLowerCase()}`}
                    >
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

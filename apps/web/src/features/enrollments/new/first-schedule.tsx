/**
 * The fee schedule a new enrolment will start with, shown before saving: the same planning
 * function as the server (contract `fee-plan`), so what is shown is what the save records.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PAYMENT_METHODS, type PaymentMethod } from '@registrar/contract/constants';
import { localIsoDate } from '@registrar/contract/enrollment';
import { planOwedSchedule, rateAddedOnTopBp } from '@registrar/contract/fee-plan';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { paise } from '../fees/fee-format';
import { gstIn, taxTermsOf, type PreviewCourse } from '../fees/schedule-preview';

const rupees = (p: number) => formatRupees(p / 100);

export function FirstSchedule({
  course,
  paymentMethod,
  startDate,
  gstOn,
}: {
  course: PreviewCourse | undefined;
  paymentMethod: string;
  startDate: string;
  /** Undefined while not known: a tax-exclusive course's amounts then wait. */
  gstOn: boolean | undefined;
}) {
  const method = (PAYMENT_METHODS as readonly string[]).includes(paymentMethod)
    ? (paymentMethod as PaymentMethod)
    : undefined;
  const waiting = !course || !method || (gstOn === undefined && rateAddedOnTopBp(taxTermsOf(course), true) > 0);
  if (waiting)
    return (
      <Alert severity="info" role="status" aria-label="Fee schedule">
        Choose the course and the payment method to see the fee schedule.
      </Alert>
    );
  const firstDue = startDate || localIsoDate();
  const schedule = planOwedSchedule(
    { pricePaise: paise(course.price), emiPricePaise: course.emiPrice.map(paise), ...taxTermsOf(course) },
    method,
    firstDue,
    gstOn === true,
  );
  const rateBp = rateAddedOnTopBp(taxTermsOf(course), gstOn === true);
  const total = schedule.reduce((t, r) => t + r.amountPaise, 0);
  const gstTotal = schedule.reduce((t, r) => t + gstIn(r.amountPaise, rateBp), 0);
  return (
    <Alert severity="info" role="status" aria-label="Fee schedule">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Fee schedule: {schedule.length} installment{schedule.length === 1 ? '' : 's'}, {rupees(total)} in all
        {rateBp > 0 ? `, incl. ${rupees(gstTotal)} GST at ${rateBp / 100}% on top of the course price` : ''}
        {startDate ? '' : ' (due dates from today until the joining date is chosen)'}.
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {schedule.map((r) => (
          <li key={r.number}>
            Installment {r.number}: {rupees(r.amountPaise)} due {formatDate(r.dueDate)}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

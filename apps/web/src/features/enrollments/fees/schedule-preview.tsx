/**
 * What an enrolment edit will do to the fee schedule, shown before saving. It runs the same
 * re-planning function as the server (contract `fee-plan`), so the preview is what the save does:
 * a new joining date moves the due dates of installments not paid in full; a new course or payment
 * method rebuilds the schedule and carries what was paid over, oldest installment first; more paid
 * than the new total is refused until a refund is recorded. A tax-exclusive course's installments
 * carry the GST on top while GST is on, so the amounts are what the student will be charged.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { PaymentMethod } from '@registrar/contract/constants';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { planOwedSchedule, rateAddedOnTopBp, replanSchedule } from '@registrar/contract/fee-plan';
import { rateToBasisPoints, splitTax } from '@registrar/contract/gst';
import { formatRupees } from '../../../shared/lib/money';
import { formatDate } from '../../../shared/lib/format-date';
import { paise } from './fee-format';

const rupees = (p: number) => formatRupees(p / 100);

export interface SchedulePreviewProps {
  enrollment: EnrollmentDetail;
  values: { courseId: string; paymentMethod: string; startDate: string };
  courses: readonly PreviewCourse[];
  /** The institute charges GST (a tax-exclusive course then adds it on top); undefined: not known yet. */
  gstOn: boolean | undefined;
}

export type PreviewCourse = {
  _id: string;
  price: number;
  emiPrice: number[];
  gstRate: number;
  taxInclusive: boolean;
  gstExempt: boolean;
};

export const taxTermsOf = (c: PreviewCourse) => ({
  taxInclusive: c.taxInclusive,
  gstExempt: c.gstExempt,
  gstRateBp: rateToBasisPoints(c.gstRate),
});

/** The GST inside an installment the student is charged (taken out by the invoices' own split). */
export const gstIn = (amountPaise: number, rateBp: number) =>
  amountPaise - splitTax(amountPaise, rateBp, false).taxablePaise;

export function SchedulePreview({ enrollment: e, values, courses, gstOn }: SchedulePreviewProps) {
  const scheduleChanged = values.courseId !== e.courseId || values.paymentMethod !== e.paymentMethod;
  const dateChanged = (values.startDate || null) !== (e.startDate || null);
  if (!scheduleChanged && !dateChanged) return null;
  const course = courses.find((c) => c._id === values.courseId);
  // Until GST is known a tax-exclusive course's amounts are not, so none is shown.
  const amountsUnknown = course && gstOn === undefined && rateAddedOnTopBp(taxTermsOf(course), true) > 0;
  if (scheduleChanged && (!course || amountsUnknown))
    return (
      <Alert severity="info" role="status">
        The fee schedule will be rebuilt from the course when you save; every payment keeps its receipt.
      </Alert>
    );
  const firstDue = values.startDate || e.createdAt.slice(0, 10);
  const result = replanSchedule({
    current: [...e.installments]
      .sort((a, b) => a.number - b.number)
      .map((i) => ({
        number: i.number,
        amountPaise: paise(i.amount),
        dueDate: i.dueDate,
        paidPaise: paise(i.paidAmount),
      })),
    netPaidPaise: paise(e.paidAmount),
    concessionPaise: paise(e.concessionTotal),
    scheduleChanged,
    dateChanged,
    firstDue,
    plan: () =>
      planOwedSchedule(
        { pricePaise: paise(course!.price), emiPricePaise: course!.emiPrice.map(paise), ...taxTermsOf(course!) },
        values.paymentMethod as PaymentMethod,
        firstDue,
        gstOn === true,
      ),
  });
  if (result.kind === 'none') return null;
  if (result.kind === 'paidTooMuch')
    return (
      <Alert severity="error" role="status">
        {rupees(result.paidPaise)} has been paid, more than the new schedule&apos;s {rupees(result.newTotalPaise)}: this
        change will be refused. Record a refund first.
      </Alert>
    );
  if (result.kind === 'dates') {
    const moved = result.schedule.filter((r) => r.movedFrom);
    return (
      <Alert severity="info" role="status">
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {moved.length ? 'These due dates move:' : 'No due date moves: every installment is paid in full.'}
        </Typography>
        {moved.length > 0 && (
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {moved.map((r) => (
              <li key={r.number}>
                Installment {r.number}: {formatDate(r.movedFrom!)} → {formatDate(r.dueDate)}
              </li>
            ))}
          </Box>
        )}
        <Typography variant="body2">
          Installments paid in full keep their dates; every payment stays as it is.
        </Typography>
      </Alert>
    );
  }
  const total = result.schedule.reduce((t, r) => t + r.amountPaise, 0);
  const rateBp = course ? rateAddedOnTopBp(taxTermsOf(course), gstOn === true) : 0;
  const gstNote = (amountPaise: number) => (rateBp > 0 ? ` (incl. ${rupees(gstIn(amountPaise, rateBp))} GST)` : '');
  const gstTotal = result.schedule.reduce((t, r) => t + gstIn(r.amountPaise, rateBp), 0);
  return (
    <Alert severity="info" role="status">
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        The schedule is rebuilt: {result.schedule.length} installment{result.schedule.length === 1 ? '' : 's'},{' '}
        {rupees(total)} in all
        {e.concessionTotal > 0 ? ` after ${formatRupees(e.concessionTotal)} of concessions` : ''}
        {rateBp > 0 ? `, incl. ${rupees(gstTotal)} GST at ${rateBp / 100}% on top of the course price` : ''}.
        {result.carriedPaise > 0
          ? ` ${rupees(result.carriedPaise)} already paid is carried over, oldest installment first; every receipt keeps its number.`
          : ''}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {result.schedule.map((r) => (
          <li key={r.number}>
            Installment {r.number}: {rupees(r.amountPaise)}
            {gstNote(r.amountPaise)} due {formatDate(r.dueDate)}
            {r.paidPaise > 0 ? `, ${rupees(r.paidPaise)} paid` : ''}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

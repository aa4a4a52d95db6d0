/**
 * The columns of the admin's own file and the field each holds: proposed by the server (or the
 * mapping kept for this header), shown with a sample value, changed with one select per field.
 */
import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ImportColumns, ImportMapping } from '@registrar/contract/import-mapping';

/** What each field is called on screen. */
export const FIELD_LABELS: Record<string, string> = {
  externalId: 'Your id for the student',
  name: 'Name',
  email: 'Email',
  phoneNumber: 'Phone',
  alterNativePhoneNumber: 'Other phone',
  currentAddress: 'Address',
  permanentAddress: 'Permanent address',
  course: 'Course',
  paymentMethod: 'Installments or full payment',
  paymentMode: 'Payment mode',
  startDate: 'Joining date',
  endDate: 'End date',
  currentlyWorking: 'Company, college, university or other',
  currentlyWorkingPlace: 'Company or college name',
  currentSem: 'Semester',
  designation: 'Designation',
  status: 'Status',
  enrolledOn: 'Enrolled on',
  state: 'State code',
  amountPaid: 'Amount paid so far',
  paidOn: 'Paid on',
  paidMode: 'Paid by (mode)',
  receiptNumber: 'Your receipt number',
  installmentNumber: 'Installment number',
  amount: 'Amount',
  utr: 'UTR',
  reference: 'Reference',
  overpayment: 'Overpayment',
  address: 'Address',
  currentlyWorkingAs: 'Working as',
  currentlyAt: 'College or company',
  areaOfInterest: 'Courses of interest',
  friendName: 'Friend’s name',
  friendWorkingArea: 'Friend works at',
  receivedOn: 'Received on',
};

const NOT_IN_FILE = '';

export function ColumnMapping({
  columns,
  mapping,
  onChange,
}: {
  columns: ImportColumns;
  mapping: ImportMapping;
  onChange: (mapping: ImportMapping) => void;
}) {
  const ids = useId();
  const [open, setOpen] = useState(!columns.saved);
  const sample = (column: string | undefined) => {
    const at = column === undefined ? -1 : columns.header.indexOf(column);
    return at < 0 ? '' : (columns.samples.find((r) => (r[at] ?? '') !== '')?.[at] ?? '');
  };
  const unmapped = columns.fields.filter((f) => f.required && !mapping[f.field]);
  return (
    <Box component="section" aria-labelledby={`${ids}-title`}>
      <Typography id={`${ids}-title`} component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
        Columns of your file
      </Typography>
      {columns.saved && (
        <Alert severity="info" sx={{ my: 1 }}>
          Read with the columns you chose last time for a file with this header.
        </Alert>
      )}
      {unmapped.length > 0 && (
        <Alert severity="error" sx={{ my: 1 }}>
          Choose the column for: {unmapped.map((f) => FIELD_LABELS[f.field] ?? f.field).join(', ')}.
        </Alert>
      )}
      <Button variant="text" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? 'Hide the columns' : 'Change the columns'}
      </Button>
      {open && (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
            gap: 2,
            mt: 1,
          }}
        >
          {columns.fields.map(({ field, required }) => (
            <TextField
              key={field}
              select
              size="small"
              label={`${FIELD_LABELS[field] ?? field}${required ? ' (required)' : ''}`}
              value={mapping[field] ?? NOT_IN_FILE}
              onChange={(e) => {
                const next = { ...mapping };
                if (e.target.value === NOT_IN_FILE) delete next[field];
                else next[field] = e.target.value;
                onChange(next);
              }}
              helperText={mapping[field] ? `e.g. ${sample(mapping[field]) || '(empty)'}` : 'Not in the file'}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              <option value={NOT_IN_FILE}>— not in the file —</option>
              {columns.header
                .filter((h) => h !== '')
                .map((h) => (
                  <option key={h} value={h}>
                    {h}
                  </option>
                ))}
            </TextField>
          ))}
        </Box>
      )}
    </Box>
  );
}

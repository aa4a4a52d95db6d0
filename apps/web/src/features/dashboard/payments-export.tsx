/**
 * "Payments CSV": the payments received between two dates, as a file that opens
 * in Excel and LibreOffice. A plain link: the login cookie authenticates the download.
 */
import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import { DateField } from '../../shared/ui/date-field';
import { paymentsCsvHref } from './api/dashboard-api';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function PaymentsExport({ defaultFrom, defaultTo }: { defaultFrom: string; defaultTo: string }) {
  const titleId = useId();
  const [from, setFrom] = useState(defaultFrom);
  const [to, setTo] = useState(defaultTo);
  const missing = !ISO_DATE.test(from) || !ISO_DATE.test(to);
  const backwards = !missing && to < from;
  const ready = !missing && !backwards;

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2, minWidth: 0 }}>
      <Typography id={titleId} component="h3" variant="h6">
        Payments CSV
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Every payment received between two dates, for Excel or LibreOffice.
      </Typography>
      <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
        <DateField
          label="Paid from"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
          slotProps={{ htmlInput: { max: to || undefined } }}
        />
        <DateField
          label="Paid to"
          value={to}
          onChange={(event) => setTo(event.target.value)}
          error={backwards}
          helperText={backwards ? 'Must be on or after the start date' : undefined}
          slotProps={{ htmlInput: { min: from || undefined } }}
        />
        {ready ? (
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} href={paymentsCsvHref(from, to)} download>
            Download payments CSV
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} disabled>
            Download payments CSV
          </Button>
        )}
      </Stack>
      {missing && (
        <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 1 }}>
          Choose both dates to download.
        </Typography>
      )}
    </Paper>
  );
}

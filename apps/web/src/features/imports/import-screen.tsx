/**
 * Import (route '/import', admins): move an institute's existing students, their past payments
 * and old inquiries in from a spreadsheet. The file is always checked first (nothing written);
 * the import is offered only for a file whose check found no error, asks before writing, and
 * shows how far it has got. Below, the log of every check and import.
 */
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { IMPORT_DATE_FORMATS, type ImportKind, type ImportResult } from '@registrar/contract/imports';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { errorsHref, templateHref, useGetImportProgressQuery, useSendImportMutation } from './api/imports-api';
import { ImportLog } from './import-log';

export const KIND_LABELS: Record<ImportKind, string> = {
  enrollments: 'Students and their enrolments',
  payments: 'Past payments',
  inquiries: 'Inquiries',
};

const KIND_HELP: Record<ImportKind, string> = {
  enrollments:
    'One row per enrolment. A row whose id (externalId), or email and course, is already here is skipped, so the same file can be run again.',
  payments:
    'Import the enrolments first. Each payment keeps your receipt number; Registrar’s own receipt numbers carry on from where they are.',
  inquiries: 'Courses of interest separated by “;”. A row with the same email and day as one already here is skipped.',
};

const FIRST_ERRORS = 20;

function Report({ result }: { result: ImportResult }) {
  const errors = result.errors;
  const counts = `${result.rows} rows: ${result.created} to create, ${result.skipped} already here`;
  if (!errors.length)
    return (
      <Alert severity={result.dryRun ? 'info' : 'success'}>
        {result.dryRun
          ? `Checked, nothing written. ${counts}.`
          : `Imported: ${result.created} created, ${result.skipped} already here and skipped.`}
      </Alert>
    );
  return (
    <Alert severity="error">
      <Typography sx={{ fontWeight: 600 }}>
        {errors.length} {errors.length === 1 ? 'problem' : 'problems'} in {new Set(errors.map((e) => e.row)).size} rows.
        Nothing was imported.
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {errors.slice(0, FIRST_ERRORS).map((e) => (
          <li key={`${e.row}-${e.field}`}>
            Row {e.row}, {e.field}: {e.message}
          </li>
        ))}
      </Box>
      {errors.length > FIRST_ERRORS && <Typography>…and {errors.length - FIRST_ERRORS} more.</Typography>}
      <Link href={errorsHref(result._id)} download>
        Download the rows in error
      </Link>{' '}
      (with an “error” column): fix them, then upload that file.
    </Alert>
  );
}

function Progress({ running }: { running: boolean }) {
  const { data } = useGetImportProgressQuery(undefined, { pollingInterval: running ? 1000 : 0, skip: !running });
  if (!running) return null;
  const value = data && data.total > 0 ? (100 * data.done) / data.total : undefined;
  return (
    <Box>
      <LinearProgress
        variant={value === undefined ? 'indeterminate' : 'determinate'}
        value={value ?? 0}
        aria-label="Import progress"
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {data && data.total > 0 ? `${data.done} of ${data.total} rows written…` : 'Checking every row…'}
      </Typography>
    </Box>
  );
}

export function ImportScreen() {
  const ids = useId();
  const [kind, setKind] = useState<ImportKind>('enrollments');
  const [dateFormat, setDateFormat] = useState<string>(IMPORT_DATE_FORMATS[0]);
  const [sendLinks, setSendLinks] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<ImportResult | null>(null);
  const [outcome, setOutcome] = useState<ImportResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [send, { isLoading }] = useSendImportMutation();

  // Any change of what would be imported needs a new check.
  useEffect(() => {
    setChecked(null);
    setOutcome(null);
    setFailure(null);
  }, [kind, dateFormat, file]);

  const run = async (dryRun: boolean) => {
    if (!file) return;
    setFailure(null);
    try {
      const answer = await send({
        kind,
        dryRun,
        dateFormat,
        sendLinks: kind === 'enrollments' && sendLinks,
        file,
      }).unwrap();
      if (dryRun) setChecked(answer.data);
      else {
        setOutcome(answer.data);
        setChecked(null);
      }
    } catch (err) {
      setFailure((err as { message?: string }).message ?? 'The file could not be imported.');
    }
  };

  const ready = checked !== null && checked.errors.length === 0 && checked.created > 0;
  // On a phone the log comes first, so its latest entry shows on the first screen.
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Typography component="h1" variant="h5" sx={{ mb: 1 }}>
        Import
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Bring in the students, past payments and inquiries you already have, from a CSV or Excel (.xlsx) file laid out
        as the template. Every row is checked before anything is written, and nobody is emailed unless you ask.
      </Typography>
      {phone && (
        <Box sx={{ mb: 3 }}>
          <ImportLog />
        </Box>
      )}
      <Paper sx={{ p: 2, mb: 3 }}>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <TextField
              select
              label="The file holds"
              value={kind}
              onChange={(e) => setKind(e.target.value as ImportKind)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText={KIND_HELP[kind]}
              sx={{ flex: 2 }}
            >
              {(Object.keys(KIND_LABELS) as ImportKind[]).map((k) => (
                <option key={k} value={k}>
                  {KIND_LABELS[k]}
                </option>
              ))}
            </TextField>
            <TextField
              select
              label="Dates are written"
              value={dateFormat}
              onChange={(e) => setDateFormat(e.target.value)}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              helperText="As in the file: 07/12/2026 is 7 December with dd/mm/yyyy."
              sx={{ flex: 1 }}
            >
              {IMPORT_DATE_FORMATS.map((f) => (
                <option key={f} value={f}>
                  {f}
                </option>
              ))}
            </TextField>
          </Stack>
          <Typography variant="body2">
            <Link href={templateHref(kind)} download>
              Download the template for {KIND_LABELS[kind].toLowerCase()}
            </Link>
          </Typography>
          <Box>
            <Button variant="outlined" component="label" htmlFor={`${ids}-file`}>
              Choose a file
            </Button>
            <input
              id={`${ids}-file`}
              type="file"
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
              onChange={(e: ChangeEvent<HTMLInputElement>) => setFile(e.target.files?.[0] ?? null)}
            />
            <Typography component="span" sx={{ ml: 1.5 }} aria-live="polite">
              {file ? file.name : 'No file chosen'}
            </Typography>
          </Box>
          {kind === 'enrollments' && (
            <FormControlLabel
              control={<Checkbox checked={sendLinks} onChange={(e) => setSendLinks(e.target.checked)} />}
              label="Send each student their page link (an email to every new enrolment)"
            />
          )}
          <Stack direction="row" spacing={1.5} sx={{ flexWrap: 'wrap' }}>
            <Button variant="contained" disabled={!file || isLoading} onClick={() => void run(true)}>
              Check the file
            </Button>
            <Button
              variant="contained"
              color="success"
              disabled={!ready || isLoading}
              onClick={() => setConfirming(true)}
            >
              Import
            </Button>
          </Stack>
          <Progress running={isLoading} />
          {failure && <Alert severity="error">{failure}</Alert>}
          {checked && <Report result={checked} />}
          {outcome && <Report result={outcome} />}
        </Stack>
      </Paper>
      {!phone && <ImportLog />}
      <ConfirmDialog
        open={confirming}
        title={`Import ${checked?.created ?? 0} ${KIND_LABELS[kind].toLowerCase()}?`}
        description={
          kind === 'enrollments' && sendLinks
            ? `Each of the ${checked?.created ?? 0} new students will be emailed the link to their page.`
            : 'Nobody will be emailed. Rows already here are skipped.'
        }
        confirmLabel="Import"
        onConfirm={() => {
          setConfirming(false);
          void run(false);
        }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

/**
 * GST (route '/gst'): admins switch tax invoices on for the institute with its GSTIN, legal
 * name and address; whoever keeps the returns (admins and accountants) downloads a month's GSTR-1
 * and marks an ended month filed (asked first: after that a void issues a credit note in the open month).
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { GST_STATES, gstSettingsInputSchema, type GstStateCode } from '@registrar/contract/gst';
import type { ApiQueryError } from '../../shared/api/base-api';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import {
  gstr1Href,
  useGetGstSettingsQuery,
  useMarkGstMonthFiledMutation,
  useSaveGstSettingsMutation,
} from './api/gst-api';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { useCan } from '../../shared/session/permissions';

const lastMonth = () => {
  const d = new Date();
  d.setDate(0);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}`;
};
const message = (e: unknown, fallback: string) => (e as Partial<ApiQueryError> | undefined)?.message || fallback;

function SettingsForm() {
  const { data, isError, error, refetch } = useGetGstSettingsQuery();
  const [save, { isLoading: saving }] = useSaveGstSettingsMutation();
  const [form, setForm] = useState({ enabled: false, gstin: '', legalName: '', address: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState<string | null>(null);
  useEffect(() => {
    if (data)
      setForm({ enabled: data.enabled, gstin: data.gstin ?? '', legalName: data.legalName, address: data.address });
  }, [data]);

  if (isError && !data)
    return <RetryAlert onRetry={refetch}>{message(error, 'The GST settings could not be loaded.')}</RetryAlert>;
  if (!data) return <CircularProgress aria-label="Loading the GST settings" />;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(null);
    const parsed = gstSettingsInputSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message])));
      return;
    }
    setErrors({});
    try {
      const answer = await save(form).unwrap();
      setSaved(answer.message);
    } catch (e) {
      const fields = (e as ApiQueryError).fieldErrors ?? [];
      setErrors(Object.fromEntries(fields.map((f) => [f.path, f.message])));
      if (!fields.length) setErrors({ form: message(e, 'The settings could not be saved.') });
    }
  };
  const state = form.gstin.length >= 2 ? GST_STATES[form.gstin.slice(0, 2).toUpperCase() as GstStateCode] : undefined;
  const field = (name: 'gstin' | 'legalName' | 'address', label: string, extra: object = {}) => (
    <TextField
      label={label}
      value={form[name]}
      onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      error={Boolean(errors[name])}
      helperText={errors[name] ?? ' '}
      fullWidth
      {...extra}
    />
  );
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)}>
      <Stack spacing={1}>
        <FormControlLabel
          control={<Switch checked={form.enabled} onChange={(e) => setForm({ ...form, enabled: e.target.checked })} />}
          label="Issue GST tax invoices for course fees"
        />
        {field('gstin', 'GSTIN', { slotProps: { htmlInput: { maxLength: 15, autoCapitalize: 'characters' } } })}
        <Typography variant="body2" color="text.secondary" sx={{ mt: -1 }}>
          State: {state ? `${state} (${form.gstin.slice(0, 2)})` : 'from the GSTIN’s first two digits'}
        </Typography>
        {field('legalName', 'Legal name (as registered)')}
        {field('address', 'Registered address', { multiline: true, minRows: 2 })}
        {errors.form && <Alert severity="error">{errors.form}</Alert>}
        {saved && <Alert severity="success">{saved}</Alert>}
        <Box>
          <Button type="submit" variant="contained" loading={saving}>
            Save
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function Returns() {
  const monthId = useId();
  const [period, setPeriod] = useState(lastMonth);
  const [asking, setAsking] = useState(false);
  const [markFiled, { isLoading, error, reset }] = useMarkGstMonthFiledMutation();
  const [done, setDone] = useState<string | null>(null);
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  return (
    <Stack spacing={2}>
      <TextField
        id={monthId}
        label="Month"
        type="month"
        value={period}
        onChange={(e) => setPeriod(e.target.value)}
        slotProps={{ inputLabel: { shrink: true } }}
        sx={{ maxWidth: 240 }}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" href={gstr1Href(period, 'json')} disabled={!valid}>
          GSTR-1 JSON
        </Button>
        <Button variant="outlined" href={gstr1Href(period, 'zip')} disabled={!valid}>
          GSTR-1 with CSVs (zip)
        </Button>
        <Button variant="outlined" color="error" disabled={!valid} onClick={() => setAsking(true)}>
          Mark month filed
        </Button>
      </Stack>
      {done && <Alert severity="success">{done}</Alert>}
      <ConfirmDialog
        open={asking}
        title={`Mark ${period} filed?`}
        description="Once filed, voiding a payment of this month issues a credit note instead of cancelling its invoice. This cannot be undone."
        confirmLabel="Mark filed"
        destructive
        busy={isLoading}
        error={error ? message(error, 'The month could not be marked filed.') : undefined}
        onConfirm={() =>
          void markFiled({ period })
            .unwrap()
            .then((answer) => {
              setDone(`${answer.message}: ${period}`);
              setAsking(false);
            })
            .catch(() => undefined)
        }
        onClose={() => {
          reset();
          setAsking(false);
        }}
      />
    </Stack>
  );
}

export function GstSettingsScreen() {
  const titleId = useId();
  const returnsId = useId();
  const mayChangeSettings = useCan('gst.settings');
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ maxWidth: 760, mx: 'auto', minWidth: 0 }}>
      <Typography id={titleId} variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' }, mb: 1 }}>
        GST
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Off by default. While on, every payment gets a tax invoice (a bill of supply for an exempt course) and every
        refund a credit note. Payments made before it was on are never invoiced.
      </Typography>
      {mayChangeSettings && (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <SettingsForm />
        </Paper>
      )}
      <Paper variant="outlined" component="section" aria-labelledby={returnsId} sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id={returnsId} variant="h6" component="h2" sx={{ mb: 2 }}>
          GSTR-1 for a month
        </Typography>
        <Returns />
      </Paper>
    </Box>
  );
}

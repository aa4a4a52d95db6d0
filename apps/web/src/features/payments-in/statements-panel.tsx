/** Bank statements: upload (with a column mapping for a layout no bank reader knows), pick one, work its lines. */
import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { MAPPING_DATE_FORMATS, type StatementSummary } from '@registrar/contract/reconciliation';
import { formatDateTime } from '../../shared/lib/format-date';
import { LoadFailed, Loading } from './load-states';
import { StatementLines } from './statement-lines';
import { useGetStatementsQuery, useUploadStatementMutation } from './api/payments-in-api';

const COLUMNS = [
  ['date', 'Date column'],
  ['narration', 'Narration column'],
  ['reference', 'Reference column (optional)'],
  ['credit', 'Credit column'],
] as const;

function UploadForm({ onImported }: { onImported: (summary: StatementSummary) => void }) {
  const [upload, { isLoading }] = useUploadStatementMutation();
  const [file, setFile] = useState<File | null>(null);
  const [mapping, setMapping] = useState({
    name: '',
    date: '',
    narration: '',
    reference: '',
    credit: '',
    dateFormat: 'dd/mm/yyyy',
  });
  const [result, setResult] = useState<StatementSummary | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file) return;
    const body = new FormData();
    if (mapping.name) body.append('mapping', mapping.name);
    if (mapping.date && mapping.narration && mapping.credit) {
      const { name: _name, reference, ...columns } = mapping;
      body.append('columns', JSON.stringify(reference ? { ...columns, reference } : columns));
    }
    body.append('file', file);
    const answer = await upload(body);
    if ('data' in answer && answer.data) {
      setResult(answer.data.data);
      onImported(answer.data.data);
    }
  };
  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography component="label" htmlFor="statement-file" sx={{ display: 'block', fontWeight: 600, mb: 0.5 }}>
          Statement file (CSV or XLSX, up to 10 MB)
        </Typography>
        <input
          id="statement-file"
          type="file"
          accept=".csv,.xlsx,.xls,.txt,text/csv"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Box>
      <Box component="details">
        <Typography component="summary" sx={{ cursor: 'pointer' }}>
          Column mapping, for a bank whose layout is not recognised
        </Typography>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mt: 1.5 }}>
          <TextField
            label="Mapping name (saved for next time)"
            size="small"
            value={mapping.name}
            onChange={(e) => setMapping({ ...mapping, name: e.target.value })}
          />
          {COLUMNS.map(([key, label]) => (
            <TextField
              key={key}
              label={label}
              size="small"
              value={mapping[key]}
              onChange={(e) => setMapping({ ...mapping, [key]: e.target.value })}
            />
          ))}
          <TextField
            select
            label="Date format"
            size="small"
            value={mapping.dateFormat}
            onChange={(e) => setMapping({ ...mapping, dateFormat: e.target.value })}
          >
            {MAPPING_DATE_FORMATS.map((f) => (
              <MenuItem key={f} value={f}>
                {f}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={!file} loading={isLoading}>
          Import statement
        </Button>
      </Box>
      {result && (
        <Alert severity="success" role="status">
          {result.credits} credit lines: {result.recorded} recorded, {result.matched} matched, {result.suggested} with
          suggestions, {result.unmatched} not matched.
        </Alert>
      )}
    </Box>
  );
}

export function StatementsPanel() {
  const { data, isLoading, isError, refetch } = useGetStatementsQuery();
  const [chosen, setChosen] = useState<string | null>(null);
  const selected = chosen ?? data?.[0]?._id ?? null;
  return (
    <Paper component="section" aria-labelledby="statements-heading" sx={{ p: 2 }}>
      <Typography id="statements-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
        Bank statements
      </Typography>
      <UploadForm onImported={(s) => setChosen(s._id)} />
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 3 }}>
        Imported statements
      </Typography>
      {isLoading ? (
        <Loading what="statements" />
      ) : isError ? (
        <LoadFailed what="The statements" retry={() => void refetch()} />
      ) : !data?.length ? (
        <Typography color="text.secondary">No statement imported yet.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {data.slice(0, 8).map((s) => (
            <li key={s._id}>
              <Button
                size="small"
                variant={s._id === selected ? 'contained' : 'outlined'}
                aria-pressed={s._id === selected}
                onClick={() => setChosen(s._id)}
              >
                {s.fileName} · {s.layout} · {formatDateTime(s.createdAt)} · {s.matched} matched
              </Button>
            </li>
          ))}
        </Box>
      )}
      {selected && <StatementLines id={selected} />}
    </Paper>
  );
}

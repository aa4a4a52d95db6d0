/** One statement's credit lines grouped by state: record all matched, pick a suggestion, ignore. */
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  LINE_STATES,
  LINE_STATE_LABELS,
  STATEMENT_MODE_NAMES,
  type LineCandidate,
  type StatementLine,
} from '@registrar/contract/reconciliation';
import { formatDate } from '../../shared/lib/format-date';
import { formatRupees } from '../../shared/lib/money';
import { listRowSx } from '../../shared/ui/list-row';
import { LoadFailed, Loading } from './load-states';
import { useActOnLineMutation, useGetStatementQuery, useRecordMatchedMutation } from './api/payments-in-api';

/** The order staff work in: what is ready first, what is done last. */
const ORDER = [
  'matched',
  'suggested',
  'unmatched',
  'recorded',
  'ignored',
] as const satisfies readonly (typeof LINE_STATES)[number][];

function LineRow({ line }: { line: StatementLine }) {
  const [act, { isLoading }] = useActOnLineMutation();
  const record = (c: LineCandidate) =>
    void act({
      id: line._id,
      body: { action: 'record', enrollmentId: c.enrollmentId, installmentNumber: c.installmentNumber },
    });
  const open = line.state === 'matched' || line.state === 'suggested' || line.state === 'unmatched';
  const choices = line.match ? [line.match] : line.candidates;
  return (
    <Box component="li" sx={listRowSx}>
      <Box sx={{ flex: '1 1 280px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {formatRupees(line.amount)} · {formatDate(line.postedOn)} · {STATEMENT_MODE_NAMES[line.mode]}
          {line.utr ? ` · UTR ${line.utr}` : ''}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          Row {line.rowNumber}: {line.narration}
        </Typography>
        {line.receiptNumber && <Typography variant="body2">Receipt {line.receiptNumber}</Typography>}
      </Box>
      {open && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {choices.map((c) => (
            <Button
              key={`${c.enrollmentId}-${c.installmentNumber}`}
              size="small"
              variant={line.state === 'matched' ? 'contained' : 'outlined'}
              disabled={isLoading}
              onClick={() => record(c)}
              title={c.why}
            >
              Record for {c.name} ({c.enrollmentNumber}), installment {c.installmentNumber}
            </Button>
          ))}
          <Button
            size="small"
            color="inherit"
            disabled={isLoading}
            onClick={() => void act({ id: line._id, body: { action: 'ignore' } })}
            aria-label={`Ignore row ${line.rowNumber}`}
          >
            Ignore
          </Button>
        </Box>
      )}
    </Box>
  );
}

export function StatementLines({ id }: { id: string }) {
  const { data, isLoading, isError, refetch } = useGetStatementQuery(id);
  const [recordMatched, recording] = useRecordMatchedMutation();
  if (isLoading) return <Loading what="the statement" />;
  if (isError || !data) return <LoadFailed what="The statement" retry={() => void refetch()} />;
  return (
    <Box sx={{ mt: 2 }}>
      {ORDER.map((state) => {
        const lines = data.lines.filter((l) => l.state === state);
        if (!lines.length) return null;
        return (
          <Box component="section" key={state} aria-labelledby={`lines-${state}`} sx={{ mt: 2 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography id={`lines-${state}`} component="h3" variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
                {LINE_STATE_LABELS[state]} ({lines.length})
              </Typography>
              {state === 'matched' && (
                <Button variant="contained" loading={recording.isLoading} onClick={() => void recordMatched(id)}>
                  Record all matched ({lines.length})
                </Button>
              )}
            </Box>
            <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
              {lines.map((l) => (
                <LineRow key={l._id} line={l} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Box>
  );
}

/** "Payment claims": UPI payments students reported, to confirm (records them) or reject with a reason. */
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LINE_STATE_LABELS, type ClaimBankLine, type PaymentClaim } from '@registrar/contract/reconciliation';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { formatDate } from '../../shared/lib/format-date';
import { formatRupees } from '../../shared/lib/money';
import { listRowSx } from '../../shared/ui/list-row';
import { LoadFailed, Loading } from './load-states';
import { useDecideClaimMutation, useGetPaymentClaimsQuery } from './api/payments-in-api';

/** The bank's own line of the claim's UTR: whom its narration and payer name point to. */
function BankLine({ line }: { line: ClaimBankLine | null }) {
  if (!line)
    return (
      <Typography variant="body2" color="text.secondary">
        No bank statement line with this UTR yet
      </Typography>
    );
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      Bank line of {formatDate(line.postedOn)}: {formatRupees(line.amount)}
      {line.payerName ? ` from ${line.payerName}` : ''} · {LINE_STATE_LABELS[line.state]} · “{line.narration}”
    </Typography>
  );
}

function ClaimRow({ claim }: { claim: PaymentClaim }) {
  const [decide, { isLoading }] = useDecideClaimMutation();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const who = `${claim.name} (${claim.enrollmentNumber})`;
  const reject = async () => {
    const result = await decide({ id: claim._id, body: { action: 'reject', reason } });
    if ('error' in result) setError('The claim could not be rejected; see the message above and try again.');
    else setRejecting(false);
  };
  return (
    <Box component="li" sx={listRowSx}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {formatRupees(claim.amount)} · UTR {claim.utr}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          <Link component={RouterLink} to={`/student-enrollments/${claim.enrollmentId}`}>
            {who}
          </Link>{' '}
          · installment {claim.installmentNumber} · paid {formatDate(claim.paidOn)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Installment {claim.installmentNumber}: {formatRupees(claim.installmentPaid)} of{' '}
          {formatRupees(claim.installmentAmount)} already paid
        </Typography>
        <BankLine line={claim.bankLine} />
      </Box>
      <Button
        variant="contained"
        size="small"
        loading={isLoading && !rejecting}
        onClick={() => void decide({ id: claim._id, body: { action: 'confirm' } })}
        aria-label={`Confirm ${formatRupees(claim.amount)} from ${who}`}
      >
        Confirm
      </Button>
      <Button size="small" color="error" onClick={() => setRejecting(true)} aria-label={`Reject the claim of ${who}`}>
        Reject
      </Button>
      <ConfirmDialog
        open={rejecting}
        title={`Reject the claim of ${who}?`}
        description={
          <>
            <Typography sx={{ mb: 2 }}>The student is mailed the reason, in their language.</Typography>
            <TextField
              label="Reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </>
        }
        error={error || undefined}
        confirmLabel="Reject claim"
        destructive
        busy={isLoading}
        onConfirm={() => void reject()}
        onClose={() => setRejecting(false)}
      />
    </Box>
  );
}

export function ClaimsPanel() {
  const { data, isLoading, isError, refetch } = useGetPaymentClaimsQuery();
  return (
    <Paper component="section" aria-labelledby="claims-heading" sx={{ p: 2, mb: 3 }}>
      <Typography id="claims-heading" component="h2" variant="h6">
        Payment claims
      </Typography>
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1 }}>
        UPI payments students reported from their page. A bank statement line with the same UTR and amount confirms one
        by itself, unless the line names another enrolment or another student: then both wait here and on the statement.
      </Typography>
      {isLoading ? (
        <Loading what="claims" />
      ) : isError ? (
        <LoadFailed what="The claims" retry={() => void refetch()} />
      ) : !data?.length ? (
        <Typography color="text.secondary">No claims are waiting.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
          {data.map((c) => (
            <ClaimRow key={c._id} claim={c} />
          ))}
        </Box>
      )}
    </Paper>
  );
}

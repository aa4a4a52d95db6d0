/**
 * The pending enrolments as a queue (`/student-enrollments/queue`): the oldest first, with its
 * documents on screen, an optional note, and "Approve and next" / "Reject and next" (a rejection
 * is confirmed, and each decision can be undone for 10 seconds before it is sent), `?courseId=` for one course.
 * "Skip" leaves one for later in this visit. The student is emailed either way.
 */
import { useId, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ENROLLMENT_MESSAGES,
  STUDENT_WILL_BE_EMAILED,
  type EnrollmentDetail,
} from '@registrar/contract/enrollment-admin';
import { ACCESS_MESSAGES } from '@registrar/contract/permissions';
import { DOCUMENT_LABELS, PAYMENT_METHOD_LABELS, WORKING_LABELS } from '../../shared/lib/enrollment-labels';
import { formatDate } from '../../shared/lib/format-date';
import { formatRupees } from '../../shared/lib/money';
import { ENROLLMENTS_PATH } from '../../shared/lib/paths';
import { usePermissions } from '../../shared/session/permissions';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import type { EnrollmentFileField } from '@registrar/contract/enrollment';
import { useGetEnrollmentQuery, useGetEnrollmentsQuery } from './api/enrollments-api';
import { DocumentsGallery } from './documents-gallery';
import { useHeldDecisions, type QueueDecision } from './queue-decisions';
import DialogContentText from '@mui/material/DialogContentText';
import { InternalNoteField, RejectionReasonField, StudentMessageField } from './decision-fields';
import { NO_MONEY_CHOICE, PaidMoneyField, paidMoneyOf, paidOf } from './paid-money-field';
import type { PaidMoneyDecision } from '@registrar/contract/fees';

/** "College · COEP · semester 5": what the student does and where, as the form took it. */
const occupation = (e: EnrollmentDetail) =>
  [
    WORKING_LABELS[e.currentlyWorking],
    e.currentlyWorkingPlace,
    e.currentSem ? `semester ${e.currentSem}` : e.designation,
  ]
    .filter(Boolean)
    .join(' · ');

const QUEUE_ARGS = { page: 1, limit: 50, status: 'pending', sort: 'createdAt' } as const;

function Candidate({
  enrollment,
  onSkip,
  onDecide,
  left,
}: {
  enrollment: EnrollmentDetail;
  onSkip: () => void;
  onDecide: (decision: QueueDecision) => void;
  left: number;
}) {
  const id = useId();
  const allowed = usePermissions();
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [confirmReject, setConfirmReject] = useState(false);
  const [money, setMoney] = useState(NO_MONEY_CHOICE);
  const [moneyError, setMoneyError] = useState<string | null>(null);
  const paid = paidOf(enrollment);
  const decide = (status: 'approved' | 'rejected', paidMoney?: PaidMoneyDecision) =>
    onDecide({
      id: enrollment._id,
      name: enrollment.name,
      status,
      note: note.trim() || undefined,
      message: message.trim() || undefined,
      reason: status === 'rejected' ? reason.trim() : undefined,
      paidMoney,
    });
  const e = enrollment;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} aria-labelledby={`${id}-name`} component="section">
      <Stack spacing={2}>
        <Box>
          <Typography id={`${id}-name`} variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {e.name}
          </Typography>
          <Typography color="text.secondary">
            {e.enrollmentNumber} · {e.course.name} · {formatRupees(e.totalFee)}
            {paid > 0 ? `, ${formatRupees(paid)} paid` : ', nothing paid'} · received {formatDate(e.createdAt)}
            {e.startDate ? ` · joining ${formatDate(e.startDate)}` : ''}
          </Typography>
          <Button component={RouterLink} to={`${ENROLLMENTS_PATH}/${e._id}`} size="small" sx={{ mt: 0.5, ml: -1 }}>
            Open the full enrolment
          </Button>
        </Box>
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gap: 0.5, gridTemplateColumns: 'max-content 1fr', '& dd': { m: 0 } }}
        >
          {[
            ['Phone', e.phoneNumber],
            ['Address', e.currentAddress],
            [e.currentlyWorking === 'company' ? 'Works at' : 'Studies at', occupation(e)],
            ['Course', `${e.course.name}, ${PAYMENT_METHOD_LABELS[e.paymentMethod]}`],
          ].map(([term, value]) => (
            <Box key={term} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary">
                {term}
              </Typography>
              <Typography component="dd" sx={{ overflowWrap: 'anywhere' }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
        {e.documentsToFollow.length > 0 && (
          <Alert severity="warning">
            To follow: {e.documentsToFollow.map((f) => DOCUMENT_LABELS[f as EnrollmentFileField]).join(', ')}
          </Alert>
        )}
        {allowed('documents.view') ? (
          <DocumentsGallery documents={e.documents} revealOpens />
        ) : (
          <Typography color="text.secondary">{ACCESS_MESSAGES.documentsHidden}</Typography>
        )}
        <StudentMessageField value={message} onChange={setMessage} />
        <InternalNoteField value={note} onChange={setNote} />
        {/* Kept in view while the card scrolls: on a phone the decision never hides below the fold. */}
        <Stack
          direction="row"
          spacing={1}
          useFlexGap
          sx={{
            flexWrap: 'wrap',
            position: 'sticky',
            bottom: 0,
            zIndex: 1,
            bgcolor: 'background.paper',
            py: 1,
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <Button variant="contained" onClick={() => decide('approved')}>
            Approve and next
          </Button>
          <Button variant="outlined" color="error" onClick={() => setConfirmReject(true)}>
            Reject and next
          </Button>
          <Button disabled={left <= 1} onClick={onSkip}>
            Skip
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirmReject}
        title={`Reject the enrolment of “${e.name}”?`}
        description={
          <>
            <DialogContentText sx={{ mb: 2 }}>
              {`${STUDENT_WILL_BE_EMAILED} that ${e.enrollmentNumber} could not be accepted, with the reason${message.trim() ? ' and your message' : ''}. You can undo it for 10 seconds.`}
            </DialogContentText>
            <RejectionReasonField
              value={reason}
              onChange={(value) => {
                setReason(value);
                setReasonError(null);
              }}
              error={reasonError}
            />
            <Box sx={{ mt: 2 }}>
              <PaidMoneyField
                name={e.name}
                paid={paid}
                value={money}
                onChange={(choice) => {
                  setMoney(choice);
                  setMoneyError(null);
                }}
                error={moneyError}
              />
            </Box>
          </>
        }
        confirmLabel="Reject and next"
        destructive
        onConfirm={() => {
          const { paidMoney, error } = paidMoneyOf(paid, money);
          if (!reason.trim()) setReasonError(ENROLLMENT_MESSAGES.rejectionReasonRequired);
          if (error) setMoneyError(error);
          if (!reason.trim() || error) return;
          setConfirmReject(false);
          decide('rejected', paidMoney);
        }}
        onClose={() => setConfirmReject(false)}
      />
    </Paper>
  );
}

export function PendingQueueScreen() {
  const [skipped, setSkipped] = useState<string[]>([]);
  const { decided, decide } = useHeldDecisions();
  // `?courseId=` keeps the queue to one course (a batch's intake).
  const [params] = useSearchParams();
  const courseId = params.get('courseId');
  const list = useGetEnrollmentsQuery(courseId ? { ...QUEUE_ARGS, courseId } : QUEUE_ARGS);
  const open = (list.data?.items ?? []).filter((e) => !decided.includes(e._id));
  const waiting = open.filter((e) => !skipped.includes(e._id));
  const current = waiting[0] ?? open[0];
  const detail = useGetEnrollmentQuery(current?._id ?? '', { skip: !current });
  const total = Math.max(0, (list.data?.total ?? 0) - ((list.data?.items ?? []).length - open.length));
  return (
    <Box sx={{ maxWidth: 1100 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2rem' } }}>
        Pending enrolments
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} aria-live="polite">
        {list.isLoading ? 'Loading…' : total === 1 ? '1 enrolment waiting' : `${total} enrolments waiting`}, oldest
        first.
      </Typography>
      {list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        >
          The pending enrolments could not be loaded.
        </Alert>
      ) : list.isLoading || (current && !detail.data) ? (
        <Skeleton variant="rounded" height={360} aria-label="Loading the next enrolment" />
      ) : !current ? (
        <Paper variant="outlined" sx={{ p: 3 }}>
          <Typography variant="h6" component="h2">
            Nothing waiting
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 1 }}>
            Every enrolment has been decided. New ones appear here as they arrive.
          </Typography>
          <Button component={RouterLink} to={ENROLLMENTS_PATH}>
            Back to Student Enrollments
          </Button>
        </Paper>
      ) : (
        <Candidate
          key={detail.data!._id}
          enrollment={detail.data!}
          left={waiting.length}
          onDecide={decide}
          onSkip={() => setSkipped((s) => [...s, current._id])}
        />
      )}
    </Box>
  );
}

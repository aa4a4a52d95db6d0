/**
 * What "Send reminders" is about to do, shown before anything goes: each student, the lines of
 * their dues the reminder names, the total, and the channel (email, to which address); the ones
 * that will not get one, and why. After sending, the outcome; where it says a student was reminded
 * today already, "Send again today" sends another.
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { REMINDER_CHANNEL_LABELS, type BulkAlertResult, type Reminder } from '@registrar/contract/collections';
import { formatRupees } from '../lib/money';
import { formatDate } from '../lib/format-date';
import { ConfirmDialog } from './confirm-dialog';

type Skipped = BulkAlertResult['skipped'];

function SkippedList({ skipped, names }: { skipped: Skipped; names: ReadonlyMap<string, string> }) {
  if (!skipped.length) return null;
  return (
    <Box component="ul" sx={{ m: 0, pl: 2 }}>
      {skipped.map((s) => (
        <li key={s.enrollmentId}>
          {names.get(s.enrollmentId) ?? s.enrollmentId}: {s.reason}
        </li>
      ))}
    </Box>
  );
}

function ReminderItem({ reminder: r }: { reminder: Reminder }) {
  return (
    <li>
      <Typography variant="subtitle2" component="span">
        {r.name} ({r.enrollmentNumber}): {formatRupees(r.amount)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {REMINDER_CHANNEL_LABELS[r.channel]} to {r.to}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2 }}>
        {r.lines.map((l) => (
          <Typography component="li" variant="body2" key={`${l.label}-${l.dueDate}`}>
            {l.label}: {formatRupees(l.amount)} {l.overdue ? 'overdue since' : 'due'} {formatDate(l.dueDate)}
          </Typography>
        ))}
      </Box>
    </li>
  );
}

export function ReminderPreviewDialog({
  preview,
  names,
  busy,
  error,
  onConfirm,
  onClose,
}: {
  preview: BulkAlertResult | null;
  names: ReadonlyMap<string, string>;
  busy: boolean;
  error: string | null;
  /** Sends; `again` also to those reminded today. */
  onConfirm: (again: boolean) => void;
  onClose: () => void;
}) {
  const count = preview?.reminders.length ?? 0;
  const sentToday = preview?.skipped.filter((s) => s.sentToday).length ?? 0;
  return (
    <ConfirmDialog
      open={Boolean(preview)}
      title={count ? `Send ${count} ${count === 1 ? 'reminder' : 'reminders'}?` : 'No reminder to send'}
      description={
        preview && (
          <>
            <Box component="ul" aria-label="Reminders to send" sx={{ m: 0, pl: 2, display: 'grid', gap: 1 }}>
              {preview.reminders.map((r) => (
                <ReminderItem key={r.enrollmentId} reminder={r} />
              ))}
            </Box>
            {preview.skipped.length > 0 && (
              <Alert severity="warning" sx={{ mt: 2 }}>
                Not sent: <SkippedList skipped={preview.skipped} names={names} />
              </Alert>
            )}
          </>
        )
      }
      confirmLabel={`Send ${count === 1 ? 'reminder' : 'reminders'}`}
      hideConfirm={count === 0}
      busy={busy}
      error={error}
      extraAction={
        sentToday > 0 ? (
          <Button disabled={busy} onClick={() => onConfirm(true)}>
            Send again today
          </Button>
        ) : undefined
      }
      onConfirm={() => onConfirm(false)}
      onClose={onClose}
    />
  );
}

export function ReminderOutcome({
  result,
  names,
  busy,
  onSendAgain,
}: {
  result: BulkAlertResult;
  names: ReadonlyMap<string, string>;
  busy: boolean;
  onSendAgain: (enrollmentIds: string[]) => void;
}) {
  const today = result.skipped.filter((s) => s.sentToday).map((s) => s.enrollmentId);
  return (
    <Alert
      severity={result.skipped.length ? 'warning' : 'success'}
      role="status"
      action={
        today.length > 0 ? (
          <Button color="inherit" size="small" loading={busy} onClick={() => onSendAgain(today)}>
            Send again today
          </Button>
        ) : undefined
      }
    >
      {result.sent} {result.sent === 1 ? 'reminder' : 'reminders'} sent, {result.skipped.length} skipped.
      <SkippedList skipped={result.skipped} names={names} />
    </Alert>
  );
}

/**
 * "Send reminders" on the enrolment list: first a dry run shows each student, the lines their
 * reminder names, the total and the channel, and who is skipped and why; it sends only on confirm,
 * and "Send again today" also reaches those reminded today already.
 */
import { useEffect, useRef, useState } from 'react';
import type { BulkAlertResult } from '@registrar/contract/collections';
import { ConfirmDialog } from '../../shared/ui/confirm-dialog';
import { ReminderPreviewDialog } from '../../shared/ui/reminder-preview';
import type { BulkDialogProps } from '../../shared/ui/resource-list/resource-list';
import { useRemindSelectedMutation } from './api/enrollments-api';

const failureText = (err: unknown, fallback: string) => (err as { message?: string } | undefined)?.message || fallback;

export function RemindDialog({ ids, names, onClose, onDone }: BulkDialogProps) {
  const [remind, reminding] = useRemindSelectedMutation();
  const [preview, setPreview] = useState<BulkAlertResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const asked = useRef(false);
  useEffect(() => {
    // Once per dialog: a strict-mode second run would ask the server twice.
    if (asked.current) return;
    asked.current = true;
    remind({ enrollmentIds: ids, dryRun: true })
      .unwrap()
      .then(setPreview, (err: unknown) => setFailure(failureText(err, 'The reminders could not be prepared.')));
  }, [remind, ids]);

  const send = async (again: boolean) => {
    setFailure(null);
    try {
      const r = await remind({ enrollmentIds: ids, again }).unwrap();
      onDone({ done: r.sent, skipped: r.skipped.map((s) => ({ id: s.enrollmentId, reason: s.reason })) });
    } catch (err) {
      setFailure(failureText(err, 'The reminders could not be sent.'));
    }
  };

  if (!preview)
    return (
      <ConfirmDialog
        open
        title="Send reminders"
        description={failure ? undefined : 'Working out who owes what…'}
        confirmLabel="Send reminders"
        hideConfirm
        error={failure}
        onConfirm={onClose}
        onClose={onClose}
      />
    );
  return (
    <ReminderPreviewDialog
      preview={preview}
      names={names}
      busy={reminding.isLoading}
      error={failure}
      onConfirm={(again) => void send(again)}
      onClose={onClose}
    />
  );
}

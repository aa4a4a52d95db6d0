/**
 * "Send payment reminder": mails the student what is due and overdue. The server
 * sends at most one a day unless forced: when it says one already went today, a confirm dialog
 * offers "Send again today", which asks again with `force: true`. Nothing owed: the button is off.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useSendPaymentAlertMutation } from './api/fees-api';

export function PaymentReminderButton({ enrollmentId, nothingOwed }: { enrollmentId: string; nothingOwed: boolean }) {
  const [sendAlert, { isLoading }] = useSendPaymentAlertMutation();
  const [again, setAgain] = useState<{ error: string | null } | null>(null);

  const send = async (force: boolean) => {
    try {
      await sendAlert({ enrollmentId, force }).unwrap();
      setAgain(null);
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      if (!force && error.status === 409 && error.message === FEE_MESSAGES.alertAlreadySent) setAgain({ error: null });
      else if (force) setAgain({ error: error.message || 'The reminder could not be sent.' });
      // Anything else (nothing owed, a closed enrolment, offline) is told by the toast.
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<NotificationsActiveOutlinedIcon />}
        onClick={() => void send(false)}
        loading={isLoading && !again}
        disabled={nothingOwed || isLoading}
        title={nothingOwed ? 'Nothing is due: this enrolment is paid up' : undefined}
      >
        Send payment reminder
      </Button>
      <ConfirmDialog
        open={Boolean(again)}
        title="A reminder was already sent today"
        description="The student has already been emailed about these fees today. Send another reminder anyway?"
        error={again?.error}
        confirmLabel="Send again today"
        busy={isLoading}
        onConfirm={() => void send(true)}
        onClose={() => setAgain(null)}
      />
    </>
  );
}

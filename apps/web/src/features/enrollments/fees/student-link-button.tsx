/**
 * "Send a new link": mails the student a fresh link to their own page. The older links stop
 * working at once (a forwarded or leaked mail), so staff confirm first.
 */
import { useState } from 'react';
import Button from '@mui/material/Button';
import LinkOutlinedIcon from '@mui/icons-material/LinkOutlined';
import type { ApiQueryError } from '../../../shared/api/base-api';
import { ConfirmDialog } from '../../../shared/ui/confirm-dialog';
import { useSendStudentLinkMutation } from './api/fees-api';

export function StudentLinkButton({ enrollmentId }: { enrollmentId: string }) {
  const [send, { isLoading }] = useSendStudentLinkMutation();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const confirm = async () => {
    try {
      await send({ enrollmentId }).unwrap();
      setOpen(false);
    } catch (err) {
      setError((err as Partial<ApiQueryError>).message || 'The link could not be sent.');
    }
  };

  return (
    <>
      <Button
        variant="outlined"
        startIcon={<LinkOutlinedIcon />}
        onClick={() => {
          setError(null);
          setOpen(true);
        }}
      >
        Send a new link
      </Button>
      <ConfirmDialog
        open={open}
        title="Send the student a new link?"
        description="The student gets a new link to their own page by email. The links in earlier mails stop working."
        error={error}
        confirmLabel="Send new link"
        busy={isLoading}
        onConfirm={() => void confirm()}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The title-and-message form both announcement dialogs run (react-hook-form, checked by the
 * contract's `announcementInputSchema` once a field is left), with the server's field errors put
 * on their fields and a question before what was written is thrown away.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { announcementInputSchema } from '@registrar/contract/announcement';
import type { ApiQueryError } from '../../shared/api/base-api';
import { DiscardChangesDialog, useDiscardGuard } from '../../shared/ui/discard-guard';
import type { AnnouncementText } from './announcement-fields';

/** Server field errors for title and message, onto their fields; true when one was placed. */
function placeFieldErrors(
  fieldErrors: readonly { path: string; message: string }[] | undefined,
  setError: (
    name: 'title' | 'message',
    error: { type: string; message: string },
    options: { shouldFocus: boolean },
  ) => void,
): boolean {
  let placed = false;
  for (const { path, message } of fieldErrors ?? []) {
    if (path !== 'title' && path !== 'message') continue;
    setError(path, { type: 'server', message }, { shouldFocus: !placed });
    placed = true;
  }
  return placed;
}

export interface AnnouncementFormOptions {
  /** Sends the announcement; a rejection is an `ApiQueryError`. */
  send: (text: AnnouncementText) => Promise<unknown>;
  /** Sending now: the dialog cannot be closed. */
  sending: boolean;
  /** Valid input is not sent while this is false (the bulk dialog until it has counted a recipient). */
  canSend?: boolean;
  onClose: () => void;
}

export function useAnnouncementForm({ send, sending, canSend = true, onClose }: AnnouncementFormOptions) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<AnnouncementText>({
    resolver: zodResolver(announcementInputSchema),
    mode: 'onTouched',
    defaultValues: { title: '', message: '' },
  });
  const message = useWatch({ control, name: 'message' }) ?? '';

  const onSubmit = handleSubmit(async (values) => {
    if (!canSend) return;
    setFormError(null);
    try {
      await send(values);
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      if (!placeFieldErrors(error.fieldErrors, setError))
        setFormError(error.message || 'The announcement could not be sent.');
    }
  });

  const { requestClose, dialog: discard } = useDiscardGuard({ dirty: isDirty, busy: sending, onClose });

  return {
    /** For AnnouncementFields. */
    fields: { register, errors, messageLength: message.length },
    /** Why sending failed, when no field is to blame. */
    formError,
    onSubmit,
    requestClose,
    /** For DiscardAnnouncementDialog. */
    discard,
  };
}

export function DiscardAnnouncementDialog({
  open,
  onDiscard,
  onKeep,
}: {
  open: boolean;
  onDiscard: () => void;
  onKeep: () => void;
}) {
  return (
    <DiscardChangesDialog
      open={open}
      onDiscard={onDiscard}
      onKeep={onKeep}
      title="Discard this announcement?"
      description="What you wrote has not been sent."
      discardLabel="Discard"
      keepLabel="Keep writing"
    />
  );
}

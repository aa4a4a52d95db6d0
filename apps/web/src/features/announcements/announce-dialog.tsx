/**
 * "Announce" to one student: a title and a message, checked by the contract's
 * `announcementInputSchema`, mailed through the outbox. The server's field errors land on their
 * fields. Mount it with a new `key` for each opening, so it starts empty.
 */
import { FormDialog } from '../../shared/ui/form-dialog';
import { useAnnounceMutation } from './api/announcements-api';
import { AnnouncementFields } from './announcement-fields';
import { DiscardAnnouncementDialog, useAnnouncementForm } from './announcement-form';

export interface AnnounceDialogProps {
  open: boolean;
  enrollment: { _id: string; name: string; email: string };
  onClose: () => void;
}

export function AnnounceDialog({ open, enrollment, onClose }: AnnounceDialogProps) {
  const [announce, { isLoading: sending }] = useAnnounceMutation();
  const form = useAnnouncementForm({
    send: (text) => announce({ enrollmentId: enrollment._id, ...text }).unwrap(),
    sending,
    onClose,
  });

  return (
    <>
      <FormDialog
        open={open}
        title={`Announce to ${enrollment.name}`}
        description={<>Emailed to {enrollment.email}. Its delivery shows under Announcements.</>}
        submitLabel="Send announcement"
        busy={sending}
        failure={form.formError}
        onSubmit={(e) => void form.onSubmit(e)}
        onClose={form.requestClose}
      >
        <AnnouncementFields {...form.fields} />
      </FormDialog>
      <DiscardAnnouncementDialog {...form.discard} />
    </>
  );
}

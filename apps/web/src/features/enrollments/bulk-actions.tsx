/**
 * What staff may do to the enrolments selected on the list, each only for a role allowed the
 * single action: payment reminders (previewed first), an announcement, approve or reject (each student emailed).
 */
import { useMemo } from 'react';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import CampaignOutlinedIcon from '@mui/icons-material/CampaignOutlined';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import type { BulkDecision } from '@registrar/contract/bulk-actions';
import type { BulkAction, BulkValues } from '../../shared/ui/resource-list/resource-list';
import { usePermissions } from '../../shared/session/permissions';
import { useAnnounceToSelectedMutation, useDecideEnrollmentsMutation } from './api/enrollments-api';
import { RemindDialog } from './remind-dialog';

const students = (n: number) => `${n} ${n === 1 ? 'student' : 'students'}`;
const enrolments = (n: number) => `${n} ${n === 1 ? 'enrolment' : 'enrolments'}`;

function NoteField({ values, set }: { values: BulkValues; set: (name: string, value: string) => void }) {
  return (
    <Stack spacing={1.5} sx={{ pt: 0.5 }}>
      <Typography variant="body2">Each student will be emailed. Only pending enrolments change.</Typography>
      <TextField
        label="Note to the students (optional)"
        value={values.note ?? ''}
        onChange={(e) => set('note', e.target.value)}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        fullWidth
      />
    </Stack>
  );
}

export function useEnrollmentBulkActions(): BulkAction[] {
  const allowed = usePermissions();
  const [announce] = useAnnounceToSelectedMutation();
  const [decide] = useDecideEnrollmentsMutation();
  const mayRemind = allowed('fees.remind');
  const mayAnnounce = allowed('announcements.send');
  const mayDecide = allowed('enrollments.status');

  return useMemo(() => {
    const decision = (status: BulkDecision): BulkAction => ({
      key: status,
      label: status === 'approved' ? 'Approve' : 'Reject',
      icon: status === 'approved' ? <CheckCircleOutlineIcon /> : <HighlightOffIcon />,
      question: (n) => `${status === 'approved' ? 'Approve' : 'Reject'} ${enrolments(n)}?`,
      confirmLabel: status === 'approved' ? 'Approve' : 'Reject',
      doneLabel: status,
      destructive: status === 'rejected',
      fields: (values, set) => <NoteField values={values} set={set} />,
      run: async (ids, values) => {
        const note = values.note?.trim();
        const r = await decide({ enrollmentIds: ids, status, ...(note ? { note } : {}) }).unwrap();
        return { done: r.changed, skipped: r.skipped };
      },
    });
    const actions: BulkAction[] = [];
    if (mayRemind)
      actions.push({
        key: 'remind',
        label: 'Send reminders',
        icon: <NotificationsActiveOutlinedIcon />,
        doneLabel: 'sent',
        dialog: RemindDialog,
      });
    if (mayAnnounce)
      actions.push({
        key: 'announce',
        label: 'Announce',
        icon: <CampaignOutlinedIcon />,
        question: (n) => `Send an announcement to ${students(n)}?`,
        confirmLabel: 'Send',
        doneLabel: 'sent',
        fields: (values, set) => (
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label="Title"
              required
              value={values.title ?? ''}
              onChange={(e) => set('title', e.target.value)}
              slotProps={{ htmlInput: { maxLength: 150 } }}
              fullWidth
            />
            <TextField
              label="Message"
              required
              value={values.message ?? ''}
              onChange={(e) => set('message', e.target.value)}
              multiline
              minRows={4}
              slotProps={{ htmlInput: { maxLength: 5000 } }}
              fullWidth
            />
          </Stack>
        ),
        ready: (values) => Boolean(values.title?.trim() && values.message?.trim()),
        run: async (ids, values) => {
          const r = await announce({ enrollmentIds: ids, title: values.title!, message: values.message! }).unwrap();
          return { done: r.sent, skipped: r.skipped };
        },
      });
    if (mayDecide) actions.push(decision('approved'), decision('rejected'));
    return actions;
  }, [mayRemind, mayAnnounce, mayDecide, announce, decide]);
}

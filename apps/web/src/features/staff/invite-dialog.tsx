/** Invite a staff member: name, email and role; the server mails a link to choose a password. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ROLES, ROLE_LABELS } from '@registrar/contract/permissions';
import { staffInviteSchema, type StaffInviteInput } from '@registrar/contract/staff-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { useInviteStaffMutation } from './api/staff-api';

export function InviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [invite, { isLoading, error, reset: resetMutation }] = useInviteStaffMutation();
  const {
    control,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<StaffInviteInput>({
    resolver: zodResolver(staffInviteSchema),
    defaultValues: { name: '', email: '', role: 'counsellor' },
  });
  const close = () => {
    reset();
    resetMutation();
    onClose();
  };
  const submit = handleSubmit(async (values) => {
    const result = await invite(values);
    if ('data' in result) close();
    else
      for (const f of (result.error as ApiQueryError | undefined)?.fieldErrors ?? [])
        if (f.path === 'name' || f.path === 'email' || f.path === 'role') setError(f.path, { message: f.message });
  });
  const serverError = (error as ApiQueryError | undefined)?.message;

  return (
    <Dialog open={open} onClose={close} aria-labelledby="invite-title" fullWidth maxWidth="xs">
      <form noValidate onSubmit={(e) => void submit(e)}>
        <DialogTitle id="invite-title">Invite a staff member</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {serverError ? <Alert severity="error">{serverError}</Alert> : null}
            <Controller
              name="name"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Name"
                  required
                  autoFocus
                  error={!!errors.name}
                  helperText={errors.name?.message}
                />
              )}
            />
            <Controller
              name="email"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  label="Email"
                  type="email"
                  required
                  error={!!errors.email}
                  helperText={errors.email?.message}
                />
              )}
            />
            <Controller
              name="role"
              control={control}
              render={({ field }) => (
                <TextField
                  {...field}
                  select
                  label="Role"
                  required
                  error={!!errors.role}
                  helperText={errors.role?.message ?? 'What they may see and do; see Roles and permissions'}
                >
                  {ROLES.map((role) => (
                    <MenuItem key={role} value={role}>
                      {ROLE_LABELS[role]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" loading={isLoading}>
            Send invitation
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

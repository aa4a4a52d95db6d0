/**
 * The profile screen: the signed-in staff member views and edits their
 * name and phone, chooses how new enrolments reach them by mail, changes their password, and can sign out. Admin console: MUI is fine here.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, type FormEvent } from 'react';
import { useForm, type FieldPath, type FieldValues, type UseFormSetError } from 'react-hook-form';
import { useDispatch } from 'react-redux';
import type { z } from 'zod';
import Avatar from '@mui/material/Avatar';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ENROLLMENT_MAIL_CHOICES,
  ENROLLMENT_MAIL_LABELS,
  STAFF_MESSAGES,
  changePasswordSchema,
  updateProfileSchema,
  type ChangePasswordInput,
  type EnrollmentMailChoice,
  type StaffUser,
  type UpdateProfileInput,
} from '@registrar/contract/staff';
import type { ApiQueryError } from '../../shared/api/base-api';
import { formatDate } from '../../shared/lib/format-date';
import { useLogout } from '../../shared/session/use-logout';
import { useSignedInProfileQuery } from '../../shared/session/session-api';
import { userUpdated } from '../../shared/session/session-slice';
import { PasswordTextField } from './password-text-field';
import { useChangePasswordMutation, useUpdateProfileMutation } from './api/profile-api';
import { RetryAlert } from '../../shared/ui/retry-alert';
import { muiField } from '../../shared/form/mui-field';

type ProfileForm = { name: string; phone: string };
type ProfileOutput = z.output<typeof updateProfileSchema>;

/** Puts the server's field errors (and known messages) next to the fields they concern. */
function showServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly FieldPath<T>[],
  byMessage: Partial<Record<string, FieldPath<T>>> = {},
) {
  const error = err as Partial<ApiQueryError>;
  for (const { path, message } of error.fieldErrors ?? []) {
    if ((fields as readonly string[]).includes(path))
      setError(path as FieldPath<T>, { message }, { shouldFocus: true });
  }
  const field = error.message ? byMessage[error.message] : undefined;
  if (field) setError(field, { message: error.message }, { shouldFocus: true });
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0]!, parts[parts.length - 1]!] : parts.slice(0, 1);
  return letters.map((p) => p.charAt(0).toLocaleUpperCase()).join('') || '?';
}

const memberSince = (iso: string) => (Number.isNaN(Date.parse(iso)) ? '' : formatDate(iso, { style: 'long' }));

function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A section that is one form: its fields one under another, then its button. */
function FormSection({
  id,
  title,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  onSubmit: (event: FormEvent) => Promise<void>;
  children: React.ReactNode;
}) {
  return (
    <Section id={id} title={title}>
      <Box component="form" noValidate onSubmit={(e) => void onSubmit(e)}>
        <Stack spacing={2.5}>{children}</Stack>
      </Box>
    </Section>
  );
}

function ProfileDetails({ user }: { user: StaffUser }) {
  const dispatch = useDispatch();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const values = useMemo<ProfileForm>(() => ({ name: user.name, phone: user.phone ?? '' }), [user.name, user.phone]);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isDirty },
  } = useForm<UpdateProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileSchema),
    mode: 'onTouched',
    values,
  });

  const onSubmit = handleSubmit(async ({ name, phone }) => {
    try {
      const { data } = await updateProfile({ name, phone }).unwrap();
      dispatch(userUpdated(data.user));
    } catch (err) {
      showServerErrors(err, setError, ['name', 'phone']); // the services slice toasts the message
    }
  });

  const registered = muiField(register, errors);
  return (
    <FormSection id="profile-details-title" title="Profile details" onSubmit={onSubmit}>
      <TextField
        label="Email"
        value={user.email}
        helperText="Your login email. Ask an administrator to change it."
        slotProps={{ htmlInput: { readOnly: true } }}
        fullWidth
      />
      <TextField label="Name" required autoComplete="name" fullWidth {...registered('name')} />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel-national"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        fullWidth
        {...registered('phone', '10 digits, not starting with 0. Optional.')}
      />
      <Box>
        <Button type="submit" variant="contained" loading={isLoading} disabled={!isDirty && !isLoading}>
          Save Changes
        </Button>
      </Box>
    </FormSection>
  );
}

function ChangePassword() {
  const [changePassword, { isLoading }] = useChangePasswordMutation();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (passwords) => {
    try {
      await changePassword(passwords).unwrap();
      reset();
    } catch (err) {
      showServerErrors(err, setError, ['currentPassword', 'newPassword', 'confirmPassword'], {
        [STAFF_MESSAGES.currentPasswordWrong]: 'currentPassword',
        [STAFF_MESSAGES.passwordTooCommon]: 'newPassword',
        [STAFF_MESSAGES.newPasswordSameAsOld]: 'newPassword',
      });
    }
  });

  const registered = muiField(register, errors);
  return (
    <FormSection id="change-password-title" title="Change password" onSubmit={onSubmit}>
      <PasswordTextField
        label="Current password"
        autoComplete="current-password"
        required
        fullWidth
        {...registered('currentPassword')}
      />
      <PasswordTextField
        label="New password"
        autoComplete="new-password"
        required
        fullWidth
        {...registered('newPassword', 'At least 8 characters, with upper- and lower-case letters.')}
      />
      <PasswordTextField
        label="Confirm new password"
        autoComplete="new-password"
        required
        fullWidth
        {...registered('confirmPassword')}
      />
      <Typography variant="body2" color="text.secondary">
        Changing your password signs you out everywhere else.
      </Typography>
      <Box>
        <Button type="submit" variant="contained" loading={isLoading}>
          Change Password
        </Button>
      </Box>
    </FormSection>
  );
}

/** How new enrolments reach this staff member by mail; a choice is saved as soon as it is made. */
function EnrollmentMail({ user }: { user: StaffUser }) {
  const dispatch = useDispatch();
  const [updateProfile, { isLoading }] = useUpdateProfileMutation();
  const choose = async (enrollmentMail: EnrollmentMailChoice) => {
    try {
      const { data } = await updateProfile({ name: user.name, phone: user.phone, enrollmentMail }).unwrap();
      dispatch(userUpdated(data.user));
    } catch {
      // the services slice toasts the message; the choice shown stays the saved one
    }
  };
  return (
    <Section id="enrollment-mail-title" title="New enrolment mail">
      <FormControl disabled={isLoading}>
        <FormLabel id="enrollment-mail-label">How new enrolments reach you</FormLabel>
        <RadioGroup
          aria-labelledby="enrollment-mail-label"
          name="enrollmentMail"
          value={user.enrollmentMail}
          onChange={(_e, value) => void choose(value as EnrollmentMailChoice)}
        >
          {ENROLLMENT_MAIL_CHOICES.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={ENROLLMENT_MAIL_LABELS[choice]} />
          ))}
        </RadioGroup>
      </FormControl>
    </Section>
  );
}

function SignOut() {
  const logout = useLogout();
  return (
    <Section id="sign-out-title" title="Sign out">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Sign out of Registrar on this device.
      </Typography>
      <Button variant="outlined" color="primary" onClick={() => void logout()}>
        Logout
      </Button>
    </Section>
  );
}

export function ProfileScreen() {
  const { data: user, isLoading, isError, error, refetch } = useSignedInProfileQuery();
  return (
    <Box component="section" aria-labelledby="profile-title" sx={{ p: { xs: 2, md: 3 }, maxWidth: 880, mx: 'auto' }}>
      <Typography
        id="profile-title"
        variant="h4"
        component="h1"
        sx={{ mb: 3, fontSize: { xs: '1.75rem', sm: '2.125rem' } }}
      >
        User Profile
      </Typography>
      {isLoading && (
        <Stack spacing={2} role="status" aria-label="Loading your profile">
          <Skeleton variant="rounded" height={96} />
          <Skeleton variant="rounded" height={280} />
        </Stack>
      )}
      {!user && isError && (
        <RetryAlert onRetry={refetch}>
          {(error as Partial<ApiQueryError> | undefined)?.message || 'Your profile could not be loaded.'}
        </RetryAlert>
      )}
      {user && (
        <Stack spacing={3}>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'flex', gap: 2, alignItems: 'center' }}>
            <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main' }} aria-hidden="true">
              {initials(user.name)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="p" sx={{ overflowWrap: 'anywhere' }}>
                {user.name}
              </Typography>
              <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
              {memberSince(user.createdAt) && (
                <Typography variant="body2" color="text.secondary">
                  Staff member since {memberSince(user.createdAt)}
                </Typography>
              )}
            </Box>
          </Paper>
          <ProfileDetails user={user} />
          <EnrollmentMail user={user} />
          <ChangePassword />
          <SignOut />
        </Stack>
      )}
    </Box>
  );
}

/**
 * Edit an inquiry (`PUT /api/inquiry/{id}` with the fields of the public form): the contract's
 * `inquirySchema` through react-hook-form, errors after blur or a save attempt, the server's field
 * errors on their fields, and a confirmation before unsaved changes are thrown away.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INQUIRY_WORKING_AS_OPTIONS, REFERENCE_OPTIONS } from '@registrar/contract/constants';
import { inquirySchema, type Inquiry } from '@registrar/contract/inquiry';
import type { InquiryDetail } from '@registrar/contract/inquiry-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { DiscardChangesDialog, useDiscardGuard } from '../../shared/ui/discard-guard';
import { FormDialog } from '../../shared/ui/form-dialog';
import { REFERENCE_LABELS, WORKING_AS_LABELS } from '../../shared/lib/inquiry-labels';
import { useInquiryAreasOfInterestQuery, useUpdateInquiryMutation } from './api/inquiries-api';

interface EditValues {
  name: string;
  address: string;
  email: string;
  phoneNumber: string;
  currentlyWorkingAs: string;
  currentlyAt: string;
  areaOfInterest: string[];
  reference: string;
  friendName: string;
  friendWorkingArea: string;
  courseId: string;
}
const FIELDS: readonly FieldPath<EditValues>[] = [
  'name',
  'address',
  'email',
  'phoneNumber',
  'currentlyWorkingAs',
  'currentlyAt',
  'areaOfInterest',
  'reference',
  'friendName',
  'friendWorkingArea',
  'courseId',
];

const valuesOf = (inquiry: InquiryDetail): EditValues => ({
  name: inquiry.name,
  address: inquiry.address,
  email: inquiry.email,
  phoneNumber: inquiry.phoneNumber,
  currentlyWorkingAs: inquiry.currentlyWorkingAs ?? '',
  currentlyAt: inquiry.currentlyAt ?? '',
  areaOfInterest: inquiry.areaOfInterest,
  reference: inquiry.reference,
  friendName: inquiry.friendName ?? '',
  friendWorkingArea: inquiry.friendWorkingArea ?? '',
  courseId: inquiry.courseId ?? '',
});

interface InquiryEditDialogProps {
  open: boolean;
  inquiry: InquiryDetail;
  onClose: () => void;
}

export function InquiryEditDialog({ open, inquiry, onClose }: InquiryEditDialogProps) {
  const [updateInquiry, { isLoading }] = useUpdateInquiryMutation();
  const { data: areas = [] } = useInquiryAreasOfInterestQuery(undefined, { skip: !open });
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty },
  } = useForm<EditValues, unknown, Inquiry>({
    resolver: zodResolver(inquirySchema) as never,
    mode: 'onTouched',
    defaultValues: valuesOf(inquiry),
  });
  const isFriend = watch('reference') === 'friend';

  // Areas on offer, plus any this inquiry names that are no longer offered (they must be unticked).
  const offered = new Set(areas.map((a) => a.name));
  const areaNames = [...areas.map((a) => a.name), ...inquiry.areaOfInterest.filter((n) => !offered.has(n))];
  const courseOptions = [...areas];
  if (inquiry.courseId && !areas.some((a) => a._id === inquiry.courseId))
    courseOptions.push({ _id: inquiry.courseId, name: 'The course chosen before (no longer offered)' });

  const { requestClose, dialog: discard } = useDiscardGuard({ dirty: isDirty, busy: isLoading, onClose });

  const onSave = handleSubmit(async (values) => {
    setFailure(null);
    const body: Inquiry = { ...values };
    if (values.reference !== 'friend') {
      delete body.friendName;
      delete body.friendWorkingArea;
    }
    try {
      await updateInquiry({ id: inquiry._id, inquiry: body }).unwrap();
      onClose();
    } catch (err) {
      const error = err as Partial<ApiQueryError>;
      setFailure(error.message || 'The inquiry could not be saved.');
      for (const { path, message } of error.fieldErrors ?? []) {
        const field = path.split('.')[0] as FieldPath<EditValues>;
        if (FIELDS.includes(field)) setError(field, { message }, { shouldFocus: true });
      }
    }
  });

  const text = (name: Exclude<keyof EditValues, 'areaOfInterest'>) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
    fullWidth: true,
  });

  return (
    <>
      <FormDialog
        open={open}
        title="Edit inquiry"
        submitLabel="Save changes"
        busy={isLoading}
        failure={failure}
        onSubmit={(event) => void onSave(event)}
        onClose={requestClose}
      >
        <TextField label="Name" required autoComplete="off" {...text('name')} />
        <TextField label="Address" required multiline minRows={2} {...text('address')} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField label="Email" required type="email" {...text('email')} />
          <TextField
            label="Phone number"
            required
            type="tel"
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...text('phoneNumber')}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
          <TextField
            select
            label="Currently working as"
            slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            {...text('currentlyWorkingAs')}
          >
            <option value="">Not given</option>
            {INQUIRY_WORKING_AS_OPTIONS.map((value) => (
              <option key={value} value={value}>
                {WORKING_AS_LABELS[value]}
              </option>
            ))}
          </TextField>
          <TextField label="Currently at" {...text('currentlyAt')} />
        </Stack>
        <Controller
          control={control}
          name="areaOfInterest"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" required error={Boolean(fieldState.error)}>
              <FormLabel component="legend">Areas of interest</FormLabel>
              <FormGroup onBlur={field.onBlur}>
                {areaNames.map((name, index) => (
                  <FormControlLabel
                    key={name}
                    label={offered.has(name) ? name : `${name} (no longer offered)`}
                    control={
                      <Checkbox
                        slotProps={{ input: { ref: index === 0 ? field.ref : undefined } }}
                        checked={field.value.includes(name)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value.filter((n) => n !== name), name]
                              : field.value.filter((n) => n !== name),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
            </FormControl>
          )}
        />
        <TextField
          select
          label="Preferred course"
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...text('courseId')}
        >
          <option value="">No preference</option>
          {courseOptions.map((course) => (
            <option key={course._id} value={course._id}>
              {course.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Reference"
          required
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          {...text('reference')}
        >
          {REFERENCE_OPTIONS.map((value) => (
            <option key={value} value={value}>
              {REFERENCE_LABELS[value]}
            </option>
          ))}
        </TextField>
        {isFriend && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2.5}>
            <TextField label="Friend's name" {...text('friendName')} />
            <TextField label="Friend's working area" {...text('friendWorkingArea')} />
          </Stack>
        )}
      </FormDialog>
      <DiscardChangesDialog {...discard} description="The changes you made to this inquiry will be lost." />
    </>
  );
}

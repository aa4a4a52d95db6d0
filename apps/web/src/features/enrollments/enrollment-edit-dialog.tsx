/**
 * Edit an enrolment (`PUT /api/student-enrollment/{id}`, multipart): the text fields that changed
 * and any documents to replace, including the authority signature. The contract's
 * `enrollmentFieldsSchema` checks the merged values with its own messages (an unchanged joining
 * date in the past is history, not a mistake, so it is only checked when changed); the server's
 * field errors land on their fields; unsaved changes are only thrown away after a confirmation.
 */
import { useId, useState, type ChangeEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  ENROLLMENT_FILE_FIELDS,
  enrollmentFieldsSchema,
  type EnrollmentFileField,
} from '@registrar/contract/enrollment';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import type { ApiQueryError } from '../../shared/api/base-api';
import { DiscardChangesDialog, useDiscardGuard } from '../../shared/ui/discard-guard';
import { useGetCoursesQuery } from '../../shared/api/course-list-api';
import { useGetSiteQuery } from '../../shared/api/site-api';
import { UPLOAD_ACCEPT, checkUpload, formatBytes } from '../../shared/lib/file-rules';
import type { TextName, Values } from '../../shared/form/enrollment-types';
import { DOCUMENT_LABELS } from '../../shared/lib/enrollment-labels';
import { firstMessages, useOnTouchedForm } from '../../shared/form/use-on-touched-form';
import { SchedulePreview } from './fees/schedule-preview';
import { EnrollmentTextFields } from './enrollment-fields';
import { useUpdateEnrollmentMutation } from './api/enrollments-api';
import { useCan } from '../../shared/session/permissions';

const FILE_FIELDS = Object.keys(ENROLLMENT_FILE_FIELDS) as EnrollmentFileField[];

export const valuesOf = (e: EnrollmentDetail): Values => ({
  name: e.name,
  email: e.email,
  phoneNumber: e.phoneNumber,
  alterNativePhoneNumber: e.alterNativePhoneNumber ?? '',
  currentAddress: e.currentAddress,
  permanentAddress: e.permanentAddress,
  startDate: e.startDate ?? '',
  endDate: e.endDate ?? '',
  courseId: e.courseId,
  currentlyWorking: e.currentlyWorking,
  currentlyWorkingPlace: e.currentlyWorkingPlace,
  currentSem: e.currentSem ?? '',
  designation: e.designation ?? '',
  paymentMode: e.paymentMode ?? '',
  paymentMethod: e.paymentMethod,
  state: e.state ?? '',
  gstin: e.gstin ?? '',
});

/** The text fields whose value differs from the enrolment's. */
export function changedFields(original: Values, values: Values): Partial<Values> {
  const patch: Partial<Values> = {};
  for (const key of Object.keys(values) as TextName[]) if (values[key] !== original[key]) patch[key] = values[key];
  return patch;
}

interface EnrollmentEditDialogProps {
  open: boolean;
  enrollment: EnrollmentDetail;
  onClose: () => void;
}

export function EnrollmentEditDialog({ open, enrollment, onClose }: EnrollmentEditDialogProps) {
  const id = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const [original] = useState(() => valuesOf(enrollment));
  const [files, setFiles] = useState<Partial<Record<EnrollmentFileField, File>>>({});
  const [fileProblems, setFileProblems] = useState<Partial<Record<EnrollmentFileField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [updateEnrollment, { isLoading }] = useUpdateEnrollmentMutation();
  const mayReplan = useCan('fees.record');
  const { data: courses } = useGetCoursesQuery({ page: 1, limit: 100 }, { skip: !open });
  // Asked afresh each time: GST switched on or off since decides what a tax-exclusive course charges.
  const { data: site } = useGetSiteQuery(undefined, { skip: !open, refetchOnMountOrArgChange: true });

  const form = useOnTouchedForm<Values, Values>(original, (values) => {
    const parsed = enrollmentFieldsSchema.safeParse({
      ...values,
      startDate: values.startDate === original.startDate ? '' : values.startDate,
    });
    return { data: parsed.success ? values : undefined, errors: firstMessages(parsed.error?.issues ?? []) };
  });
  const { values, error } = form;
  const patch = changedFields(original, values);
  const dirty = Object.keys(patch).length > 0 || Object.keys(files).length > 0;
  const changesSchedule = ['courseId', 'paymentMethod', 'startDate'].some((k) => k in patch);

  const courseOptions = (courses?.items ?? []).map((c) => ({
    value: c._id,
    label: c.active ? c.name : `${c.name} (inactive)`,
  }));
  if (!courseOptions.some((c) => c.value === enrollment.courseId))
    courseOptions.unshift({ value: enrollment.courseId, label: enrollment.course.name });

  const { requestClose, dialog: discard } = useDiscardGuard({ dirty: dirty, busy: isLoading, onClose });

  const chooseFile = (field: EnrollmentFileField, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const problem = checkUpload(file);
    setFileProblems((p) => ({ ...p, [field]: problem ?? undefined }));
    if (!problem) setFiles((f) => ({ ...f, [field]: file }));
    form.changed(field);
  };

  const undoFile = (field: EnrollmentFileField) =>
    setFiles((f) => {
      const next = { ...f };
      delete next[field];
      return next;
    });

  const onSave = async () => {
    setFailure(null);
    if (!dirty) {
      setFailure('Nothing to save: change a field or choose a file first.');
      return;
    }
    await form.submit(async () => {
      const body = new FormData();
      for (const [key, value] of Object.entries(patch)) body.append(key, value);
      for (const [key, file] of Object.entries(files)) body.append(key, file, file.name);
      try {
        await updateEnrollment({ id: enrollment._id, body }).unwrap();
        onClose();
      } catch (err) {
        const failed = err as Partial<ApiQueryError>;
        setFailure(failed.message || 'The enrolment could not be saved.');
        if (failed.fieldErrors?.length) form.setServerErrors(failed.fieldErrors);
      }
    });
  };

  const current = new Map(enrollment.documents.map((d) => [d.field, d]));

  return (
    <>
      <Dialog
        open={open}
        onClose={requestClose}
        fullScreen={fullScreen}
        maxWidth="md"
        fullWidth
        aria-labelledby={`${id}-title`}
      >
        <DialogTitle id={`${id}-title`}>Edit {enrollment.enrollmentNumber}</DialogTitle>
        <DialogContent dividers>
          <Box
            component="form"
            id={`${id}-form`}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void onSave();
            }}
            sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, pt: 1 }}
          >
            <EnrollmentTextFields form={form} courseOptions={courseOptions} feesLocked={!mayReplan}>
              <Box sx={{ gridColumn: '1 / -1' }}>
                {changesSchedule ? (
                  <SchedulePreview
                    enrollment={enrollment}
                    values={{
                      courseId: values.courseId,
                      paymentMethod: values.paymentMethod,
                      startDate: values.startDate,
                    }}
                    courses={courses?.items ?? []}
                    gstOn={site ? site.gstEnabled === true : undefined}
                  />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    Changing the course, the payment method or the joining date changes the fee schedule; what it does
                    is shown here before you save.
                  </Typography>
                )}
              </Box>
            </EnrollmentTextFields>

            <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, minWidth: 0 }}>
              <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
                Documents
              </Typography>
              <Stack spacing={1.5}>
                {FILE_FIELDS.map((field) => {
                  const chosen = files[field];
                  const existing = current.get(field);
                  const problem = fileProblems[field] ?? error(field);
                  const inputId = `${id}-${field}`;
                  return (
                    <Box key={field} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
                        <Typography id={`${inputId}-label`} sx={{ fontWeight: 600 }}>
                          {DOCUMENT_LABELS[field]}
                        </Typography>
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {chosen
                            ? `New: ${chosen.name} (${formatBytes(chosen.size)})`
                            : existing
                              ? `Now: ${existing.originalName}`
                              : 'None yet'}
                        </Typography>
                        {problem && (
                          <Typography variant="body2" color="error" role="alert">
                            {problem}
                          </Typography>
                        )}
                      </Box>
                      <Button component="label" variant="outlined" size="small">
                        {existing || chosen ? 'Replace' : 'Add'}
                        <span className="visually-hidden"> {DOCUMENT_LABELS[field]}</span>
                        <input
                          type="file"
                          hidden
                          accept={UPLOAD_ACCEPT}
                          aria-labelledby={`${inputId}-label`}
                          onChange={(event) => chooseFile(field, event)}
                        />
                      </Button>
                      {chosen && (
                        <Button size="small" onClick={() => undoFile(field)}>
                          Undo<span className="visually-hidden"> {DOCUMENT_LABELS[field]}</span>
                        </Button>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            </Box>
          </Box>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={requestClose} disabled={isLoading}>
            Cancel
          </Button>
          <Button type="submit" form={`${id}-form`} variant="contained" loading={isLoading}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
      <DiscardChangesDialog {...discard} description="The changes to this enrolment have not been saved." />
    </>
  );
}

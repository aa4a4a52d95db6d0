/**
 * The documents of a front-desk enrolment: each one taken with the phone's camera (the file input's
 * `capture` attribute opens it straight away on a phone; a desktop picks a file) or left "to follow",
 * which the enrolment then records until someone attaches it.
 */
import { useId, type ChangeEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { ENROLLMENT_FILE_FIELDS, PUBLIC_ENROLLMENT_FILE_FIELD_NAMES } from '@registrar/contract/enrollment';
import { STAFF_ENROLLMENT_MESSAGES } from '@registrar/contract/staff-enrollment';
import type { Files, UploadName } from '../../../shared/form/enrollment-types';
import { DOCUMENT_LABELS } from '../../../shared/lib/enrollment-labels';
import { UPLOAD_ACCEPT, checkUpload, formatBytes } from '../../../shared/lib/file-rules';

interface CaptureDocumentsProps {
  files: Files;
  problems: Partial<Record<UploadName, string>>;
  onChoose: (field: UploadName, file: File | null, problem: string | null) => void;
}

export function CaptureDocuments({ files, problems, onChoose }: CaptureDocumentsProps) {
  const id = useId();
  const choose = (field: UploadName, event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onChoose(field, file, checkUpload(file));
  };
  return (
    <Box component="fieldset" sx={{ gridColumn: '1 / -1', border: 0, p: 0, m: 0, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600, mb: 0.5 }}>
        Documents
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Take a photo of each with this device, or leave it to follow: the enrolment shows what is still missing.
      </Typography>
      <Stack spacing={1.5}>
        {(PUBLIC_ENROLLMENT_FILE_FIELD_NAMES as UploadName[]).map((field) => {
          const chosen = files[field];
          const labelId = `${id}-${field}`;
          const required = ENROLLMENT_FILE_FIELDS[field].required;
          return (
            <Box key={field} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                <Typography id={labelId} sx={{ fontWeight: 600 }}>
                  {DOCUMENT_LABELS[field]}
                  {required ? '' : ' (optional)'}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {chosen ? `${chosen.name} (${formatBytes(chosen.size)})` : required ? '' : 'None'}
                </Typography>
                {!chosen && required && (
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {STAFF_ENROLLMENT_MESSAGES.toFollow}
                  </Typography>
                )}
                {problems[field] && (
                  <Typography variant="body2" color="error" role="alert">
                    {problems[field]}
                  </Typography>
                )}
              </Box>
              <Button component="label" variant="outlined" size="small" startIcon={<PhotoCameraOutlinedIcon />}>
                {chosen ? 'Retake' : 'Take photo'}
                <span className="visually-hidden"> {DOCUMENT_LABELS[field]}</span>
                <input
                  type="file"
                  hidden
                  accept={UPLOAD_ACCEPT}
                  capture="environment"
                  aria-labelledby={labelId}
                  data-field={field}
                  onChange={(event) => choose(field, event)}
                />
              </Button>
              {chosen && (
                <Button size="small" onClick={() => onChoose(field, null, null)}>
                  {required ? 'Mark to follow' : 'Remove'}
                  <span className="visually-hidden"> {DOCUMENT_LABELS[field]}</span>
                </Button>
              )}
            </Box>
          );
        })}
      </Stack>
    </Box>
  );
}

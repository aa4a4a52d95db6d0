/**
 * Every saved version of the terms, newest first, with who saved it and when. A version can be
 * read (sanitized) and restored into the editor, where it becomes the current one when saved.
 */
import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TermsVersion } from '@registrar/contract/terms';
import type { ApiQueryError } from '../../shared/api/base-api';
import { formatDateTime } from '../../shared/lib/format-date';
import { SanitizedHtml } from '../../shared/ui/sanitized-html';
import { useGetTermsVersionsQuery } from './api/terms-api';
import { richTextSx } from './rich-text-editor';
import { RetryAlert } from '../../shared/ui/retry-alert';

export const formatSavedAt = (iso: string | null): string => (iso ? formatDateTime(iso) : 'not saved yet');

const savedBy = (v: TermsVersion) => (v.savedBy ? v.savedBy.name || v.savedBy.email : 'a former staff member');

export function VersionHistory({
  currentVersion,
  onRestore,
}: {
  currentVersion: number | undefined;
  onRestore: (version: TermsVersion) => void;
}) {
  const { data: versions, isLoading, isError, error, refetch, isFetching } = useGetTermsVersionsQuery();
  const [viewing, setViewing] = useState<TermsVersion | null>(null);

  let body;
  if (isError && !versions) {
    body = (
      <RetryAlert onRetry={refetch}>
        {(error as Partial<ApiQueryError> | undefined)?.message || 'The version history could not be loaded.'}
      </RetryAlert>
    );
  } else if (isLoading || !versions) {
    body = (
      <Stack spacing={1} role="status" aria-label="Loading the version history">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  } else if (versions.length === 0) {
    body = <Typography color="text.secondary">No saved versions yet. The first save creates version 1.</Typography>;
  } else {
    body = (
      <Box component="ol" aria-busy={isFetching || undefined} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {versions.map((version) => {
          const current = version.version === currentVersion;
          return (
            <Box
              component="li"
              key={version._id}
              sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0, pt: 0 } }}
            >
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Typography component="h3" variant="subtitle2">
                  Version {version.version}
                </Typography>
                {current && <Chip label="Current" size="small" color="primary" variant="outlined" />}
              </Stack>
              <Typography variant="body2" color="text.secondary">
                {formatSavedAt(version.updatedAt)} · by {savedBy(version)}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
                <Button size="small" onClick={() => setViewing(version)} aria-label={`View version ${version.version}`}>
                  View
                </Button>
                <Button
                  size="small"
                  onClick={() => onRestore(version)}
                  aria-label={`Restore version ${version.version}`}
                >
                  Restore
                </Button>
              </Stack>
            </Box>
          );
        })}
      </Box>
    );
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby="terms-history-title" sx={{ p: 2 }}>
      <Typography id="terms-history-title" component="h2" variant="h6" sx={{ mb: 1.5 }}>
        Version history
      </Typography>
      {body}
      <Dialog
        open={Boolean(viewing)}
        onClose={() => setViewing(null)}
        fullWidth
        maxWidth="md"
        scroll="paper"
        aria-labelledby="terms-version-title"
      >
        <DialogTitle id="terms-version-title">
          Version {viewing?.version}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
            {viewing ? `${formatSavedAt(viewing.updatedAt)} · by ${savedBy(viewing)}` : ''}
          </Typography>
        </DialogTitle>
        <DialogContent dividers>
          {viewing && (
            <>
              <Typography component="p" variant="h6" sx={{ mb: 1 }}>
                {viewing.name}
              </Typography>
              <Box sx={richTextSx}>
                <SanitizedHtml html={viewing.description} />
              </Box>
            </>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          <Button onClick={() => setViewing(null)}>Close</Button>
          <Button
            variant="contained"
            onClick={() => {
              if (viewing) onRestore(viewing);
              setViewing(null);
            }}
          >
            Restore into the editor
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

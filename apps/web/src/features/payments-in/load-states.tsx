/** The loading line and the error with Retry that each part of Payments In shows while it loads. */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';

export function Loading({ what }: { what: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center', my: 1 }}>
      <CircularProgress size={20} aria-hidden="true" /> Loading {what}…
    </Box>
  );
}

export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ my: 1 }}
      action={
        <Button color="inherit" size="small" onClick={retry}>
          Retry
        </Button>
      }
    >
      {what} could not be loaded.
    </Alert>
  );
}

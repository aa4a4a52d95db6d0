/** A read that failed, said in an error alert that offers to try it again. */
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';

export function RetryAlert({ onRetry, children, ...props }: Omit<AlertProps, 'action'> & { onRetry: () => unknown }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          Retry
        </Button>
      }
      {...props}
    >
      {children}
    </Alert>
  );
}

/** Loading and failure as every accounts screen shows them. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { RetryAlert } from '../../shared/ui/retry-alert';

export function QueryState({
  isLoading,
  isError,
  refetch,
  what,
  children,
}: {
  isLoading: boolean;
  isError: boolean;
  refetch: () => unknown;
  /** What is loading, e.g. "the cash book". */
  what: string;
  children: ReactNode;
}) {
  if (isLoading)
    return (
      <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <CircularProgress size={20} aria-hidden="true" /> Loading {what}…
      </Box>
    );
  if (isError)
    return (
      <RetryAlert onRetry={refetch}>{`${what[0]!.toUpperCase()}${what.slice(1)} could not be loaded.`}</RetryAlert>
    );
  return <>{children}</>;
}

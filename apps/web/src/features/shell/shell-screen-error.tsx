/**
 * A screen inside the shell failed (not its chunk: ChunkErrorBoundary handles that). The sidebar
 * stays, so staff can go elsewhere; the screen area says what happened (in the error page's words).
 */
import { Link, isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@registrar/contract/messages';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return MESSAGES.somethingWentWrong;
}

export function ShellScreenError() {
  const error = useRouteError();
  return (
    <section className="shell-page" role="alert">
      <h1>{MESSAGES.unexpectedApplicationError}</h1>
      <p className="shell-error-detail">{describe(error)}</p>
      <p className="shell-actions">
        <button type="button" className="shell-button" onClick={() => window.location.reload()}>
          Reload
        </button>
        <Link to="/dashboard">Back to the dashboard</Link>
      </p>
    </section>
  );
}

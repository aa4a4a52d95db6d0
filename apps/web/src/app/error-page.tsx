/** The default error page: 'Unexpected Application Error!' with the status or message. */
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MESSAGES } from '@registrar/contract/messages';

export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return MESSAGES.somethingWentWrong;
}

export function ErrorPage() {
  const error = useRouteError();
  return (
    <main className="error-page" id="main-content">
      <h1>{MESSAGES.unexpectedApplicationError}</h1>
      <p className="error-detail">{describeRouteError(error)}</p>
      <p>
        <a href="/">Go to the start page</a> or{' '}
        <button type="button" className="link-button" onClick={() => window.location.reload()}>
          reload
        </button>
        .
      </p>
    </main>
  );
}

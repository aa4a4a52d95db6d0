import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { MESSAGES } from '@registrar/contract/messages';
import { ErrorPage } from './error-page';

function renderFailing(loader: () => never) {
  const router = createMemoryRouter([{ path: '/', loader, element: <p>never</p>, errorElement: <ErrorPage /> }]);
  render(<RouterProvider router={router} />);
}

describe('default error page', () => {
  it("shows 'Unexpected Application Error!' with the error's message", async () => {
    renderFailing(() => {
      throw new Error('Boom in loader');
    });
    expect(await screen.findByRole('heading', { name: MESSAGES.unexpectedApplicationError })).toBeTruthy();
    expect(screen.getByText('Boom in loader')).toBeTruthy();
  });
  it('shows the status of an error response', async () => {
    renderFailing(() => {
      throw new Response('', { status: 404, statusText: 'Not Found' });
    });
    expect(await screen.findByText('404 Not Found')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { RequireSession } from './require-session';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';

const fetchMock = fetchMockPerTest();

const shell = (
  <RequireSession>
    <p>The admin shell</p>
  </RequireSession>
);

describe('RequireSession', () => {
  it('sends a visitor without a token to /login', async () => {
    const { router } = renderRoute(shell, { path: '/courses' });
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('The admin shell')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('renders the shell for a held token, checks it once and refreshes the staff member', async () => {
    fetchMock.mockResolvedValue(
      json(200, { success: true, message: '', data: { user: { ...STAFF, name: 'Asha V. Verma' } } }),
    );
    const { store } = renderRoute(shell, {
      path: '/courses',
      session: { isLogin: true, accessToken: JWT, user: STAFF },
    });
    expect(screen.getByText('The admin shell')).toBeTruthy();
    await waitFor(() => expect(store.getState().session.user?.name).toBe('Asha V. Verma'));
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/user-profile',
      headers: { authorization: `Bearer ${JWT}` },
    });
  });

  it('hands a revoked session (401) to the 401 rule, which ends in /login', async () => {
    fetchMock.mockResolvedValue(
      json(401, { success: false, message: 'Please sign in to continue', error: 'UNAUTHORIZED' }),
    );
    const { router, onUnauthorized } = renderRoute(shell, {
      path: '/courses',
      session: { isLogin: true, accessToken: JWT, user: STAFF },
    });
    await waitFor(() => expect(onUnauthorized).toHaveBeenCalled());
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { useLogout } from './use-logout';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../test/route-harness';

const fetchMock = fetchMockPerTest();

function LogoutButton() {
  const logout = useLogout();
  return (
    <button type="button" onClick={() => void logout()}>
      Logout
    </button>
  );
}

const signedIn = { isLogin: true, accessToken: JWT, user: STAFF, lastUser: { name: STAFF.name, email: STAFF.email } };

describe('useLogout', () => {
  it('tells the server, clears the session but remembers the last user, and goes to /login', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: STAFF_MESSAGES.signedOut, data: null }));
    const { store, router } = renderRoute(<LogoutButton />, { path: '/profile', session: signedIn });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/logout',
      method: 'POST',
      headers: { authorization: `Bearer ${JWT}` },
    });
    expect(store.getState().session).toMatchObject({ isLogin: false, accessToken: null, user: null });
    expect(store.getState().session.lastUser).toEqual(signedIn.lastUser);
    expect(store.getState().services.message).toBe(STAFF_MESSAGES.signedOut);
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs out here even when the server cannot be reached', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store } = renderRoute(<LogoutButton />, { path: '/profile', session: signedIn });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('sends no call without a token', async () => {
    renderRoute(<LogoutButton />, { path: '/profile' });
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

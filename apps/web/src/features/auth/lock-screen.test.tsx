import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { LockScreen } from './lock-screen';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';

const fetchMock = fetchMockPerTest();

const lastUser = { name: STAFF.name, email: STAFF.email };
const renderLock = (session = {}) => renderRoute(<LockScreen />, { path: '/lockscreen', session });
const password = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;

describe('/lockscreen', () => {
  it('shows the last staff member and signs them back in with their password', async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, message: STAFF_MESSAGES.signedIn, token: JWT, data: { user: STAFF } }),
    );
    const { store, router } = renderLock({ lastUser });
    expect(screen.getByText(STAFF.name)).toBeTruthy();
    expect(screen.getByText(STAFF.email)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Use Another Account' }).getAttribute('href')).toBe('/login');

    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText(MESSAGES.loginPasswordRequired)).toBeTruthy();

    fireEvent.change(password(), { target: { value: 'Secret-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/login',
      body: { email: STAFF.email, password: 'Secret-pass1' },
    });
    expect(store.getState().session).toMatchObject({ accessToken: JWT, isLogin: true });
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('stays on the lock screen after a wrong password (a 401 here is not an expired session)', async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, message: STAFF_MESSAGES.invalidCredentials, error: 'INVALID_CREDENTIALS' }),
    );
    const { store, router, onUnauthorized } = renderLock({ lastUser });
    fireEvent.change(password(), { target: { value: 'Wrong-pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    await waitFor(() =>
      expect(store.getState().services).toMatchObject({ message: STAFF_MESSAGES.invalidCredentials, resType: 'error' }),
    );
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/lockscreen');
    await waitFor(() => expect(password().value).toBe(''));
  });

  it('says so when nobody has signed in on this device yet', () => {
    renderLock();
    expect(screen.getByText(/No one has signed in on this device yet/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Use Another Account' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('sends someone signed in to the dashboard', async () => {
    renderLock({ isLogin: true, accessToken: JWT, user: STAFF, lastUser });
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
  });
});

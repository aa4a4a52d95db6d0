import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { ResetPasswordScreen } from './reset-password-screen';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';

const fetchMock = fetchMockPerTest();

const TOKEN = 'k3J9f-reset-token_0123456789';
const renderReset = (session = {}) =>
  renderRoute(<ResetPasswordScreen />, { path: '/reset-password/:id', url: `/reset-password/${TOKEN}`, session });
const newPassword = () => screen.getByLabelText('New password', { selector: 'input' }) as HTMLInputElement;
const confirmPassword = () => screen.getByLabelText('Confirm password', { selector: 'input' }) as HTMLInputElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Reset Password' }));
const fillValid = () => {
  fireEvent.change(newPassword(), { target: { value: 'New-Passw0rd' } });
  fireEvent.change(confirmPassword(), { target: { value: 'New-Passw0rd' } });
};

describe('/reset-password/:id', () => {
  it("names its fields newpassword and confirmpassword and shows the contract's messages on submit", async () => {
    renderReset();
    expect(newPassword().name).toBe('newpassword');
    expect(confirmPassword().name).toBe('confirmpassword');
    submit();
    expect(await screen.findByText(MESSAGES.newPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.confirmPasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the password rule after blur and the confirmation against it', async () => {
    renderReset();
    fireEvent.change(newPassword(), { target: { value: 'short' } });
    fireEvent.blur(newPassword());
    expect(await screen.findByText(MESSAGES.passwordRule)).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'alllowercase1' } });
    expect(await screen.findByText(MESSAGES.passwordRule)).toBeTruthy();
    fireEvent.change(newPassword(), { target: { value: 'New-Passw0rd' } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordRule)).toBeNull());

    fireEvent.change(confirmPassword(), { target: { value: 'New-Passw0rX' } });
    fireEvent.blur(confirmPassword());
    expect(await screen.findByText(MESSAGES.passwordsDoNotMatch)).toBeTruthy();
    // Editing the first field re-checks the confirmation too.
    fireEvent.change(newPassword(), { target: { value: 'New-Passw0rX' } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.passwordsDoNotMatch)).toBeNull());
  });

  it('has a show/hide button for each password', () => {
    renderReset();
    fireEvent.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newPassword().type).toBe('text');
    expect(confirmPassword().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show confirm password' }));
    expect(confirmPassword().type).toBe('text');
  });

  it('sends { token, password, confirmPassword } and shows the success view with Back to Login', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: STAFF_MESSAGES.passwordReset, data: null }));
    const { router, store } = renderReset({ isLogin: true, accessToken: JWT, user: STAFF });
    fillValid();
    submit();

    expect(await screen.findByText(MESSAGES.passwordResetDone)).toBeTruthy();
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/reset-password',
      method: 'POST',
      body: { token: TOKEN, password: 'New-Passw0rd', confirmPassword: 'New-Passw0rd' },
    });
    expect(screen.queryByLabelText('New password', { selector: 'input' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    // The reset ended every session, the one this browser held included.
    expect(store.getState().session.accessToken).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Back to Login' }));
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
  });

  it("says 'Network error' when the request cannot be made", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { store } = renderReset();
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.networkError);
    expect(store.getState().services).toMatchObject({ message: MESSAGES.networkError, resType: 'error' });
    expect(screen.queryByText(MESSAGES.passwordResetDone)).toBeNull();
    // The form stays, filled in, for another try.
    expect(newPassword().value).toBe('New-Passw0rd');
  });

  it("shows the server's message for an invalid or expired link, with a way to get a new one", async () => {
    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, message: STAFF_MESSAGES.resetTokenInvalid, error: 'INVALID_RESET_TOKEN' }),
    );
    renderReset();
    fillValid();
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(STAFF_MESSAGES.resetTokenInvalid);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgotPassword');
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { ForgotPasswordScreen } from './forgot-password-screen';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';

const fetchMock = fetchMockPerTest();

const renderForgot = (session = {}) => renderRoute(<ForgotPasswordScreen />, { path: '/forgotPassword', session });
const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const getLink = () => fireEvent.click(screen.getByRole('button', { name: 'Get Link' }));

describe('/forgotPassword', () => {
  it("shows the contract's messages after blur and after a submit attempt", async () => {
    renderForgot();
    fireEvent.blur(email());
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'not an email' } });
    expect(await screen.findByText(MESSAGES.emailIncorrect)).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'asha@registrar' } });
    expect(await screen.findByText(MESSAGES.emailNeedsDot)).toBeTruthy();
    getLink();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it("sends the trimmed email and shows the server's message", async () => {
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, message: STAFF_MESSAGES.forgotPasswordSent, data: null }),
    );
    const { store } = renderForgot();
    fireEvent.change(email(), { target: { value: ' asha@registrar.test ' } });
    getLink();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(STAFF_MESSAGES.forgotPasswordSent);
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/forgot-password',
      method: 'POST',
      body: { email: 'asha@registrar.test' },
    });
    expect(store.getState().services).toMatchObject({ message: STAFF_MESSAGES.forgotPasswordSent, resType: 'success' });
    expect(screen.getByRole('link', { name: 'Back to Login' })).toBeTruthy();

    // "send another link" brings the form back with the email kept.
    fireEvent.click(screen.getByRole('button', { name: 'send another link' }));
    expect(email().value).toBe('asha@registrar.test');
  });

  it("says 'Network error' when the request cannot be made", async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderForgot();
    fireEvent.change(email(), { target: { value: 'asha@registrar.test' } });
    getLink();
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.networkError);
  });

  it('sends someone signed in to /dashboard', async () => {
    renderForgot({ isLogin: true, accessToken: JWT, user: STAFF });
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { LoginScreen } from './login-screen';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';

const fetchMock = fetchMockPerTest();

const renderLogin = (session = {}) => renderRoute(<LoginScreen />, { path: '/login', session });
const email = () => screen.getByLabelText('Email') as HTMLInputElement;
const password = () => screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement;
const loginButton = () => screen.getByRole('button', { name: 'Login' });

describe('/login', () => {
  it('shows no error before the visitor has touched a field', () => {
    renderLogin();
    expect(screen.queryByText(MESSAGES.loginEmailRequired)).toBeNull();
    expect(screen.queryByText(MESSAGES.loginPasswordRequired)).toBeNull();
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/forgotPassword');
  });

  it("shows the contract's messages after blur, and updates them as the visitor types", async () => {
    renderLogin();
    fireEvent.focus(email());
    fireEvent.blur(email());
    expect(await screen.findByText(MESSAGES.loginEmailRequired)).toBeTruthy();
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(email().getAttribute('aria-describedby')).toBe(screen.getByText(MESSAGES.loginEmailRequired).id);

    fireEvent.change(email(), { target: { value: 'asha@registrar' } });
    expect(await screen.findByText(MESSAGES.emailNeedsDot)).toBeTruthy();
    fireEvent.change(email(), { target: { value: 'asha@registrar.test' } });
    await waitFor(() => expect(screen.queryByText(MESSAGES.emailNeedsDot)).toBeNull());

    fireEvent.blur(password());
    expect(await screen.findByText(MESSAGES.loginPasswordRequired)).toBeTruthy();
  });

  it('shows every error after a submit attempt, and sends nothing', async () => {
    renderLogin();
    fireEvent.click(loginButton());
    expect(await screen.findByText(MESSAGES.loginEmailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.loginPasswordRequired)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides the password with a named toggle button', () => {
    renderLogin();
    fireEvent.change(password(), { target: { value: 'Secret-pass1' } });
    expect(password().type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().type).toBe('text');
    expect(password().value).toBe('Secret-pass1');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password().type).toBe('password');
  });

  it('shows a spinner on Login while signing in, then stores the session and goes to /dashboard', async () => {
    let answer!: (response: Response) => void;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const { store, router } = renderLogin();
    fireEvent.change(email(), { target: { value: '  asha@registrar.test ' } });
    fireEvent.change(password(), { target: { value: 'Secret-pass1' } });
    fireEvent.click(loginButton());

    await waitFor(() => expect(loginButton().getAttribute('aria-disabled')).toBe('true'));
    expect(loginButton().querySelector('.auth-spinner')).not.toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Signing in…');
    expect(sentRequest(fetchMock)).toMatchObject({
      url: '/api/login',
      method: 'POST',
      body: { email: 'asha@registrar.test', password: 'Secret-pass1' },
    });

    answer(json(200, { success: true, message: STAFF_MESSAGES.signedIn, token: JWT, data: { user: STAFF } }));
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(store.getState().session).toMatchObject({ isLogin: true, accessToken: JWT, user: { email: STAFF.email } });
    expect(store.getState().session.lastUser).toEqual({ name: STAFF.name, email: STAFF.email });
    expect(store.getState().services).toMatchObject({ message: STAFF_MESSAGES.signedIn, resType: 'success' });
  });

  it("toasts the server's message on a wrong password, stays and clears the password", async () => {
    fetchMock.mockResolvedValueOnce(
      json(401, { success: false, message: STAFF_MESSAGES.invalidCredentials, error: 'INVALID_CREDENTIALS' }),
    );
    const { store, router } = renderLogin();
    fireEvent.change(email(), { target: { value: 'asha@registrar.test' } });
    fireEvent.change(password(), { target: { value: 'Wrong-pass1' } });
    fireEvent.click(loginButton());

    await waitFor(() =>
      expect(store.getState().services).toMatchObject({
        message: STAFF_MESSAGES.invalidCredentials,
        resType: 'error',
        show: true,
      }),
    );
    await waitFor(() => expect(password().value).toBe(''));
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().session.accessToken).toBeNull();
    expect(loginButton().getAttribute('aria-disabled')).toBeNull();
  });

  it('sends someone already signed in to /dashboard', async () => {
    const { router } = renderLogin({ isLogin: true, accessToken: JWT, user: STAFF });
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});

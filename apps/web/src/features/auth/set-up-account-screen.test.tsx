import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { SetUpAccountScreen } from './set-up-account-screen';
import { STAFF, json, mockFetch, renderRoute } from '../../shared/test/route-harness';

let fetchMock: ReturnType<typeof mockFetch>;
beforeEach(() => {
  fetchMock = mockFetch();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const TOKEN = 'invitation-token_0123456789';
const SITE = {
  instituteName: 'Sunrise Academy',
  contactEmail: 'a@b.in',
  contactPhone: '9800000000',
  companyAddress: '',
};
const ok = (data: unknown, extra = {}) => json(200, { success: true, message: '', data, ...extra });

function serve(setUp: () => Response) {
  fetchMock.mockImplementation(async (input) => (String(input).startsWith('/api/site') ? ok(SITE) : setUp()));
}
const render = () =>
  renderRoute(<SetUpAccountScreen />, { path: '/set-up-account/:id', url: `/set-up-account/${TOKEN}` });
const fill = () => {
  fireEvent.change(screen.getByLabelText('Password', { selector: 'input' }), { target: { value: 'New-Passw0rd' } });
  fireEvent.change(screen.getByLabelText('Confirm password', { selector: 'input' }), {
    target: { value: 'New-Passw0rd' },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
};

describe('/set-up-account/:id', () => {
  it('reads as an invitation to the institute, and logs the person in on the dashboard', async () => {
    serve(() =>
      json(200, { success: true, message: STAFF_MESSAGES.accountSetUp, token: 'jwt.for.new', data: { user: STAFF } }),
    );
    const { router, store } = render();
    expect(screen.getByRole('heading', { level: 1, name: 'Set up your account' })).toBeTruthy();
    expect(await screen.findByText(/Welcome to Sunrise Academy\./)).toBeTruthy();
    expect(screen.getByText('Sunrise Academy')).toBeTruthy();
    fill();
    expect(await screen.findByText('Landed on /dashboard')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(store.getState().session).toMatchObject({ accessToken: 'jwt.for.new', user: { email: STAFF.email } });
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/set-up-account')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      token: TOKEN,
      password: 'New-Passw0rd',
      confirmPassword: 'New-Passw0rd',
    });
  });

  it('says when the invitation is no longer valid, and stays', async () => {
    serve(() => json(400, { success: false, message: STAFF_MESSAGES.invitationInvalid, error: 'BAD_REQUEST' }));
    const { router } = render();
    fill();
    expect((await screen.findByRole('alert')).textContent).toContain(STAFF_MESSAGES.invitationInvalid);
    expect(router.state.location.pathname).toBe(`/set-up-account/${TOKEN}`);
  });
});

import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MESSAGES } from '@registrar/contract/messages';
import { STAFF_MESSAGES } from '@registrar/contract/staff';
import { JWT, STAFF, json, renderRoute, sentRequest, fetchMockPerTest } from '../../shared/test/route-harness';
import { ProfileScreen } from './profile-screen';

const fetchMock = fetchMockPerTest();

const session = { isLogin: true, accessToken: JWT, user: STAFF, lastUser: { name: STAFF.name, email: STAFF.email } };
const profileAnswer = () => json(200, { success: true, message: '', data: { user: STAFF } });
const input = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input' }) as HTMLInputElement;
const field = (label: RegExp) => screen.getByRole('textbox', { name: label }) as HTMLInputElement;

async function renderProfile() {
  fetchMock.mockResolvedValueOnce(profileAnswer());
  const view = renderRoute(<ProfileScreen />, { path: '/profile', session });
  await screen.findByRole('heading', { name: 'Profile details' });
  return view;
}

describe('profile screen', () => {
  it('shows the staff member and edits name and phone', async () => {
    const { store } = await renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'User Profile' })).toBeTruthy();
    expect(field(/^Email/).value).toBe(STAFF.email);
    expect(field(/^Email/).readOnly).toBe(true);
    expect(field(/^Name/).value).toBe(STAFF.name);
    expect(field(/^Phone/).value).toBe(STAFF.phone);
    // In the console's English and India's calendar, whatever the browser's own locale.
    expect(screen.getByText('Staff member since 15 January 2026')).toBeTruthy();

    fireEvent.change(field(/^Name/), { target: { value: '   ' } });
    fireEvent.blur(field(/^Name/));
    expect(await screen.findByText(STAFF_MESSAGES.profileNameRequired)).toBeTruthy();
    fireEvent.change(field(/^Phone/), { target: { value: '0123456789' } });
    fireEvent.blur(field(/^Phone/));
    expect(await screen.findByText(MESSAGES.phoneRule)).toBeTruthy();

    const updated = { ...STAFF, name: 'Asha Verma-Rao', phone: null };
    fetchMock.mockResolvedValueOnce(
      json(200, { success: true, message: STAFF_MESSAGES.profileUpdated, data: { user: updated } }),
    );
    fireEvent.change(field(/^Name/), { target: { value: ' Asha Verma-Rao ' } });
    fireEvent.change(field(/^Phone/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(store.getState().session.user?.name).toBe('Asha Verma-Rao'));
    expect(sentRequest(fetchMock, 1)).toMatchObject({
      url: '/api/user-profile',
      method: 'PUT',
      body: { name: 'Asha Verma-Rao', phone: null },
    });
    expect(store.getState().services.message).toBe(STAFF_MESSAGES.profileUpdated);
  });

  it('saves how new enrolments reach the staff member as soon as it is chosen', async () => {
    await renderProfile();
    const digest = screen.getByRole('radio', { name: 'A digest at most every 15 minutes' }) as HTMLInputElement;
    expect(digest.checked).toBe(true);
    expect(screen.getByRole('radiogroup', { name: 'How new enrolments reach you' })).toBeTruthy();
    fetchMock.mockResolvedValueOnce(
      json(200, {
        success: true,
        message: STAFF_MESSAGES.profileUpdated,
        data: { user: { ...STAFF, enrollmentMail: 'each' } },
      }),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'One mail for each enrolment' }));
    await waitFor(() =>
      expect((screen.getByRole('radio', { name: 'One mail for each enrolment' }) as HTMLInputElement).checked).toBe(
        true,
      ),
    );
    expect(digest.checked).toBe(false);
    expect(sentRequest(fetchMock, 1)).toMatchObject({
      url: '/api/user-profile',
      method: 'PUT',
      body: { name: STAFF.name, phone: STAFF.phone, enrollmentMail: 'each' },
    });
    expect(screen.getByRole('radio', { name: 'No mail' })).toBeTruthy();
  });

  it("changes the password with the contract's rules and puts a wrong current password on its field", async () => {
    await renderProfile();
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(STAFF_MESSAGES.currentPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.newPasswordRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.confirmPasswordRequired)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Show current password' }));
    expect(input('Current password').type).toBe('text');

    fireEvent.change(input('Current password'), { target: { value: 'Old-Passw0rd' } });
    fireEvent.change(input('New password'), { target: { value: 'New-Passw0rd' } });
    fireEvent.change(input('Confirm new password'), { target: { value: 'New-Passw0rd' } });
    fetchMock.mockResolvedValueOnce(
      json(400, { success: false, message: STAFF_MESSAGES.currentPasswordWrong, error: 'CURRENT_PASSWORD_WRONG' }),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText(STAFF_MESSAGES.currentPasswordWrong)).toBeTruthy();
    expect(sentRequest(fetchMock, 1)).toMatchObject({
      url: '/api/change-password',
      method: 'POST',
      body: { currentPassword: 'Old-Passw0rd', newPassword: 'New-Passw0rd', confirmPassword: 'New-Passw0rd' },
    });

    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: STAFF_MESSAGES.passwordChanged, data: null }));
    fireEvent.change(input('Current password'), { target: { value: 'Right-Passw0rd' } });
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(input('Current password').value).toBe(''));
    expect(input('New password').value).toBe('');
  });

  it('offers Logout', async () => {
    const { store } = await renderProfile();
    fetchMock.mockResolvedValueOnce(json(200, { success: true, message: STAFF_MESSAGES.signedOut, data: null }));
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByText('Landed on /login')).toBeTruthy();
    expect(store.getState().session.accessToken).toBeNull();
  });

  it('says so, with a retry, when the profile cannot be loaded', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    renderRoute(<ProfileScreen />, { path: '/profile', session });
    expect(await screen.findByText(MESSAGES.networkError)).toBeTruthy();
    fetchMock.mockReset();
    fetchMock.mockResolvedValueOnce(profileAnswer());
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Profile details' })).toBeTruthy();
  });
});

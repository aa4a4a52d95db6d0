import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { detail, ID } from './fees/test-fixtures';
import { Toasts } from '../../shared/ui/toasts';
import { PendingQueueScreen } from './pending-queue-screen';
import { REJECTION_REASONS } from '@registrar/contract/enrollment-admin';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import type { Role } from '@registrar/contract/permissions';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const waiting = detail({
  status: 'pending',
  name: 'Kavya Nair',
  phoneNumber: '9876512345',
  currentAddress: '21 MG Road, Pune',
  currentlyWorking: 'college',
  currentlyWorkingPlace: 'COEP',
  currentSem: '5',
  documents: [
    {
      _id: 'front',
      field: 'aadharFront',
      url: '/api/files/front',
      mime: 'image/jpeg',
      size: 2048,
      originalName: 'f.jpg',
    },
    { _id: 'back', field: 'aadharBack', url: '/api/files/back', mime: 'image/png', size: 2048, originalName: 'b.png' },
  ] as never,
});

const second = detail({ _id: 'e2', status: 'pending', name: 'Rohan Das', enrollmentNumber: 'ENR-2026-00043' });

function openQueue(role: Role = 'admin') {
  const server = fakeServer(({ url, method }) => {
    const answer = (data: unknown) => json(200, { success: true, message: 'Status updated', data });
    if (method === 'PUT') return answer({ ...waiting, status: 'approved' });
    if (url.pathname === '/api/student-enrollment')
      return answer({ items: [waiting, second], page: 1, limit: 50, total: 2, totalPages: 1 });
    if (url.pathname === `/api/student-enrollment/${ID}`) return answer(waiting);
    if (url.pathname === '/api/student-enrollment/e2') return answer(second);
    throw new Error(`unexpected ${url.pathname}`);
  });
  renderScreen(
    <>
      <PendingQueueScreen />
      <Toasts />
    </>,
    { path: '/student-enrollments/queue', role },
  );
  return server;
}

describe('the review queue card', () => {
  it('shows phone, address, college and course beside the documents', async () => {
    openQueue();
    await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
    const facts = within(screen.getByText('Phone').closest('dl')!);
    expect(facts.getByText('9876512345')).toBeTruthy();
    expect(facts.getByText('21 MG Road, Pune')).toBeTruthy();
    expect(facts.getByText('College · COEP · semester 5')).toBeTruthy();
    expect(facts.getByText('Data Science, In installments')).toBeTruthy();
  });

  it('shows what the student has paid on the card and in the rejection confirmation', async () => {
    openQueue();
    await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
    expect(screen.getByText(/₹30,000, ₹4,000.50 paid/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reject and next' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(/Kavya Nair has paid ₹4,000.50\. Decide here what becomes of it/)).toBeTruthy();
  });

  it('a paid rejection is not confirmed until the money is refunded or kept as a credit, and sends that decision', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = openQueue();
      await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
      fireEvent.click(screen.getByRole('button', { name: 'Reject and next' }));
      const confirm = within(await screen.findByRole('alertdialog'));
      fireEvent.change(confirm.getByLabelText(/Reason for the rejection/), { target: { value: REJECTION_REASONS[0] } });
      fireEvent.click(confirm.getByRole('button', { name: 'Reject and next' }));
      expect(confirm.getByText(FEE_MESSAGES.paidMoneyDecisionRequired)).toBeTruthy();

      fireEvent.click(confirm.getByRole('radio', { name: /Refund it now/ }));
      fireEvent.change(confirm.getByLabelText(/Refund mode/), { target: { value: 'upi' } });
      expect(confirm.getByRole('radio', { name: /End the enrolment/ })).toHaveProperty('checked', true);
      expect(confirm.queryByRole('radio', { name: /Return a credit/ })).toBeNull();
      fireEvent.click(confirm.getByRole('radio', { name: /Lower the fee/ }));
      fireEvent.click(confirm.getByRole('button', { name: 'Reject and next' }));
      await screen.findByRole('heading', { level: 2, name: 'Rohan Das' });
      await vi.advanceTimersByTimeAsync(10_500);
      const sent = server.requests.filter((r) => r.method === 'PUT');
      expect(sent.map((r) => r.body)).toEqual([
        {
          status: 'rejected',
          reason: REJECTION_REASONS[0],
          paidMoney: { decision: 'refund', paymentMode: 'upi', effect: 'lower-fee' },
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('without the right to refund, the rejection offers only the credit, and says why', async () => {
    openQueue('counsellor');
    await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
    fireEvent.click(screen.getByRole('button', { name: 'Reject and next' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByRole('radio', { name: /Refund it now/ })).toHaveProperty('disabled', true);
    expect(confirm.getByText(FEE_MESSAGES.paidMoneyRefundNeedsRight)).toBeTruthy();
    expect(confirm.getByRole('radio', { name: /Keep it as a credit to refund/ })).toHaveProperty('disabled', false);
  });

  it('names the student in the decision toast and holds the decision 10 seconds for Undo', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = openQueue();
      await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
      fireEvent.click(screen.getByRole('button', { name: 'Approve and next' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Rohan Das' })).toBeTruthy();
      const toast = await screen.findByText('Kavya Nair approved');
      expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
      fireEvent.click(within(toast.parentElement!).getByRole('button', { name: 'Undo' }));
      expect(await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' })).toBeTruthy();
      await vi.advanceTimersByTimeAsync(11_000);
      expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

      fireEvent.click(screen.getByRole('button', { name: 'Approve and next' }));
      await screen.findByRole('heading', { level: 2, name: 'Rohan Das' });
      await vi.advanceTimersByTimeAsync(9_000);
      expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(0);
      await vi.advanceTimersByTimeAsync(1_500);
      const sent = server.requests.filter((r) => r.method === 'PUT');
      expect(sent.map((r) => [r.url.pathname, r.body])).toEqual([
        [`/api/student-enrollment-status/${ID}`, { status: 'approved' }],
      ]);
      // The server's bare "Status updated" is not toasted on top of the named one.
      await vi.advanceTimersByTimeAsync(500);
      expect(screen.queryByText('Status updated')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends a held decision with keepalive when the tab is closed inside the Undo window, once', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = openQueue();
      await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
      const calls = vi.spyOn(globalThis, 'fetch');
      fireEvent.click(screen.getByRole('button', { name: 'Approve and next' }));
      await screen.findByText('Kavya Nair approved');
      window.dispatchEvent(new Event('pagehide'));
      const kept = calls.mock.calls.filter(([, init]) => init?.keepalive);
      expect(kept.map(([url, init]) => [String(url), init?.method, JSON.parse(String(init?.body))])).toEqual([
        [`/api/student-enrollment-status/${ID}`, 'PUT', { status: 'approved' }],
      ]);
      expect(kept[0]![1]!.headers).toMatchObject({ authorization: expect.stringMatching(/^Bearer /) });
      // The timer no longer sends it a second time.
      await vi.advanceTimersByTimeAsync(11_000);
      expect(server.requests.filter((r) => r.method === 'PUT')).toHaveLength(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens each Aadhaar side full size in one click', async () => {
    openQueue();
    await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
    expect(document.querySelector('img[src="/api/files/back"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^View\s*Aadhaar card, back$/ }));
    const zoom = await screen.findByRole('dialog', { name: 'Aadhaar card, back' });
    expect(within(zoom).getByRole('img').getAttribute('src')).toBe('/api/files/back');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { FEE_MESSAGES } from '@registrar/contract/fees';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { detail, ID } from './fees/test-fixtures';
import { EnrollmentStatusChange } from './enrollment-status-change';

afterEach(cleanup);

function open(over: Parameters<typeof detail>[0] = {}) {
  const enrollment = detail({ status: 'approved', name: 'Kavya Nair', ...over });
  const server = fakeServer(() => json(200, { success: true, message: 'Status updated', data: enrollment }));
  renderScreen(<EnrollmentStatusChange enrollment={enrollment} />, { path: '/student-enrollments/e' });
  return server;
}
const sentBodies = (server: ReturnType<typeof open>) =>
  server.requests.filter((r) => r.url.pathname === `/api/student-enrollment-status/${ID}`).map((r) => r.body);

describe('cancelling an enrolment the student paid on', () => {
  it('shows what was paid and sends nothing until the money is refunded or kept as a credit', async () => {
    const server = open();
    fireEvent.change(await screen.findByLabelText('New status'), { target: { value: 'cancelled' } });
    expect(screen.getByText(/Kavya Nair has paid ₹4,000.50\. Decide here what becomes of it/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    expect((await screen.findAllByText(FEE_MESSAGES.paidMoneyDecisionRequired)).length).toBeGreaterThan(0);
    expect(sentBodies(server)).toEqual([]);

    fireEvent.click(screen.getByRole('radio', { name: /Keep it as a credit to refund/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(sentBodies(server)).toEqual([{ status: 'cancelled', paidMoney: { decision: 'credit' } }]),
    );
  });

  it('a refund asks its mode and effect in the same step', async () => {
    const server = open();
    fireEvent.change(await screen.findByLabelText('New status'), { target: { value: 'cancelled' } });
    fireEvent.click(screen.getByRole('radio', { name: /Refund it now/ }));
    fireEvent.change(screen.getByLabelText(/Refund mode/), { target: { value: 'bank_transfer' } });
    expect(screen.getByText(/The enrolment is cancelled and its open installments stop owing/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() =>
      expect(sentBodies(server)).toEqual([
        {
          status: 'cancelled',
          paidMoney: { decision: 'refund', paymentMode: 'bank_transfer', effect: 'end-enrolment' },
        },
      ]),
    );
  });

  it('asks nothing of an enrolment with nothing paid', async () => {
    const server = open({ paidAmount: 0 });
    fireEvent.change(await screen.findByLabelText('New status'), { target: { value: 'cancelled' } });
    expect(screen.queryByText(/has paid/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Update status' }));
    await waitFor(() => expect(sentBodies(server)).toEqual([{ status: 'cancelled' }]));
  });
});

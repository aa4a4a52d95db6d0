import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { detail, ID } from './fees/test-fixtures';
import { PendingQueueScreen } from './pending-queue-screen';

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

function openQueue() {
  fakeServer(({ url }) => {
    const answer = (data: unknown) => json(200, { success: true, message: '', data });
    if (url.pathname === '/api/student-enrollment')
      return answer({ items: [waiting], page: 1, limit: 50, total: 1, totalPages: 1 });
    if (url.pathname === `/api/student-enrollment/${ID}`) return answer(waiting);
    throw new Error(`unexpected ${url.pathname}`);
  });
  renderScreen(<PendingQueueScreen />, { path: '/student-enrollments/queue' });
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

  it('opens each Aadhaar side full size in one click', async () => {
    openQueue();
    await screen.findByRole('heading', { level: 2, name: 'Kavya Nair' });
    expect(document.querySelector('img[src="/api/files/back"]')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /^View\s*Aadhaar card, back$/ }));
    const zoom = await screen.findByRole('dialog', { name: 'Aadhaar card, back' });
    expect(within(zoom).getByRole('img').getAttribute('src')).toBe('/api/files/back');
  });
});

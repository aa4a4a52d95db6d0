import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import type { Collections } from '@registrar/contract/collections';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { CollectionsScreen } from './collections-screen';

// MUI takes its time in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const COLLECTIONS: Collections = {
  byAge: [
    { bucket: '0-30', amount: 0, installments: 0, enrollments: 0 },
    { bucket: '31-60', amount: 0, installments: 0, enrollments: 0 },
    { bucket: '61-90', amount: 0, installments: 0, enrollments: 0 },
    { bucket: '90+', amount: 0, installments: 0, enrollments: 0 },
  ],
  byCourse: [],
  overdue: [],
  credits: [
    {
      enrollmentId: 'e7',
      enrollmentNumber: 'ENR-2026-00007',
      name: 'Kiran Rao',
      phoneNumber: '9812345670',
      course: 'Data Science',
      status: 'cancelled',
      credit: 3000,
    },
  ],
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('collections screen', () => {
  it('lists the credits to refund, a cancelled enrolment among them, and brings the list to the keyboard from the dashboard', async () => {
    fakeServer(() => json(200, { success: true, message: '', data: COLLECTIONS }));
    renderScreen(<CollectionsScreen />, { path: '/collections', url: '/collections#credits-to-refund' });
    const table = await screen.findByRole('table', { name: /Credits to refund/ });
    const row = within(table).getByRole('link', { name: 'Kiran Rao' }).closest('tr')!;
    expect(within(row).getByText('Cancelled')).toBeTruthy();
    expect(within(row).getByText('₹3,000')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'Kiran Rao' }).getAttribute('href')).toBe('/student-enrollments/e7');
    expect(screen.getByRole('heading', { name: 'Credits to refund (₹3,000)' })).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.id).toBe('credits-to-refund'));
  });

  it('says when nobody holds a credit', async () => {
    fakeServer(() => json(200, { success: true, message: '', data: { ...COLLECTIONS, credits: [] } }));
    renderScreen(<CollectionsScreen />, { path: '/collections' });
    expect(await screen.findByText('No student holds money to give back.')).toBeTruthy();
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuditEntry } from '@registrar/contract/dashboard';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { AuditScreen } from './audit-screen';
import { RecordHistory } from './record-history';

const ENROLMENT_ID = '0195f6a4-6d1e-7a3b-9c2d-1f2e3d4c5b6a';
const ENTRIES: AuditEntry[] = [
  {
    _id: 'a1',
    at: '2026-03-02T10:00:00.000Z',
    actor: { _id: 's1', email: 'asha@registrar.test' },
    action: 'update',
    entity: 'enrollment',
    entityId: ENROLMENT_ID,
    ip: '10.0.0.7',
    statusCode: 200,
    fields: ['name', 'phone'],
    changes: null,
  },
  {
    _id: 'a2',
    at: '2026-03-02T09:00:00.000Z',
    actor: { _id: null, email: 'intruder@example.in' },
    action: 'sign_in_failed',
    entity: 'auth',
    entityId: null,
    ip: '10.0.0.9',
    statusCode: 401,
    fields: ['email'],
    changes: null,
  },
];

const page = (items: AuditEntry[]) => ({ items, total: items.length, page: 1, limit: 10, totalPages: 1 });
const ok = (data: unknown) => json(200, { success: true, message: '', data });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('audit trail screens', () => {
  it('lists who did what, when, to which record, from where and which fields; filters by record kind', async () => {
    const { requests } = fakeServer((request) =>
      ok(page(request.url.searchParams.get('entity') === 'auth' ? [ENTRIES[1]!] : ENTRIES)),
    );
    renderScreen(<AuditScreen />, { path: '/audit' });
    const grid = await screen.findByRole('grid', { name: 'Audit' });
    const rows = within(grid).getAllByRole('row');
    expect(rows[0]!.textContent).toContain('When');
    const update = rows.find((r) => r.textContent?.includes('asha@registrar.test'))!;
    expect(update.textContent).toContain('Updated');
    expect(update.textContent).toContain('Enrolment');
    expect(update.textContent).toContain('10.0.0.7');
    expect(update.textContent).toContain('name, phone');
    expect(
      within(update)
        .getByRole('link', { name: /^Open enrolment/ })
        .getAttribute('href'),
    ).toBe(`/student-enrollments/${ENROLMENT_ID}`);
    expect(rows.find((r) => r.textContent?.includes('intruder@example.in'))!.textContent).toContain('Sign-in failed');

    fireEvent.change(screen.getByRole('combobox', { name: 'Record' }), { target: { value: 'auth' } });
    await waitFor(() => expect(requests.at(-1)!.url.searchParams.get('entity')).toBe('auth'));
    await waitFor(() => expect(within(grid).queryByText('asha@registrar.test')).toBeNull());
  });

  it('narrows to one record from the address (?entityId=)', async () => {
    const { requests } = fakeServer(() => ok(page([ENTRIES[0]!])));
    renderScreen(<AuditScreen />, { path: '/audit', url: `/audit?entityId=${ENROLMENT_ID}` });
    await screen.findByRole('grid', { name: 'Audit' });
    expect(requests[0]!.url.searchParams.get('entityId')).toBe(ENROLMENT_ID);
    expect(screen.getByText('The history of one record', { exact: false })).toBeTruthy();
  });

  it('shows one record’s own history for its detail page', async () => {
    const { requests } = fakeServer(() => ok({ ...page([ENTRIES[0]!]), total: 14 }));
    renderScreen(<RecordHistory entityId={ENROLMENT_ID} />, { path: '/student-enrollments/x' });
    const history = await screen.findByRole('region', { name: 'Audit trail' });
    await within(history).findByText('Updated');
    expect(history.textContent).toContain('by asha@registrar.test');
    expect(history.textContent).toContain('name, phone');
    expect(requests[0]!.url.pathname).toBe('/api/audit');
    expect(requests[0]!.url.searchParams.get('entityId')).toBe(ENROLMENT_ID);
    expect(
      within(history).getByRole('link', { name: 'See all 14 entries in the audit trail' }).getAttribute('href'),
    ).toBe(`/audit?entityId=${ENROLMENT_ID}`);
  });
});

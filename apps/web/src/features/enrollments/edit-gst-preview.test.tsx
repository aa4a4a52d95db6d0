import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { Course } from '@registrar/contract/course';
import { courseFixture } from '../../shared/test/course-fixture';
import { fakeServer, json, renderScreen } from '../../shared/test/screen-harness';
import { EnrollmentEditDialog } from './enrollment-edit-dialog';
import { detail } from './fees/test-fixtures';

vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const course = (over: Partial<Course>) =>
  courseFixture({ name: 'Data Science', price: 30000, emiPrice: [12000, 10000, 8000], enrollmentCount: 1, ...over });

/** The dialog over an API whose one course is `over`, the institute charging GST. */
function openEdit(over: Partial<Course>) {
  fakeServer(({ url }) => {
    if (url.pathname === '/api/course')
      return json(200, {
        success: true,
        message: '',
        data: { items: [course(over)], page: 1, limit: 100, total: 1, totalPages: 1 },
      });
    if (url.pathname === '/api/site')
      return json(200, {
        success: true,
        message: '',
        data: { instituteName: 'I', contactEmail: '', contactPhone: '', companyAddress: '', gstEnabled: true },
      });
    throw new Error(`unexpected ${url.pathname}`);
  });
  renderScreen(<EnrollmentEditDialog open enrollment={detail()} onClose={() => {}} />, { path: '/' });
  const dialog = within(screen.getByRole('dialog', { name: 'Edit ENR-2026-00042' }));
  fireEvent.change(dialog.getByLabelText(/^Payment method/), { target: { value: 'full_payment' } });
  return dialog;
}

describe('the enrolment edit preview', () => {
  it('shows what a tax-exclusive course charges: each installment and the total with the GST added', async () => {
    const dialog = openEdit({ taxInclusive: false });
    const preview = await dialog.findByText(/The schedule is rebuilt/);
    expect(preview.textContent).toContain('₹35,400 in all, incl. ₹5,400 GST at 18%');
    expect(dialog.getByText(/^Installment 1:/).textContent).toMatch(
      /^Installment 1: ₹35,400 \(incl\. ₹5,400 GST\) due/,
    );
  });

  it('leaves a tax-inclusive course’s amounts as they are', async () => {
    const dialog = openEdit({ taxInclusive: true });
    const preview = await dialog.findByText(/The schedule is rebuilt/);
    expect(preview.textContent).toContain('₹30,000 in all.');
    expect(preview.textContent).not.toContain('GST');
    expect(dialog.getByText(/^Installment 1:/).textContent).toMatch(/^Installment 1: ₹30,000 due/);
  });
});

/**
 * What the fee journeys share: a student enrolled in a ₹30,000 course in three installments (set up
 * through the API), and where they look on the enrolment's page: the Fees section, its schedule's
 * rows (row 0 is the header) or, on a phone, its installments' cards, and the toasts.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { createCourse, enrolStudent, signInByApi, type Student } from './api';

export async function enrolInInstallments(
  request: APIRequestContext,
  courseName: string,
  student: Omit<Student, 'courseId' | 'paymentMethod'>,
): Promise<{ id: string; number: string }> {
  const auth = await signInByApi(request);
  const courseId = await createCourse(request, auth, {
    name: courseName,
    price: 30000,
    emiPrice: [10000, 10000, 10000],
  });
  return enrolStudent(request, auth, { ...student, courseId, paymentMethod: 'installment' });
}

export const toast = (page: Page, text: string | RegExp) => page.locator('.Toastify').getByText(text);
export const fees = (page: Page) => page.getByRole('region', { name: 'Fees' });
export const scheduleRow = (page: Page, n: number) =>
  fees(page).getByRole('table', { name: 'Fee schedule' }).getByRole('row').nth(n);
/** On a phone (below 600 px) the schedule is a list of cards, one per installment. */
export const scheduleCard = (page: Page, installment: number) =>
  fees(page)
    .getByRole('list', { name: 'Fee schedule' })
    .getByRole('listitem', { name: `Installment ${installment}`, exact: true });
export const payments = (page: Page) => fees(page).getByRole('list', { name: 'Payments, newest first' });

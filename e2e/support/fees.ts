/**
 * What the fee journeys share: a student enrolled in a ₹30,000 course in three installments (set up
 * through the API), and where they look on the enrolment's page: the Fees section, its schedule's
 * rows (row 0 is the header) or, on a phone, its installments' cards, and the toasts.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { localIsoDate } from '@registrar/contract/enrollment';
import { createCourse, enrolStudent, signInByApi, type StaffAuth, type Student } from './api';

const daysAgo = (n: number) => localIsoDate(new Date(Date.now() - n * 86_400_000));

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

/** Enrols in three ₹10,000 installments and moves the first one's due date back 40 days, so it is overdue. */
export async function overdueStudent(
  request: APIRequestContext,
  auth: StaffAuth,
  name: string,
  email: string,
  phone: string,
) {
  const e = await enrolInInstallments(request, `Accounts ${name}`, {
    name,
    email,
    phoneNumber: phone,
    address: '4 Lake Road, Kochi',
  });
  const detail = await (await request.get(`/api/student-enrollment/${e.id}`, { headers: auth })).json();
  const moved = await request.put(`/api/student-enrollment-installment/${e.id}/${detail.data.installments[0]._id}`, {
    headers: auth,
    data: { dueDate: daysAgo(40), reason: 'Agreed date' },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return { ...e, name };
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

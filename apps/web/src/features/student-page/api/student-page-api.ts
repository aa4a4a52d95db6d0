/** The calls of the student's page: plain fetches through the shared client, no store. */
import { STUDENT_API, type StudentPage, type StudentRequestKind } from '@registrar/contract/student-page';
import { apiUrl } from '@registrar/contract/api-paths';
import type { PaymentReturn, PaymentStatus, StartPayment, StartedPayment } from '@registrar/contract/online-payments';
import { apiFetch } from '../../../shared/api/api-fetch';

export const fetchStudentPage = async (token: string, signal?: AbortSignal) =>
  (await apiFetch<StudentPage>(STUDENT_API.page(token), { signal })).data;

export const requestLink = async (email: string) =>
  (await apiFetch<null>(STUDENT_API.linkRequest, { method: 'POST', body: { email } })).message;

export const requestData = async (token: string, kind: StudentRequestKind) =>
  (await apiFetch<null>(STUDENT_API.request(token), { method: 'POST', body: { kind } })).message;

export const startPayment = async (token: string, body: StartPayment) =>
  (await apiFetch<StartedPayment>(apiUrl('studentPagePayment', token), { method: 'POST', body })).data;

export const returnFromCheckout = async (token: string, body: PaymentReturn) =>
  (await apiFetch<PaymentStatus>(apiUrl('studentPagePaymentReturn', token), { method: 'POST', body })).data;

export const paymentStatus = async (token: string, orderId: string) =>
  (await apiFetch<PaymentStatus>(apiUrl('studentPagePaymentStatus', token, orderId))).data;
export const reportPayment = async (
  token: string,
  body: { installmentNumber: number; amount: number; utr: string; paidOn: string },
) => (await apiFetch<null>(STUDENT_API.claim(token), { method: 'POST', body })).message;

export const acceptTerms = async (token: string, version: number) =>
  (await apiFetch<null>(STUDENT_API.terms(token), { method: 'POST', body: { version } })).message;

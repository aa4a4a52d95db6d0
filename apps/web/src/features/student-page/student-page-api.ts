/** The calls of the student's page: plain fetches through the shared client, no store. */
import { STUDENT_API, type StudentPage, type StudentRequestKind } from '@registrar/contract/student-page';
import { apiFetch } from '../../shared/api/api-fetch';

export const fetchStudentPage = async (token: string, signal?: AbortSignal) =>
  (await apiFetch<StudentPage>(STUDENT_API.page(token), { signal })).data;

export const requestLink = async (email: string) =>
  (await apiFetch<null>(STUDENT_API.linkRequest, { method: 'POST', body: { email } })).message;

export const requestData = async (token: string, kind: StudentRequestKind) =>
  (await apiFetch<null>(STUDENT_API.request(token), { method: 'POST', body: { kind } })).message;

/**
 * Records made through the API before a journey starts, so a spec's browser steps begin from
 * known data: staff sign in by API (the account playwright.config.ts creates), then courses,
 * enrolments (the public multipart form, with real files) and inquiries (the public JSON form).
 * Every step checks its answer, so a broken set-up fails where it breaks.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import type { EnrollmentStatus } from '@registrar/contract/enrollment-admin';
import { ADMIN } from './staff';

/** The `authorization` header of a staff session. */
export type StaffAuth = { authorization: string };

// A 1×1 PNG and a one-page PDF: the server checks uploads by content.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Signs in as the e2e staff account through `POST /api/login` (no browser). */
export async function signInByApi(request: APIRequestContext): Promise<StaffAuth> {
  const response = await request.post('/api/login', { data: ADMIN });
  expect(response.ok()).toBe(true);
  const { token } = (await response.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

/** Creates a course and returns its id. */
export async function createCourse(
  request: APIRequestContext,
  auth: StaffAuth,
  course: { name: string; price: number; emiPrice: number[] },
): Promise<string> {
  const response = await request.post('/api/course', { headers: auth, data: course });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { data: { _id: string } }).data._id;
}

export interface Student {
  name: string;
  email: string;
  phoneNumber: string;
  /** Both the current and the permanent address. */
  address: string;
  courseId: string;
  paymentMethod: 'full_payment' | 'installment';
}

/**
 * Enrols a student through the public form (a photo, and Aadhaar front and back), not working,
 * and returns the enrolment's id and number (the form answers with the number only).
 */
export async function enrolStudent(
  request: APIRequestContext,
  auth: StaffAuth,
  student: Student,
): Promise<{ id: string; number: string }> {
  const created = await request.post('/api/student-enrollment', {
    multipart: {
      name: student.name,
      email: student.email,
      phoneNumber: student.phoneNumber,
      currentAddress: student.address,
      permanentAddress: student.address,
      courseId: student.courseId,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: student.paymentMethod,
      profilePicture: { name: 'photo.png', mimeType: 'image/png', buffer: PNG },
      aadharFront: { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      aadharBack: { name: 'back.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const number = ((await created.json()) as { data: { enrollmentNumber: string } }).data.enrollmentNumber;
  const found = await request.get(`/api/student-enrollment?search=${encodeURIComponent(number)}`, { headers: auth });
  const id = ((await found.json()) as { data: { items: { _id: string }[] } }).data.items[0]!._id;
  return { id, number };
}

export async function changeEnrollmentStatus(
  request: APIRequestContext,
  auth: StaffAuth,
  id: string,
  status: EnrollmentStatus,
): Promise<void> {
  const response = await request.put(`/api/student-enrollment-status/${id}`, { headers: auth, data: { status } });
  expect(response.ok()).toBe(true);
}

/**
 * Sends the public inquiry form's JSON. Retried for up to 15 s: the server's list of areas may
 * take a moment to see a new course, and the form is rate limited per address.
 */
export async function sendInquiry(
  request: APIRequestContext,
  inquiry: {
    name: string;
    address: string;
    email: string;
    phoneNumber: string;
    areaOfInterest: string[];
    reference: string;
    currentlyWorkingAs?: 'college' | 'university' | 'company';
    currentlyAt?: string;
  },
): Promise<void> {
  await expect(async () => {
    const response = await request.post('/api/inquiry', { data: inquiry });
    expect(response.status()).toBe(201);
  }).toPass({ timeout: 15_000 });
}

/** The inquiries the staff list finds for `search` (name, email or phone), as the API lists them. */
export async function findInquiries(
  request: APIRequestContext,
  auth: StaffAuth,
  search: string,
): Promise<(Record<string, unknown> & { _id: string })[]> {
  const list = await request.get(`/api/inquiry?search=${encodeURIComponent(search)}`, { headers: auth });
  return ((await list.json()) as { data: { items: (Record<string, unknown> & { _id: string })[] } }).data.items;
}

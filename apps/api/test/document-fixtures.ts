/** Enrolments with documents, sent through the real public form, for the document tests. */
import type { FastifyInstance } from 'fastify';
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { JPEG, PDF, PNG, multipart, type Part } from './fixtures/files';

/** A PNG that is big enough to span several 64 KiB segments (the type is sniffed from its head). */
export const BIG_PNG = Buffer.concat([PNG, Buffer.alloc(300 * 1024, 0x5a)]);

export const SIGNATURES = [
  ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47])],
  ['JPEG', Buffer.from([0xff, 0xd8, 0xff])],
  ['PDF', Buffer.from('%PDF')],
] as const;

let people = 0;

/** The public enrolment form of one person with a photo (PNG), Aadhaar front (JPEG) and back (PDF). */
export function enrolmentParts(name: string, phoneNumber: string, courseId: string, photo: Buffer = PNG): Part[] {
  return [
    ...Object.entries({
      name,
      currentAddress: 'A',
      permanentAddress: 'B',
      phoneNumber,
      email: `${name.toLowerCase().replace(/\W+/g, '.')}.${Math.random().toString(36).slice(2, 6)}@example.in`,
      courseId,
      currentlyWorking: 'other',
      currentlyWorkingPlace: 'Home',
      paymentMethod: 'full_payment',
    }).map(([field, value]) => ({ name: field, value })),
    { name: 'profilePicture', file: { filename: 'p.png', contentType: 'image/png', data: photo } },
    { name: 'aadharFront', file: { filename: 'a.jpg', contentType: 'image/jpeg', data: JPEG } },
    { name: 'aadharBack', file: { filename: 'b.pdf', contentType: 'application/pdf', data: PDF } },
  ];
}

export async function makeCourse(app: FastifyInstance, auth: Record<string, string>): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/course',
    headers: auth,
    payload: { name: `Document Course ${Math.random().toString(36).slice(2, 8)}`, price: 100, emiPrice: [100] },
  });
  return (res.json().data as { _id: string })._id;
}

/** Enrols a new person with a photo (PNG), Aadhaar front (JPEG) and back (PDF); the detail. */
export async function enrolWithDocuments(
  app: FastifyInstance,
  auth: Record<string, string>,
  courseId: string,
  photo: Buffer = PNG,
): Promise<EnrollmentDetail> {
  const n = ++people;
  const parts = enrolmentParts(`Document Person ${n}`, `9${String(100000000 + n * 7919).slice(0, 9)}`, courseId, photo);
  const body = multipart(parts);
  const res = await app.inject({
    method: 'POST',
    url: '/api/student-enrollment',
    ...body,
    remoteAddress: `10.140.${Math.floor(n / 250)}.${n % 250}`,
  });
  if (res.statusCode !== 201) throw new Error(`enrolment failed: ${res.statusCode} ${res.body}`);
  const number = res.json().data.enrollmentNumber as string;
  const list = await app.inject({ method: 'GET', url: `/api/student-enrollment?search=${number}`, headers: auth });
  const id = list.json().data.items[0]._id as string;
  return detailOf(app, auth, id);
}

export async function detailOf(app: FastifyInstance, auth: Record<string, string>, id: string) {
  const res = await app.inject({ method: 'GET', url: `/api/student-enrollment/${id}`, headers: auth });
  return res.json().data as EnrollmentDetail;
}

/** What each of the fixture documents holds, by field. */
export const ORIGINALS: Record<string, Buffer> = { profilePicture: PNG, aadharFront: JPEG, aadharBack: PDF };

/** The rows of a raw query's result (the driver's result type is not known to Drizzle here). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

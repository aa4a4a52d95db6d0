/** The enrolment list as a CSV file, streamed batch by batch. */
import { ENROLLMENT_STATUS_LABELS, type EnrollmentListQuery } from '@registrar/contract/enrollment-admin';
import type { Db } from '../db/database';
import { csvStream, mapBatches } from '../lib/csv';
import type { Readable } from 'node:stream';
import { toRupees } from '../lib/money';
import { enrollmentRepository } from '../repositories/enrollment-repository';

/** Every enrolment the list's search and filters select, as CSV streamed batch by batch. */
export function enrollmentCsv(db: Db, q: Omit<EnrollmentListQuery, 'page' | 'limit'>): Promise<Readable> {
  const rows = enrollmentRepository.batches(db, q);
  return csvStream(
    [
      'Enrolment number',
      'Received',
      'Status',
      'Name',
      'Email',
      'Phone',
      'Course',
      'Payment method',
      'Joining date',
      'Total fee (INR)',
      'Working',
      'Place',
    ],
    mapBatches(rows, (e) => [
      e.enrollmentNumber,
      e.createdAt.toISOString(),
      ENROLLMENT_STATUS_LABELS[e.status],
      e.name,
      e.email,
      e.phoneNumber,
      e.courseName,
      e.paymentMethod,
      e.startDate,
      toRupees(Number(e.totalFeePaise)).toFixed(2),
      e.currentlyWorking,
      e.currentlyWorkingPlace,
    ]),
  );
}

import { describe, expect, it } from 'vitest';
import { headerSignature, proposeMapping } from '../src/import-mapping';

const REGISTER = [
  'Roll No',
  'छात्र का नाम',
  'Mobile No.',
  'Email ID',
  'पता',
  'Course',
  'Occupation',
  'College / Company',
  'Fee Plan',
  'Date of Admission',
  'Amount Paid',
  'Payment Date',
  'Paid By',
  'Receipt No',
];

describe('a proposed column mapping', () => {
  it('reads a register’s own English and Hindi headers, paid-by column included', () => {
    expect(proposeMapping('enrollments', REGISTER)).toEqual({
      externalId: 'Roll No',
      name: 'छात्र का नाम',
      phoneNumber: 'Mobile No.',
      email: 'Email ID',
      currentAddress: 'पता',
      course: 'Course',
      currentlyWorking: 'Occupation',
      currentlyWorkingPlace: 'College / Company',
      paymentMethod: 'Fee Plan',
      enrolledOn: 'Date of Admission',
      amountPaid: 'Amount Paid',
      paidOn: 'Payment Date',
      paidMode: 'Paid By',
      receiptNumber: 'Receipt No',
    });
  });

  it('falls back on sample values for a column whose name says nothing', () => {
    const mapping = proposeMapping(
      'payments',
      ['Col A', 'Col B', 'Col C'],
      [
        ['asha@example.com', '₹1,000', 'GPay'],
        ['ravi@example.com', '2,500/-', 'Cash'],
      ],
    );
    expect(mapping).toMatchObject({ email: 'Col A', amount: 'Col B', paymentMode: 'Col C' });
  });

  it('remembers a header whatever the case, spacing, or an errors file’s added error column', () => {
    expect(headerSignature(['Roll No', 'Email ID'])).toBe(headerSignature(['roll no ', 'EMAIL-ID', 'error']));
  });
});

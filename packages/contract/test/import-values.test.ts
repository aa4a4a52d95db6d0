import { describe, expect, it } from 'vitest';
import { enrollmentFieldsSchema } from '../src/enrollment';
import { importDateProblem, importEnrollmentRowSchema, importPaymentRowSchema, readImportDate } from '../src/imports';
import { nearestNames, readPhone, readRupeesPaise, readYesNo, unknownCourseMessage } from '../src/import-values';
import { MESSAGES } from '../src/messages';
import { firstError } from './schema-errors';

const payment = {
  email: 'a@example.com',
  course: 'Tally Prime',
  installmentNumber: '1',
  amountPaise: 100,
  paidOn: '2026-04-01',
};

describe('values as an institute’s spreadsheet writes them', () => {
  it('reads payment modes in any case and by the names Indian payers use', () => {
    const mode = (paymentMode: string) => importPaymentRowSchema.parse({ ...payment, paymentMode }).paymentMode;
    expect(['Cash', 'CASH', ' cash ', 'Nagad'].map(mode)).toEqual(['cash', 'cash', 'cash', 'cash']);
    expect(['UPI', 'GPay', 'Google Pay', 'PhonePe', 'Paytm', 'BHIM'].map(mode)).toEqual(Array(6).fill('upi'));
    expect(['NEFT', 'imps', 'RTGS', 'Bank Transfer', 'bank_transfer'].map(mode)).toEqual(
      Array(5).fill('bank_transfer'),
    );
    expect(['DD', 'Cheque', 'Demand Draft'].map(mode)).toEqual(['cheque', 'cheque', 'cheque']);
  });

  it('answers a wrong choice with every allowed value', () => {
    expect(firstError(importPaymentRowSchema, { ...payment, paymentMode: 'Bitcoin' }, 'paymentMode')).toBe(
      '"Bitcoin" is not one of the allowed values: write one of cash, upi, bank transfer, card, cheque, other, online payment',
    );
    expect(firstError(importPaymentRowSchema, { ...payment, paymentMode: '' }, 'paymentMode')).toBe(
      MESSAGES.paymentModeInvalid,
    );
  });

  it('reads an enrolment’s choices forgivingly: Full Payment, EMI, GPay, Company', () => {
    const row = importEnrollmentRowSchema.parse({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phoneNumber: '+91 98234 56706',
      alterNativePhoneNumber: '098234-56707',
      currentAddress: '12 MG Road, Pune',
      permanentAddress: '12 MG Road, Pune',
      course: 'Tally Prime',
      paymentMethod: 'Full Payment',
      paymentMode: 'GPay',
      currentlyWorking: 'Company',
      currentlyWorkingPlace: 'Infosys',
      status: 'Approved',
    });
    expect(row).toMatchObject({
      phoneNumber: '9823456706',
      alterNativePhoneNumber: '9823456707',
      paymentMethod: 'full_payment',
      paymentMode: 'online_payment',
      currentlyWorking: 'company',
      status: 'approved',
    });
  });

  it('reads phones with +91, 0, spaces and dashes, and leaves a wrong one for the phone rule', () => {
    expect(['+91 98234 56706', '+91-98234-56706', '09823456706', '919823456706', '98234 56706'].map(readPhone)).toEqual(
      Array(5).fill('9823456706'),
    );
    expect(readPhone('12345')).toBe('12345');
  });

  it('reads amounts with ₹, commas and /-', () => {
    expect(['25000', '₹25,000', '₹ 1,25,000.00', '25,000/-', 'Rs. 500', 'INR 900.5'].map(readRupeesPaise)).toEqual([
      2_500_000, 2_500_000, 12_500_000, 2_500_000, 50_000, 90_050,
    ]);
    expect(readRupeesPaise('twenty')).toBeNull();
  });

  it('reads Yes and No', () => {
    expect(['Yes', 'y', 'TRUE', 'हाँ', 'No', 'n', 'नहीं', 'maybe'].map(readYesNo)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      null,
    ]);
  });

  it('says why a date cannot be one', () => {
    expect(readImportDate('31/11/2026', 'dd/mm/yyyy')).toBeNull();
    expect(importDateProblem('31/11/2026', 'dd/mm/yyyy')).toBe('31/11/2026: November has 30 days');
    expect(importDateProblem('29/02/2027', 'dd/mm/yyyy')).toBe('29/02/2027: February 2027 has 28 days');
    expect(importDateProblem('12/13/2026', 'dd/mm/yyyy')).toBe('12/13/2026: there is no month 13');
    expect(importDateProblem('next week', 'dd/mm/yyyy')).toBe('next week: write the date as dd/mm/yyyy');
    expect(readImportDate('29/02/2028', 'dd/mm/yyyy')).toBe('2028-02-29');
  });

  it('names the nearest courses to an unknown one', () => {
    const courses = ['Tally Prime', 'Data Science', 'Full Stack Development', 'Digital Marketing'];
    expect(nearestNames('Tally', courses, 1)).toEqual(['Tally Prime']);
    expect(unknownCourseMessage('Data Scince', courses)).toMatch(/^No course has this name: nearest Data Science, /);
  });

  it('wants a dot in an email’s domain', () => {
    const valid = enrollmentFieldsSchema.safeParse({ email: 'vishal.raut@gmail' });
    expect(valid.success).toBe(false);
    expect(firstError(enrollmentFieldsSchema, { email: 'vishal.raut@gmail' }, 'email')).toBe(MESSAGES.emailNeedsDot);
    expect(firstError(enrollmentFieldsSchema, { email: 'vishal.raut@gmail.com' }, 'email')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { PAYMENT_MODES, WORKING_STATUS_OPTIONS } from '../src/constants';
import { enrollmentFieldsSchema, localIsoDate, missingEnrollmentFiles } from '../src/enrollment';
import { MESSAGES } from '../src/messages';
import { firstError } from './schema-errors';

const valid = {
  name: 'Asha Verma',
  currentAddress: '12 MG Road, Pune',
  permanentAddress: '4 Civil Lines, Nagpur',
  phoneNumber: '9876543210',
  email: 'asha@example.in',
  courseId: '0b9f4a4e-2f59-4c0a-9a55-2d1f7b1d3c11',
  currentlyWorking: 'college',
  currentlyWorkingPlace: 'COEP',
  paymentMethod: 'installment',
  emiPrice: '[5000,5000]',
};
const dayOffset = (days: number) => {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return localIsoDate(d);
};

describe('enrolment schema', () => {
  it('accepts a complete enrolment and parses emiPrice JSON', () => {
    expect(enrollmentFieldsSchema.parse(valid).emiPrice).toEqual([5000, 5000]);
  });
  it('name is 1 to 50 characters', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, name: '' }, 'name')).toBe(
      'Name must be at least 1 character',
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, name: 'x'.repeat(51) }, 'name')).toBe(
      'Name must be at most 50 characters',
    );
    expect(enrollmentFieldsSchema.safeParse({ ...valid, name: 'x'.repeat(50) }).success).toBe(true);
  });
  it('addresses are 1 to 500 characters', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, currentAddress: '' }, 'currentAddress')).toBe(
      MESSAGES.currentAddressMin,
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, currentAddress: 'x'.repeat(501) }, 'currentAddress')).toBe(
      MESSAGES.currentAddressMax,
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, permanentAddress: '' }, 'permanentAddress')).toBe(
      MESSAGES.permanentAddressMin,
    );
    expect(
      firstError(enrollmentFieldsSchema, { ...valid, permanentAddress: 'x'.repeat(501) }, 'permanentAddress'),
    ).toBe(MESSAGES.permanentAddressMax);
  });
  it('phone and email follow the shared rules', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, phoneNumber: '0123456789' }, 'phoneNumber')).toBe(
      MESSAGES.phoneRule,
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, email: 'a@b' }, 'email')).toBe(MESSAGES.emailNeedsDot);
  });
  it('alternative phone is optional but follows the phone rule when given', () => {
    expect(
      enrollmentFieldsSchema.parse({ ...valid, alterNativePhoneNumber: '' }).alterNativePhoneNumber,
    ).toBeUndefined();
    expect(
      firstError(enrollmentFieldsSchema, { ...valid, alterNativePhoneNumber: '0123456789' }, 'alterNativePhoneNumber'),
    ).toBe(MESSAGES.phoneRule);
  });
  it('currently working is required and one of the options', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, currentlyWorking: '' }, 'currentlyWorking')).toBe(
      'Currently working is required',
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, currentlyWorking: 'retired' }, 'currentlyWorking')).toBe(
      'Invalid currently working value',
    );
    for (const currentlyWorking of WORKING_STATUS_OPTIONS) {
      expect(enrollmentFieldsSchema.safeParse({ ...valid, currentlyWorking }).success).toBe(true);
    }
  });
  it('currently working place is required', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, currentlyWorkingPlace: '' }, 'currentlyWorkingPlace')).toBe(
      'Currently working place is required',
    );
  });
  it('payment method is required and one of the options', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, paymentMethod: undefined }, 'paymentMethod')).toBe(
      'Payment method is required',
    );
    expect(firstError(enrollmentFieldsSchema, { ...valid, paymentMethod: 'emi' }, 'paymentMethod')).toBe(
      'Invalid payment method',
    );
  });
  it('payment mode is optional, one of the options when given', () => {
    expect(enrollmentFieldsSchema.safeParse({ ...valid, paymentMode: '' }).success).toBe(true);
    for (const paymentMode of PAYMENT_MODES) {
      expect(enrollmentFieldsSchema.safeParse({ ...valid, paymentMode }).success).toBe(true);
    }
    expect(firstError(enrollmentFieldsSchema, { ...valid, paymentMode: 'bitcoin' }, 'paymentMode')).toBe(
      MESSAGES.paymentModeInvalid,
    );
  });
  it('course id is required', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, courseId: '' }, 'courseId')).toBe('Course ID is required');
  });
  it('joining date cannot be earlier than today', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, startDate: dayOffset(-1) }, 'startDate')).toBe(
      MESSAGES.joiningDateInPast,
    );
    expect(enrollmentFieldsSchema.safeParse({ ...valid, startDate: dayOffset(0) }).success).toBe(true);
    expect(enrollmentFieldsSchema.safeParse({ ...valid, startDate: '' }).success).toBe(true);
  });
  it('semester only for college or university, designation only for company', () => {
    const college = enrollmentFieldsSchema.parse({ ...valid, currentSem: '5', designation: 'Intern' });
    expect(college).toMatchObject({ currentSem: '5', designation: undefined });
    const company = enrollmentFieldsSchema.parse({
      ...valid,
      currentlyWorking: 'company',
      currentSem: '5',
      designation: 'Analyst',
    });
    expect(company).toMatchObject({ currentSem: undefined, designation: 'Analyst' });
  });
  it('rejects installment amounts that are not positive numbers', () => {
    expect(firstError(enrollmentFieldsSchema, { ...valid, emiPrice: '[0]' }, 'emiPrice.0')).toBe(
      MESSAGES.emiPriceInvalid,
    );
    expect(enrollmentFieldsSchema.safeParse({ ...valid, emiPrice: 'not json' }).success).toBe(false);
  });
  it('names the required files that are missing', () => {
    expect(missingEnrollmentFiles(new Set(['profilePicture']))).toEqual([
      { path: 'aadharFront', message: 'Please enter aadhar card front image' },
      { path: 'aadharBack', message: 'Please enter aadhar card back image' },
    ]);
    expect(missingEnrollmentFiles(new Set(['aadharFront', 'aadharBack']))).toEqual([
      { path: 'profilePicture', message: 'Please enter profile picture' },
    ]);
  });
});

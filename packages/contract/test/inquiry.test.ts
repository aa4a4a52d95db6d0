import { describe, expect, it } from 'vitest';
import { REFERENCE_OPTIONS } from '../src/constants';
import { inquirySchema } from '../src/inquiry';
import { MESSAGES } from '../src/messages';
import { firstError } from './schema-errors';

const valid = {
  name: 'Asha Verma',
  address: '12 MG Road, Pune',
  email: 'asha@example.in',
  phoneNumber: '9876543210',
  areaOfInterest: ['Full Stack Development'],
  reference: 'website',
};

describe('inquiry schema', () => {
  it('accepts a complete inquiry and drops blank optional fields', () => {
    const parsed = inquirySchema.parse({ ...valid, friendName: '', currentlyWorkingAs: '' });
    expect(parsed.friendName).toBeUndefined();
    expect(parsed.currentlyWorkingAs).toBeUndefined();
  });
  it('requires the name', () => {
    expect(firstError(inquirySchema, { ...valid, name: ' ' }, 'name')).toBe('Name is required');
  });
  it('requires the address', () => {
    expect(firstError(inquirySchema, { ...valid, address: '' }, 'address')).toBe('Address is required');
  });
  it('checks the email: required, shape, dot', () => {
    expect(firstError(inquirySchema, { ...valid, email: '' }, 'email')).toBe(MESSAGES.emailRequired);
    expect(firstError(inquirySchema, { ...valid, email: 'asha' }, 'email')).toBe(MESSAGES.emailIncorrect);
    expect(firstError(inquirySchema, { ...valid, email: 'a@b' }, 'email')).toBe('Please enter a valid email');
  });
  it.each(['0123456789', '987654321', '98765432100', '98765abcde'])('rejects phone %s', (phoneNumber) => {
    expect(firstError(inquirySchema, { ...valid, phoneNumber }, 'phoneNumber')).toBe(
      'Phone number must be exactly 10 digits and should not start with zero',
    );
  });
  it('requires the phone', () => {
    expect(firstError(inquirySchema, { ...valid, phoneNumber: '' }, 'phoneNumber')).toBe('Phone number is required');
  });
  it('requires at least one area of interest', () => {
    expect(firstError(inquirySchema, { ...valid, areaOfInterest: [] }, 'areaOfInterest')).toBe(
      'Area of interest is required',
    );
    expect(firstError(inquirySchema, { ...valid, areaOfInterest: undefined }, 'areaOfInterest')).toBe(
      MESSAGES.areaOfInterestRequired,
    );
  });
  it('requires a reference from the list', () => {
    expect(firstError(inquirySchema, { ...valid, reference: '' }, 'reference')).toBe('Reference is required');
    expect(firstError(inquirySchema, { ...valid, reference: 'tv' }, 'reference')).toBe(MESSAGES.referenceInvalid);
    for (const reference of REFERENCE_OPTIONS) {
      expect(inquirySchema.safeParse({ ...valid, reference }).success).toBe(true);
    }
  });
  it('keeps the optional friend and work fields when given', () => {
    const parsed = inquirySchema.parse({
      ...valid,
      reference: 'friend',
      friendName: 'Ravi',
      friendWorkingArea: 'Infosys',
      currentlyWorkingAs: 'company',
      currentlyAt: 'TCS',
    });
    expect(parsed).toMatchObject({ friendName: 'Ravi', friendWorkingArea: 'Infosys', currentlyAt: 'TCS' });
  });
});

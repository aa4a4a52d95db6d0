/** The public inquiry form. */
import { z } from 'zod';
import { INQUIRY_WORKING_AS_OPTIONS, REFERENCE_OPTIONS } from './constants';
import { emailField, emptyAsUndefined, optionalText, phoneField, requiredString, languageField } from './fields';
import { MESSAGES } from './messages';

export const inquirySchema = z.object({
  name: requiredString(MESSAGES.nameRequired).max(100),
  address: requiredString(MESSAGES.addressRequired).max(500),
  email: emailField(),
  phoneNumber: phoneField(),
  currentlyWorkingAs: z.preprocess(
    emptyAsUndefined,
    z.enum(INQUIRY_WORKING_AS_OPTIONS, { error: MESSAGES.currentlyWorkingAsInvalid }).optional(),
  ),
  currentlyAt: optionalText(200),
  areaOfInterest: z
    .array(z.string().trim().min(1).max(100), { error: MESSAGES.areaOfInterestRequired })
    .min(1, { error: MESSAGES.areaOfInterestRequired })
    .max(50),
  reference: z.enum(REFERENCE_OPTIONS, {
    error: (issue) =>
      issue.input === undefined || issue.input === '' ? MESSAGES.referenceRequired : MESSAGES.referenceInvalid,
  }),
  friendName: optionalText(100),
  friendWorkingArea: optionalText(200),
  courseId: z.preprocess(emptyAsUndefined, z.string().max(100).optional()),
  /** The language the visitor filled the form in; mails to them use it. */
  language: languageField,
});
export type InquiryInput = z.input<typeof inquirySchema>;
export type Inquiry = z.output<typeof inquirySchema>;

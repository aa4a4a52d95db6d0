/** Types shared by the parts of the enrolment form (no code: nothing here reaches the bundle). */
import type { EnrollmentFields, EnrollmentFieldsInput } from '@registrar/contract/enrollment';
import type { useOnTouchedForm } from './use-on-touched-form';

/**
 * The enrolment's text fields as the form holds them: strings, '' for nothing (the terms version is
 * not typed in, the language is the page's, and the messages choice a checkbox, sent with the form).
 */
export type TextName = Exclude<
  keyof EnrollmentFieldsInput,
  'emiPrice' | 'termsVersion' | 'language' | 'messagesConsent'
>;
export type Values = Record<TextName, string>;

/** The files of the public form; `authoritySign` is the staff's. */
export type UploadName = 'profilePicture' | 'aadharFront' | 'aadharBack' | 'pancard' | 'candidateSign';
export type Files = Partial<Record<UploadName, File>>;

export type EnrollmentForm = ReturnType<typeof useOnTouchedForm<Values, EnrollmentFields>>;

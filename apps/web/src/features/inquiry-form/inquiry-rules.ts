/**
 * What the inquiry form takes from the contract once the visitor starts: the schema that judges the
 * fields and the honeypot's name. Building the contract's zod schemas is the
 * costliest part of the form's code on a phone, and none of it is needed to show the form, so this
 * module (and zod with it) loads when the visitor starts on the form (use-inquiry-rules.ts).
 */
export { inquirySchema } from '@registrar/contract/inquiry';
export { INQUIRY_HONEYPOT_FIELD } from '@registrar/contract/inquiry-admin';

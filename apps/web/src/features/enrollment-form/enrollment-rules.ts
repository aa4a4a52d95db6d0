/**
 * What the enrolment form takes from the contract once the visitor starts: the schema of its fields
 * and the rule for the required files. Building the contract's zod schemas is the costliest part
 * of the form's start on a phone, and none of it is needed to show the form, so this module (and
 * zod with it) loads on the visitor's first move (shared/lib/first-move.ts).
 */
export { enrollmentFieldsSchema, missingEnrollmentFiles } from '@registrar/contract/enrollment';

/**
 * What the enrolment form takes from the contract after its first render: the schema of its fields
 * and the rule for the required files. Building the contract's zod schemas is the costliest part
 * of the form's start on a phone, and none of it is needed to show the form, so this module (and
 * zod with it) loads once the form is on screen.
 */
export { enrollmentFieldsSchema, missingEnrollmentFiles } from '@registrar/contract/enrollment';

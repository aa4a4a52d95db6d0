/** What only a submit needs, loaded when the visitor submits: the upload and the thank-you modal. */
export { submitEnrollment, type EnrollmentCreated } from './submit-enrollment';
export { ThankYouModal } from './thank-you-modal';

/**
 * Every user-facing validation and error message of the product, verbatim as the product defines
 * them (tests import them from here), trimmed of stray spaces (' Please enter a valid email' had one).
 * Server and browser import these; tests assert against these constants, never against copies.
 */
export const MESSAGES = {
  // Login
  loginEmailRequired: 'Please Enter Email',
  loginPasswordRequired: 'Please Enter Password',
  emailNeedsDot: 'Please enter a valid email',

  // Forgot password / inquiry / enrolment email
  emailIncorrect: 'The email you have entered is incorrect',
  emailRequired: 'Please enter registered email',
  emailTooLong: 'Email must be at most 60 characters',

  // Reset password
  newPasswordRequired: 'Please enter new password',
  passwordRule: 'Password must be at least 8 characters it needs to have uppercase and lowercase letters',
  passwordsDoNotMatch: 'The new passwords do not match',
  confirmPasswordRequired: 'Please enter confirm password',
  resetTokenRequired: 'Reset link is invalid or has expired',

  // Inquiry
  nameRequired: 'Name is required',
  addressRequired: 'Address is required',
  phoneRule: 'Phone number must be exactly 10 digits and should not start with zero',
  phoneRequired: 'Phone number is required',
  areaOfInterestRequired: 'Area of interest is required',
  referenceRequired: 'Reference is required',
  referenceInvalid: 'Invalid reference value',
  currentlyWorkingAsInvalid: 'Invalid currently working as value',

  // Enrolment
  nameMin: 'Name must be at least 1 character',
  nameMax: 'Name must be at most 50 characters',
  currentAddressMin: 'Current address must be at least 1 character',
  currentAddressMax: 'Current address must be at most 500 characters',
  permanentAddressMin: 'Permanent address must be at least 1 character',
  permanentAddressMax: 'Permanent address must be at most 500 characters',
  profilePictureRequired: 'Please enter profile picture',
  aadharFrontRequired: 'Please enter aadhar card front image',
  aadharBackRequired: 'Please enter aadhar card back image',
  currentlyWorkingInvalid: 'Invalid currently working value',
  currentlyWorkingRequired: 'Currently working is required',
  currentlyWorkingPlaceRequired: 'Currently working place is required',
  paymentMethodInvalid: 'Invalid payment method',
  paymentMethodRequired: 'Payment method is required',
  paymentModeInvalid: 'Invalid payment mode',
  courseIdRequired: 'Course ID is required',
  joiningDateInPast: 'Joining date cannot be earlier than today',
  dateInvalid: 'Please enter a valid date',
  endDateBeforeStart: 'End date cannot be earlier than the joining date',
  emiPriceInvalid: 'Installment amounts are invalid',

  // Error catalogue
  somethingWentWrong: 'Something went wrong',
  networkError: 'Network error',
  loadingChunkFailed: 'Loading chunk failed',
  loadingCssChunkFailed: 'Loading CSS chunk failed',
  unexpectedApplicationError: 'Unexpected Application Error!',

  // Reset success view
  passwordResetDone: 'Your password has been successfully reset.',

  // Generic API messages
  validationFailed: 'Please correct the highlighted fields',
  notFound: 'Not found',
  routeNotFound: 'This API path does not exist',
  unauthorized: 'Please sign in to continue',
  tooManyRequests: 'Too many attempts, please try again later',
  databaseUnavailable: 'The service is temporarily unavailable, please try again shortly',
  payloadTooLarge: 'The upload is too large',
  alreadyExists: 'This record already exists',
  urlInvalid: 'This address is not valid',
  urlTooLong: 'This address is too long',
  valueNotStorable: 'A value in the request cannot be stored (check for unusual characters or numbers)',
  headersTooLarge: 'The request is too large (address or headers)',
  requestTimeout: 'The request took too long to arrive',
  requestMalformed: 'The request could not be read',
} as const;

export type MessageKey = keyof typeof MESSAGES;

// The messages of inquiries, enrolments and the student's page live here, beside the generic ones and
// free of zod, because the public screens look up what the server said in them before their schemas load.

/** Inquiries: the public form's answers and the staff's. */
export const INQUIRY_MESSAGES = {
  received: 'Thank you! Your inquiry has been received.',
  tooManyFromConnection: 'Too many inquiries from this connection, please try again later',
  updated: 'Inquiry updated',
  deleted: 'Inquiry deleted',
  statusChanged: 'Status updated',
  notFound: 'Inquiry not found',
  unknownAreaOfInterest: 'Please choose areas of interest from the list',
  transitionNotAllowed: 'This status change is not allowed',
} as const;

/** Enrolments: the public form's answers (uploads, consent, limits) and the staff's. */
export const ENROLLMENT_MESSAGES = {
  received: 'Thank you! Your enrolment has been received.',
  tooManyFromConnection: 'Too many enrolments from this connection, please try again later',
  alreadyEnrolled: 'You have already enrolled in this course',
  courseUnavailable: 'This course is not open for enrolment',
  amountsDisagree: 'The installment amounts do not match the course; please reload the page',
  fileTooLarge: 'The file is too large',
  fileTypeNotAllowed: 'Please upload a jpg, jpeg, png, gif, svg or pdf file',
  tooManyParts: 'The upload has too many parts',
  /** Followed by `: <field name>`; a field the form does not have. */
  unexpectedField: 'This field is not part of the form',
  staffOnlyFile: 'The authority signature is added by the institute, not on this form',
  notMultipart: 'Send the form as multipart/form-data',
  malformedMultipart: 'The form could not be read; please send it again',
  updated: 'Enrolment updated',
  deleted: 'Enrolment deleted',
  hasPayments: 'This enrolment has payments; cancel it instead',
  statusChanged: 'Status updated',
  notFound: 'Enrolment not found',
  transitionNotAllowed: 'This status change is not allowed',
  documentNotFound: 'Document not found',
  documentIntegrity: 'This document failed its integrity check and was not shown',
  termsChanged:
    'The terms and conditions have changed since this page was opened. Please reload the page, read them and submit again.',
} as const;

/** The student's own page: its link, requests and receipts. */
export const STUDENT_PAGE_MESSAGES = {
  linkRequested: 'If this email belongs to an enrolment, a link to its page is on its way. It works for 30 days.',
  linkSent: 'A new link was sent to the student; the older links no longer work',
  linkNotFound: 'This link does not work: it may have expired or been replaced by a newer one',
  receiptNotFound: 'Receipt not found',
  requestRecorded: 'Your request was recorded; the institute will write to you',
  requestAlreadyOpen: 'You have already asked for this; the institute will write to you',
  requestNotFound: 'Request not found',
  requestDone: 'Request marked as handled',
} as const;

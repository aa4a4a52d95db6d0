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
  unauthorized: 'Please log in to continue',
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
  bodyNotObject: 'The request body must be a JSON object',
  contentTypeNotAccepted: 'This kind of request body is not accepted here',
  unexpectedField: 'This field is not part of the form',
} as const;

export type MessageKey = keyof typeof MESSAGES;

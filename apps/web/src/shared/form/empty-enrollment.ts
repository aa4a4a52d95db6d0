/** An enrolment form with nothing typed in yet; each form sets its own defaults on top. */
import type { Values } from './enrollment-types';

export const EMPTY_ENROLLMENT: Values = {
  name: '',
  email: '',
  phoneNumber: '',
  alterNativePhoneNumber: '',
  currentAddress: '',
  permanentAddress: '',
  startDate: '',
  endDate: '',
  courseId: '',
  currentlyWorking: '',
  currentlyWorkingPlace: '',
  currentSem: '',
  designation: '',
  paymentMode: '',
  paymentMethod: '',
  state: '',
  gstin: '',
};

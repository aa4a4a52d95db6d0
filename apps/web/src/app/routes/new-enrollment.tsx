/** The front desk's enrolment form, filled from the inquiry named by `?inquiry=` (inquiries feature). */
import { useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useGetInquiryQuery } from '../../features/inquiries/api/inquiries-api';
import { NewEnrollmentScreen, type EnrollmentPrefill } from '../../features/enrollments/new/new-enrollment-screen';
import { ENROLLMENTS_PATH, INQUIRIES_PATH } from '../../shared/lib/paths';

export function NewEnrollmentRoute() {
  const [params] = useSearchParams();
  const inquiryId = params.get('inquiry') ?? '';
  const { data: inquiry, isLoading, isError } = useGetInquiryQuery(inquiryId, { skip: !inquiryId });
  if (!inquiryId) return <NewEnrollmentScreen backTo={ENROLLMENTS_PATH} />;
  if (isLoading) return <Skeleton variant="rounded" height={480} aria-label="Loading the inquiry" />;
  if (isError || !inquiry)
    return <Alert severity="error">The inquiry could not be loaded: go back to it and choose Enrol again.</Alert>;
  const prefill: EnrollmentPrefill = {
    inquiryId: inquiry._id,
    inquiryName: inquiry.name,
    values: {
      name: inquiry.name,
      email: inquiry.email,
      phoneNumber: inquiry.phoneNumber,
      currentAddress: inquiry.address,
      permanentAddress: inquiry.address,
      // Only a course the inquiry named is chosen for the counsellor; otherwise they choose.
      courseId: inquiry.courseId ?? '',
      currentlyWorking: inquiry.currentlyWorkingAs ?? '',
      ...(inquiry.currentlyAt ? { currentlyWorkingPlace: inquiry.currentlyAt } : {}),
    },
  };
  return <NewEnrollmentScreen key={inquiry._id} prefill={prefill} backTo={`${INQUIRIES_PATH}/${inquiry._id}`} />;
}

/** The enrolments list with the bulk announcement dialog of the announcements feature. */
import { BulkAnnouncementDialog } from '../../features/announcements/bulk-announcement-dialog';
import { EnrollmentsScreen, type EnrollmentsScreenParts } from '../../features/enrollments/enrollments-screen';

const parts: EnrollmentsScreenParts = { BulkAnnouncementDialog };

export function EnrollmentsRoute() {
  return <EnrollmentsScreen parts={parts} />;
}

/** One enrolment with its announcements, audit trail, data export and erasure from their own features. */
import { AnnouncementsPanel } from '../../features/announcements/announcements-panel';
import { RecordHistory } from '../../features/audit/record-history';
import {
  EnrollmentDetailScreen,
  type EnrollmentDetailParts,
} from '../../features/enrollments/enrollment-detail-screen';
import { ErasureDialog } from '../../features/privacy/erasure-dialog';
import { dataExportHref } from '../../features/privacy/api/privacy-api';

const parts: EnrollmentDetailParts = { AnnouncementsPanel, RecordHistory, ErasureDialog, dataExportHref };

export function EnrollmentDetailRoute() {
  return <EnrollmentDetailScreen parts={parts} />;
}

/** One inquiry with the audit trail of the audit feature. */
import { RecordHistory } from '../../features/audit/record-history';
import { InquiryDetailScreen, type InquiryDetailParts } from '../../features/inquiries/inquiry-detail-screen';

const parts: InquiryDetailParts = { RecordHistory };

export function InquiryDetailRoute() {
  return <InquiryDetailScreen parts={parts} />;
}

/** One inquiry with the audit trail of the audit feature and the follow-ups of the follow-ups feature. */
import { RecordHistory } from '../../features/audit/record-history';
import { FollowUpPanel } from '../../features/follow-ups/follow-up-panel';
import { InquiryDetailScreen, type InquiryDetailParts } from '../../features/inquiries/inquiry-detail-screen';
import { usePermissions } from '../../shared/session/permissions';
import { useSessionUserId } from '../session-user';

export function InquiryDetailRoute() {
  const allowed = usePermissions();
  const selfId = useSessionUserId();
  const parts: InquiryDetailParts = {
    RecordHistory,
    extra: (inquiry) => (
      <FollowUpPanel
        inquiry={inquiry}
        canFollowUp={allowed('inquiries.followups')}
        canAssign={allowed('inquiries.assign')}
        canContact={allowed('people.contact')}
        selfId={selfId}
      />
    ),
  };
  return <InquiryDetailScreen parts={parts} />;
}

/** How the enrolment's terms were accepted, in the words the record shows: where, by whom, which version, when. */
import type { EnrollmentDetail } from '@registrar/contract/enrollment-admin';
import { formatDateTime } from '../../shared/lib/format-date';

type Consent = Pick<EnrollmentDetail, 'termsVersion' | 'consentedAt' | 'consentVia' | 'consentBy' | 'termsLinkSentAt'>;

export function termsConsentText(e: Consent): string {
  if (!e.consentedAt) {
    if (e.termsLinkSentAt) return `Not yet — link sent ${formatDateTime(e.termsLinkSentAt)}`;
    return e.termsVersion ? `Version ${e.termsVersion}` : 'Not recorded (enrolled before acceptance was recorded)';
  }
  const version = e.termsVersion ? `version ${e.termsVersion}` : 'no terms were published';
  const when = formatDateTime(e.consentedAt);
  if (e.consentVia === 'desk') return `At the desk by ${e.consentBy ?? 'a former staff member'}, ${version}, ${when}`;
  if (e.consentVia === 'page') return `On their page, ${version}, ${when}`;
  if (e.consentVia === 'form') return `On the enrolment form, ${version}, ${when}`;
  return `${version.charAt(0).toUpperCase()}${version.slice(1)}, ${when}`;
}

import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../shared/lib/format-date';
import { termsConsentText } from './terms-consent';

const AT = '2026-11-28T09:30:00.000Z';
const none = { termsVersion: null, consentedAt: null, consentVia: null, consentBy: null, termsLinkSentAt: null };

describe('the record says how the terms were accepted', () => {
  it('names the staff member and the version for acceptance at the desk', () => {
    expect(
      termsConsentText({ ...none, termsVersion: 3, consentedAt: AT, consentVia: 'desk', consentBy: 'Priya Nair' }),
    ).toBe(`At the desk by Priya Nair, version 3, ${formatDateTime(AT)}`);
  });

  it('says the student accepted on their page, or that the link is still out', () => {
    expect(termsConsentText({ ...none, termsVersion: 3, consentedAt: AT, consentVia: 'page' })).toBe(
      `On their page, version 3, ${formatDateTime(AT)}`,
    );
    expect(termsConsentText({ ...none, termsLinkSentAt: AT })).toBe(`Not yet — link sent ${formatDateTime(AT)}`);
  });

  it('explains an enrolment from before acceptance was recorded instead of leaving it blank', () => {
    expect(termsConsentText(none)).toBe('Not recorded (enrolled before acceptance was recorded)');
  });
});

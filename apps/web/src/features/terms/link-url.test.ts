import { describe, expect, it } from 'vitest';
import { LINK_MESSAGES, checkLinkUrl, isAllowedLink } from './link-url';

describe('checkLinkUrl (the terms link prompt)', () => {
  it('accepts web, email and phone links and completes bare addresses', () => {
    expect(checkLinkUrl(' https://example.com/fees?x=1 ')).toEqual({ ok: true, href: 'https://example.com/fees?x=1' });
    expect(checkLinkUrl('http://example.com')).toEqual({ ok: true, href: 'http://example.com' });
    expect(checkLinkUrl('example.com/refunds')).toEqual({ ok: true, href: 'https://example.com/refunds' });
    expect(checkLinkUrl('office@example.com')).toEqual({ ok: true, href: 'mailto:office@example.com' });
    expect(checkLinkUrl('mailto:office@example.com')).toEqual({ ok: true, href: 'mailto:office@example.com' });
    expect(checkLinkUrl('tel:+91 98765 43210')).toEqual({ ok: true, href: 'tel:+91 98765 43210' });
    expect(checkLinkUrl('/student-enrollment')).toEqual({ ok: true, href: '/student-enrollment' });
    expect(checkLinkUrl('#fees')).toEqual({ ok: true, href: '#fees' });
  });

  it('refuses javascript:, data: and other schemes however they are written', () => {
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'java\nscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox(1)',
      'file:///etc/passwd',
    ]) {
      expect(checkLinkUrl(url), url).toEqual({ ok: false, message: LINK_MESSAGES.scheme });
      expect(isAllowedLink(url), url).toBe(false);
    }
  });

  it('says what is wrong with an empty or meaningless address', () => {
    expect(checkLinkUrl('  ')).toEqual({ ok: false, message: LINK_MESSAGES.required });
    expect(checkLinkUrl('not a link')).toEqual({ ok: false, message: LINK_MESSAGES.invalid });
    expect(checkLinkUrl('https://')).toEqual({ ok: false, message: LINK_MESSAGES.invalid });
    expect(checkLinkUrl('mailto:nobody')).toEqual({ ok: false, message: LINK_MESSAGES.invalid });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { SanitizedHtml, sanitizeTermsHtml } from './sanitized-html';

afterEach(cleanup);

/** Parses the output and lists anything that could run code. */
function executable(html: string): string[] {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const found: string[] = [];
  for (const el of Array.from(doc.body.querySelectorAll('*'))) {
    const tag = el.tagName.toLowerCase();
    if (['script', 'style', 'iframe', 'object', 'embed', 'svg', 'math', 'img', 'form', 'base', 'meta'].includes(tag))
      found.push(`<${tag}>`);
    for (const attr of Array.from(el.attributes)) {
      if (attr.name.startsWith('on')) found.push(`${tag}[${attr.name}]`);
      if (['href', 'src', 'xlink:href', 'action', 'formaction'].includes(attr.name)) {
        const value = attr.value.replace(/[\s\p{Cc}]/gu, '').toLowerCase();
        if (!/^(https?:|mailto:|tel:|\/|#)/.test(value)) found.push(`${tag}[${attr.name}=${attr.value}]`);
      }
      if (attr.name === 'style') found.push(`${tag}[style]`);
    }
  }
  return found;
}

const PAYLOADS = [
  '<script>alert(1)</script>',
  '<p>ok<script src="https://evil.test/x.js"></script></p>',
  '<img src=x onerror=alert(1)>',
  '<p onclick="alert(1)">click</p>',
  '<a href="https://example.com" onmouseover="alert(1)">hover</a>',
  '<a href="javascript:alert(1)">js</a>',
  '<a href="JaVaScRiPt:alert(1)">mixed case</a>',
  '<a href="java&#x09;script:alert(1)">tab</a>',
  '<a href="  javascript:alert(1)">spaces</a>',
  '<a href="&#106;avascript:alert(1)">entity</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data</a>',
  '<a href="vbscript:msgbox(1)">vb</a>',
  '<svg onload=alert(1)><circle r=1 /></svg>',
  '<svg><script>alert(1)</script></svg>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<object data="x.swf"></object><embed src="x.swf">',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<form action="javascript:alert(1)"><button formaction="javascript:alert(1)">go</button></form>',
  '<p style="background:url(javascript:alert(1))">styled</p>',
  '<base href="javascript:alert(1)//">',
  '<details open ontoggle=alert(1)>',
  '<a href="https://ok.test"><img src=x onerror=alert(1)></a>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<<script>script>alert(1)<</script>/script>',
  '<h2 onfocus=alert(1) tabindex=0 autofocus>heading</h2>',
];

describe('sanitizeTermsHtml (the browser-side pass)', () => {
  it('uses a checker that does see the danger in the raw payloads', () => {
    const flagged = PAYLOADS.filter((payload) => executable(payload).length > 0);
    expect(flagged.length).toBeGreaterThanOrEqual(PAYLOADS.length - 2);
  });

  it.each(PAYLOADS)('leaves nothing executable in %s', (payload) => {
    expect(executable(sanitizeTermsHtml(payload))).toEqual([]);
  });

  it('strips scripts but keeps the text around them', () => {
    expect(sanitizeTermsHtml('<p>Fees<script>alert(1)</script> are due</p>')).toBe('<p>Fees are due</p>');
  });

  it('strips event handlers and every attribute the allow-list does not name', () => {
    expect(sanitizeTermsHtml('<h2 onclick="x()" class="c" style="color:red" title="t" id="i">Refunds</h2>')).toBe(
      '<h2>Refunds</h2>',
    );
  });

  it('removes javascript: and data: links but keeps their text', () => {
    expect(sanitizeTermsHtml('<a href="javascript:alert(1)">Pay</a>')).toBe('<a>Pay</a>');
    expect(sanitizeTermsHtml('<a href="data:text/html,x">Pay</a>')).toBe('<a>Pay</a>');
  });

  it('keeps what the editor writes, and opens links in a new tab without an opener', () => {
    const html =
      '<h2>Fees</h2><h3>Refunds</h3><p><strong>Bold</strong> <em>italic</em> <u>underline</u></p>' +
      '<ul><li><p>one</p></li></ul><ol><li><p>two</p></li></ol>' +
      '<p><a href="https://example.com/terms" title="Terms">terms</a> <a href="mailto:office@example.com">mail</a> <a href="tel:+919876543210">call</a></p>';
    const clean = sanitizeTermsHtml(html);
    const doc = new DOMParser().parseFromString(clean, 'text/html');
    expect(doc.querySelectorAll('h2, h3, strong, em, u, ul > li, ol > li').length).toBe(7);
    const links = Array.from(doc.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      'https://example.com/terms',
      'mailto:office@example.com',
      'tel:+919876543210',
    ]);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(links[0]!.getAttribute('title')).toBe('Terms');
  });

  it('replaces a target or rel the author set', () => {
    expect(sanitizeTermsHtml('<a href="https://x.test" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });
});

describe('<SanitizedHtml>', () => {
  it('renders the cleaned HTML only', () => {
    const { container } = render(
      <SanitizedHtml
        className="terms"
        html={
          '<h2>Terms</h2><img src=x onerror="window.__xss=1"><a href="javascript:alert(1)">x</a><script>window.__xss=1</script>'
        }
      />,
    );
    const root = container.firstElementChild!;
    expect(root.className).toBe('terms');
    expect(root.querySelector('h2')?.textContent).toBe('Terms');
    expect(root.querySelector('script, img')).toBeNull();
    expect(root.querySelector('a')?.hasAttribute('href')).toBe(false);
    expect((window as { __xss?: number }).__xss).toBeUndefined();
  });
});
